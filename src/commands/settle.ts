import type { RepliableInteraction } from 'discord.js'
import type { Outcome, TableUpdate } from '../tables/index.js'
import { renderRefusal } from '../render/refusals.js'
import { refusalText } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'

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
  // The table message and pings first: when the user reads the answer, the channel shows it too.
  await ctx.desk.showThenAnswer(result.value, () => answer(interaction, { content: done }))
  return !result.value.duplicate
}
