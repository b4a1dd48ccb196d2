import { MessageFlags } from 'discord.js'
import { forUpdate, type Payload } from '../render/payload.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import type { Component } from './components/component.js'
import { handView } from './hand-view.js'
import { inPlace } from './private-view.js'

/** A refused move: the refusal privately, and a private view redrawn to the current state. */
export async function refuseMove(
  ctx: BotContext,
  interaction: Component,
  onPrivateView: boolean,
  tableId: string,
  refusal: Payload,
): Promise<void> {
  if (!onPrivateView) return answer(interaction, refusal)
  // The refusal as a note of its own (a follow-up, which needs the acknowledgement first), and the
  // view redrawn under it.
  await startAnswer(interaction).defer()
  await interaction.followUp({ ...refusal, flags: MessageFlags.Ephemeral })
  const table = await ctx.tables.get(tableId)
  if (table)
    await interaction.editReply(
      forUpdate(inPlace(interaction, await handView(ctx, table, interaction.user.id, memberLang(interaction)))),
    )
}
