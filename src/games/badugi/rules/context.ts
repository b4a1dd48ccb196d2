import type { BadugiAction } from './actions.js'
import type { BadugiState } from './types.js'

/**
 * What a Badugi move means (GameEngine.moveContext). Every betting move answers the same
 * question: the hand, the round, the bet to match, what the seat has in this round and when it
 * last acted. A fold elsewhere changes none of it (the call costs the same); a raise changes the
 * bet to match, so a Call drawn before it is stale. A draw belongs to the hand's draw and to the
 * seat still having to draw.
 */
export function moveContext(s: BadugiState, seat: number, type: BadugiAction['type']): string {
  const hand = `${s.handNo}:${s.phase}:${s.street}`
  if (type === 'leave') return `leave:${s.handNo}`
  if (type === 'draw') return `draw:${hand}:${s.pending[seat] ? 1 : 0}`
  return `bet:${hand}:${s.level}:${s.roundBets[seat] ?? 0}:${s.actedAt[seat] ?? -1}`
}
