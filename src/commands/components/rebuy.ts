import { memberLang } from '../../discord/lang.js'
import { settleOnTable, startTableControl } from '../settle.js'
import type { ComponentHandlers } from './component.js'

/** The Rebuy button: a cash-table player tops their stack up from their balance, up to the buy-in. */
export const rebuy: ComponentHandlers['rebuy'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  const result = await ctx.tables.rebuy(tableId, interaction.user.id, { interactionId: interaction.id })
  const stack = result.ok ? (result.value.table.seats.find((s) => s.userId === interaction.user.id)?.stack ?? 0) : 0
  if (
    await settleOnTable(ctx, interaction, result, memberLang(interaction).t('commands:replies.rebuy', { chips: stack }))
  )
    ctx.log.info({ tableId }, 'rebuy')
}
