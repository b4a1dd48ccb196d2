import type { RepliableInteraction } from 'discord.js'
import type { Outcome, TableUpdate } from '../tables/index.js'
import { renderRefusal } from '../render/refusals.js'
import { refusalText } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import { noteCommitted } from './committed.js'
import type { Component } from './components/component.js'
import { onPrivateMessage } from './private-view.js'
import { waitAtMost } from '../lib/wait-at-most.js'

/** Shows a change made by the table service, or says why it was refused. True when it changed. */
export async function settle(
  ctx: BotContext,
  interaction: RepliableInteraction,
  result: Outcome<TableUpdate>,
  done: string,
): Promise<boolean> {
  if (!result.ok) {
    await answer(interaction, renderRefusal(refusalText(result.error, memberLang(interaction))))
    return false
  }
  noteCommitted(interaction, { content: done })
  // The table message and pings first: when the user reads the answer, the channel shows it too.
  await ctx.desk.showThenAnswer(result.value, () => answer(interaction, { content: done }))
  return !result.value.duplicate
}

/**
 * How a control starts its answer when it may change the table message it sits on: a control on a
 * public message may update it (`settleOnTable`); one on a private view answers as any other.
 */
export function startTableControl(interaction: Component): void {
  startAnswer(interaction, onPrivateMessage(interaction) ? false : 'table-message')
}

/**
 * How long (real ms) a control's answer waits for its table message to be drawn behind the table's
 * earlier deliveries: a busy machine's moment, not Discord's global budget at a busy time.
 */
const IN_PLACE_WAIT_MS = 5000

/**
 * `settle` for a control pressed on the table message (Start, Join, Rebuy): the change is drawn
 * into that message by the control's own interaction callback, then `done` is said privately, so
 * what it says ("press **Your hand**") is on the table message when it is read, however the
 * table's edits are paced. Elsewhere (a private view, a result ping), or refused, as `settle`.
 */
export async function settleOnTable(
  ctx: BotContext,
  interaction: Component,
  result: Outcome<TableUpdate>,
  done: string,
): Promise<boolean> {
  const onView: boolean = onPrivateMessage(interaction)
  if (!result.ok || onView || result.value.table.messageId !== interaction.message.id)
    return settle(ctx, interaction, result, done)
  noteCommitted(interaction, { content: done })
  const timely = startAnswer(interaction, 'table-message')
  const message = { id: interaction.message.id, files: interaction.message.attachments.map((a) => a.name) }
  const showing = ctx.desk.showInPlace(result.value, message, (payload) => timely.update(payload))
  // Behind its table's earlier deliveries (which wait for Discord's global budget on a busy bot)
  // the update may come long after: the answer waits for it a while only (deferred meanwhile, as
  // any slow answer), then goes; the message is updated through the interaction's token when its
  // turn comes.
  if (showing.placesPromptly) await showing.placed
  else await waitAtMost(showing.placed, IN_PLACE_WAIT_MS)
  await ctx.desk.answerWhenShown(showing, () => answer(interaction, { content: done }))
  return !result.value.duplicate
}

/**
 * A change asked for by a command or by a control (Add AI, Leave share their bodies with
 * `/table add-ai` and `/table leave`): a control on the table message updates it in its own
 * callback (`settleOnTable`), a command answers as `settle` does.
 */
export function settleEither(
  ctx: BotContext,
  interaction: RepliableInteraction,
  result: Outcome<TableUpdate>,
  done: string,
): Promise<boolean> {
  return interaction.isButton() || interaction.isStringSelectMenu()
    ? settleOnTable(ctx, interaction, result, done)
    : settle(ctx, interaction, result, done)
}
