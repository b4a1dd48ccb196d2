import { REFUSALS } from '../messages/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import type { Component } from './components/component.js'
import { handView } from './hand-view.js'

/**
 * A click asking for what already happened (Join when seated, Next game once it is dealt) is
 * answered with the user's current view under a note, not refused.
 */
export async function answerAlreadyDone(
  ctx: BotContext,
  interaction: Component,
  tableId: string,
  note: string,
): Promise<void> {
  const table = await ctx.tables.get(tableId)
  if (!table) return answer(interaction, REFUSALS.tableGone(memberLang(interaction)))
  const view = await handView(ctx, table, interaction.user.id, memberLang(interaction))
  await answer(interaction, { ...view, content: view.content ? `${note}\n${view.content}` : note })
}
