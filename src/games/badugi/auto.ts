import { toCall } from './betting.js'
import { countingCards } from './hand.js'
import type { BadugiAction } from './actions.js'
import type { BadugiState } from './types.js'

/** Timed out: check when free, otherwise fold; in a draw, throw the cards that do not count. */
export function autoAction(s: BadugiState, seat: number): BadugiAction | null {
  if (s.phase === 'handOver' || s.toAct !== seat) return null
  if (s.phase === 'drawing') {
    const keep = countingCards(s.hands[seat]!)
    return { type: 'draw', cards: s.hands[seat]!.filter((c) => !keep.includes(c)) }
  }
  return toCall(s, seat) === 0 ? { type: 'check' } : { type: 'fold' }
}
