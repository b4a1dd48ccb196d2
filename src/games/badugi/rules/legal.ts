import type { Card } from '../../../core/cards.js'
import type { BadugiAction } from './actions.js'
import { toCall, wagerRange } from './betting.js'
import type { BadugiState } from './types.js'

/** The four ends of every range: what the bot offers as buttons. `leave` is always open and not listed. */
export function legalActions(s: BadugiState, seat: number): BadugiAction[] {
  if (s.phase === 'handOver' || s.toAct !== seat) return []
  if (s.phase === 'drawing') {
    const hand = s.hands[seat]!
    const out: BadugiAction[] = []
    for (let mask = 0; mask < 1 << hand.length; mask++) {
      const cards: Card[] = []
      for (let i = 0; i < hand.length; i++) if (mask & (1 << i)) cards.push(hand[i]!)
      out.push({ type: 'draw', cards })
    }
    return out
  }
  const out: BadugiAction[] = []
  const owe = toCall(s, seat)
  if (owe > 0) out.push({ type: 'fold' }, { type: 'call' })
  else out.push({ type: 'check' })
  const range = wagerRange(s, seat)
  if (range) {
    if (s.options.limit === 'fixed') out.push({ type: range.kind })
    else {
      out.push({ type: range.kind, amount: range.min })
      if (range.max !== range.min) out.push({ type: range.kind, amount: range.max })
    }
  }
  return out
}
