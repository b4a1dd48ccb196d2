import { startTableControl } from '../settle.js'
import { leaveSeat } from '../table/leave.js'
import type { ComponentHandlers } from './component.js'

/** The Leave button: stands up at once, or mid-game asks once more first. */
export const leave: ComponentHandlers['leave'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  await leaveSeat(ctx, interaction, tableId)
}
