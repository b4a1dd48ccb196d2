import { MessageFlags, type RepliableInteraction } from 'discord.js'
import { forUpdate, type Payload } from '../render/payload.js'
import { TimelyAnswer } from './timely-answer.js'

/** The timely answer each interaction's handler started: `answer` sends through it. */
const started = new WeakMap<RepliableInteraction, TimelyAnswer>()

/**
 * Starts the member's private answer (TimelyAnswer): the reply itself when ready in time, else
 * deferred ("thinking") and edited in. `inPlace`: a control on a private view updates that view;
 * 'table-message': a control on a public message may update it (`settleOnTable`).
 * Started once per interaction: a later call returns the same answer (its `inPlace` unchanged).
 */
export function startAnswer(
  interaction: RepliableInteraction,
  inPlace: boolean | 'table-message' = false,
): TimelyAnswer {
  let answer = started.get(interaction)
  if (!answer) started.set(interaction, (answer = new TimelyAnswer(interaction, inPlace)))
  return answer
}

/**
 * Sends `payload` as the member's answer: through the started timely answer while it has not
 * answered yet, else into the deferred reply (private, unless the command deferred it publicly: a
 * shared board), else as a private follow-up (an answer was sent already: an error after it), else
 * as a new private reply.
 */
export async function answer(interaction: RepliableInteraction, payload: Payload): Promise<void> {
  const timely = started.get(interaction)
  if (timely && !interaction.replied) await timely.send(payload)
  else if (interaction.replied) await interaction.followUp({ ...payload, flags: MessageFlags.Ephemeral })
  else if (interaction.deferred) await interaction.editReply(forUpdate(payload))
  else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral })
}
