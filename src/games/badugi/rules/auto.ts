import { toCall } from './betting.js'
import { countingCards } from './hand.js'
import type { Rng } from '../../../core/rng.js'
import type { BadugiAction } from './actions.js'
import { legalActions } from './legal.js'
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

/**
 * A random move that plays hands out: calling or checking is eight times as likely as folding,
 * the smallest bet or raise four times, the largest (all in, beyond fixed limit) once, so random
 * hands reach the draws and the showdown and a freeze-out lasts many hands. At the draw: any
 * discard, equally likely.
 */
export function randomAction(s: BadugiState, seat: number, rng: Rng): BadugiAction | null {
  const legal = legalActions(s, seat)
  if (legal.length === 0) return null
  if (s.phase === 'drawing') return rng.pick(legal)
  const wagers = legal.filter((a) => a.type === 'bet' || a.type === 'raise')
  const weights: [number, BadugiAction][] = []
  for (const a of legal)
    if (a.type === 'fold') weights.push([1, a])
    else if (a.type === 'call' || a.type === 'check') weights.push([8, a])
  // Wagers are listed smallest first: the smallest often, a larger one (all in) seldom.
  wagers.forEach((a, i) => weights.push([i === 0 ? 4 : 1, a]))
  return rng.weighted(weights)
}
