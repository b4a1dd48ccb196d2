import type { Lang } from '../../i18n/index.js'
import type { TableSnapshot } from '../../tables/index.js'
import { gameModule } from '../../games/registry.js'
import { memberLang } from '../../discord/lang.js'
import { answerAlreadyDone } from '../already-done.js'
import { settleOnTable, startTableControl } from '../settle.js'
import type { ComponentHandlers } from './component.js'

/** The Join button: a seat at the table (a chip table takes the buy-in); seated already, the view. */
export const join: ComponentHandlers['join'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  const result = await ctx.tables.join(tableId, interaction.user.id, { interactionId: interaction.id })
  const lang = memberLang(interaction)
  if (!result.ok && result.error.code === 'already-seated')
    return answerAlreadyDone(ctx, interaction, tableId, lang.t('commands:replies.join.alreadySitting'))
  if (
    await settleOnTable(
      ctx,
      interaction,
      result,
      result.ok ? joinedText(lang, result.value.table, interaction.user.id) : '',
    )
  )
    ctx.log.info({ tableId }, 'joined')
}

/** The answer to a join: when the newcomer plays, with the chips they brought. */
function joinedText({ t }: Lang, table: TableSnapshot, userId: string): string {
  if (table.status === 'lobby') return t('commands:replies.join.lobby')
  // Games dealt in hands (Badugi) say "hand": the texts have a `_hand` form.
  const context = gameModule(table.game)?.rules.gameWord
  const stack = table.seats.find((s) => s.userId === userId)?.stack ?? 0
  const number = table.gamesPlayed + (table.progress === 'acting' ? 2 : 1)
  const when =
    table.progress === 'acting'
      ? t('commands:replies.join.whenActing', { number, context })
      : t('commands:replies.join.whenBetween', { number, context })
  return t('commands:replies.join.sitDown', { chips: stack, when })
}
