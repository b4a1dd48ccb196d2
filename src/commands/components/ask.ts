import { engineFor } from '../../games/registry.js'
import { moveToken } from '../../core/move-context.js'
import { REFUSALS } from '../../messages/refusals.js'
import { renderMoveQuestion } from '../../messages/hand-view.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import { inTurn } from '../in-turn.js'
import { inPlace, onPrivateMessage } from '../private-view.js'
import { refuseMove } from '../refuse-move.js'
import type { ComponentHandlers } from './component.js'

/**
 * The first click of a confirmed move (Declare 31): the question, in place of the private view,
 * while the move still means what the view showed; otherwise refused like a stale move.
 */
export const ask: ComponentHandlers['ask'] = async (ctx, interaction, { tableId, token, type }) => {
  const inView = onPrivateMessage(interaction)
  const timely = startAnswer(interaction, inView)
  const table = await inTurn(interaction.user.id, () => ctx.tables.get(tableId), timely)
  const lang = memberLang(interaction)
  if (!table || table.status !== 'playing')
    return refuseMove(ctx, interaction, inView, tableId, REFUSALS.tableGone(lang))
  const engine = engineFor(table.game)
  const seat = table.seats.find((s) => s.userId === interaction.user.id)
  const current =
    engine && seat !== undefined && seat.position !== null && seat.status === 'seated'
      ? moveToken(engine, table.state, table.gamesPlayed, seat.position, type)
      : null
  const asked = current === token ? renderMoveQuestion(lang, table, interaction.user.id, token, type) : null
  if (!asked) return refuseMove(ctx, interaction, inView, tableId, REFUSALS.stale(lang))
  await answer(interaction, inView ? inPlace(interaction, asked) : asked)
}
