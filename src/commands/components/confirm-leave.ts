import { startAnswer } from '../../discord/private-answer.js'
import { leaveSeat } from '../table/leave.js'
import type { ComponentHandlers } from './component.js'

/** The leave question's "Leave the game": leaves while the leave still means what was asked. */
export const confirmLeave: ComponentHandlers['confirm-leave'] = async (ctx, interaction, { tableId, token }) => {
  startAnswer(interaction)
  await leaveSeat(ctx, interaction, tableId, token)
}
