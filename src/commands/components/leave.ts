import { startAnswer } from '../../discord/private-answer.js'
import { leaveSeat } from '../table/leave.js'
import type { ComponentHandlers } from './component.js'

/** The Leave button: stands up at once, or mid-game asks once more first. */
export const leave: ComponentHandlers['leave'] = async (ctx, interaction, { tableId }) => {
  startAnswer(interaction)
  await leaveSeat(ctx, interaction, tableId)
}
