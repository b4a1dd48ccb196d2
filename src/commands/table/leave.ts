import { SlashCommandSubcommandBuilder, type RepliableInteraction } from 'discord.js'
import type { TableEvent, TableSnapshot } from '../../tables/index.js'
import { leaveToken } from '../../tables/leave-token.js'
import { chips } from '../../render/format.js'
import { renderRefusal } from '../../render/refusals.js'
import { renderLeaveQuestion } from '../../messages/hand-view.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { BotContext } from '../context.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { settleEither } from '../settle.js'
import { tableHere } from '../table-here.js'

/** `/table leave`: stands up from this channel's table (asked once more mid-game). */
export const leave: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.leave'),
  async execute(interaction, ctx) {
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (table) await leaveSeat(ctx, interaction, table.id)
  },
}

/** Leaving a game in progress is asked once more; anywhere else (lobby, between games) it is at once. */
function needsLeaveQuestion(table: TableSnapshot, userId: string): boolean {
  const seat = table.seats.find((s) => s.userId === userId)
  return (
    table.status === 'playing' &&
    table.progress === 'acting' &&
    seat !== undefined &&
    seat.status === 'seated' &&
    seat.position !== null
  )
}

/**
 * Stands the member up (`/table leave`, the Leave button): mid-game the question first. With
 * `token`, the question's "Leave the game": it stands while the leave means what was asked.
 */
export async function leaveSeat(
  ctx: BotContext,
  interaction: RepliableInteraction,
  tableId: string,
  token?: string,
): Promise<void> {
  const lang = memberLang(interaction)
  const { t } = lang
  if (token === undefined) {
    const table = await ctx.tables.get(tableId)
    if (table && needsLeaveQuestion(table, interaction.user.id))
      return answer(interaction, renderLeaveQuestion(lang, table, leaveToken(table)))
  }
  const result = await ctx.tables.leave(tableId, interaction.user.id, {
    interactionId: interaction.id,
    ...(token !== undefined ? { expectedToken: token } : {}),
  })
  if (!result.ok && result.error.code === 'stale')
    return answer(interaction, renderRefusal(t('commands:replies.leave.stale')))
  // Only a confirmed question leaves a game in progress; otherwise (lobby, between games) the
  // seat is gone at once, with whatever chips it held paid out.
  const left = result.ok
    ? result.value.tableEvents.find(
        (e): e is Extract<TableEvent, { type: 'left' }> => e.type === 'left' && e.userId === interaction.user.id,
      )
    : undefined
  const paid = left?.cashedOut ?? 0
  const done =
    token !== undefined
      ? t('commands:replies.leave.playing')
      : paid > 0
        ? t('commands:replies.leave.paidOut', { chips: chips(paid, lang) })
        : t('commands:replies.leave.done')
  if (await settleEither(ctx, interaction, result, done)) ctx.log.info({ tableId }, 'left')
}
