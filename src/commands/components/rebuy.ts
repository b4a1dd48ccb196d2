import { memberLang } from '../../discord/lang.js'
import { settleOnTable, startTableControl } from '../settle.js'
import type { ComponentHandlers } from './component.js'

/** The Rebuy button: a cash-table player tops their stack up from their balance, up to the buy-in. */
export const rebuy: ComponentHandlers['rebuy'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  const result = await ctx.tables.rebuy(tableId, interaction.user.id, { interactionId: interaction.id })
  const stack = result.ok ? (result.value.table.seats.find((s) => s.userId === interaction.user.id)?.stack ?? 0) : 0
  const practice = result.ok && result.value.tableEvents.some((e) => e.type === 'rebuy' && e.practice)
  const done = memberLang(interaction).t(practice ? 'commands:replies.rebuyPractice' : 'commands:replies.rebuy', {
    chips: stack,
  })
  if (await settleOnTable(ctx, interaction, result, done)) ctx.log.info({ tableId }, 'rebuy')
}
