import { showHand } from '../hand.js'
import type { ComponentHandlers } from './component.js'

/** "Your hand" (and ↻ Refresh, a question's Cancel on the private view): the member's view. */
export const hand: ComponentHandlers['hand'] = (ctx, interaction, { tableId }) => showHand(ctx, interaction, tableId)
