import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer } from '../../discord/private-answer.js'
import { answerAlreadyDone } from '../already-done.js'
import { mayManage } from '../permissions.js'
import { settleOnTable, startTableControl } from '../settle.js'
import type { ComponentHandlers } from './component.js'

/** The Start button: starts the game from the lobby, or deals the next Bura/Badugi game. */
export const start: ComponentHandlers['start'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  const lang = memberLang(interaction)
  const { t } = lang
  const table = await ctx.tables.get(tableId)
  if (!table || table.status === 'finished' || table.status === 'aborted')
    return answer(interaction, REFUSALS.tableGone(lang))
  if (table.status === 'playing') {
    const next = await ctx.tables.nextDeal(tableId, { userId: interaction.user.id, interactionId: interaction.id })
    // Someone dealt it first (or the game was never over): what the user wanted is there.
    if (!next.ok && next.error.code === 'not-between-games')
      return answerAlreadyDone(
        ctx,
        interaction,
        tableId,
        table.gamesPlayed === 0 ? t('commands:replies.deal.alreadyStarted') : t('commands:replies.deal.alreadyDealt'),
      )
    if (await settleOnTable(ctx, interaction, next, t('commands:replies.deal.dealt')))
      ctx.log.info({ tableId }, 'next game')
    return
  }
  if (!mayManage(interaction, table)) return answer(interaction, REFUSALS.notCreator(lang))
  const result = await ctx.tables.start(tableId, { interactionId: interaction.id })
  if (!result.ok && result.error.code === 'not-lobby')
    return answerAlreadyDone(ctx, interaction, tableId, t('commands:replies.deal.alreadyStarted'))
  if (await settleOnTable(ctx, interaction, result, t('commands:replies.deal.started')))
    ctx.log.info({ tableId }, 'game started')
}
