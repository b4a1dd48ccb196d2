import type { Card } from '../../../core/cards.js'
import { cost, pointsOf, setBeats } from './cards.js'
import { trickTurn } from './draft.js'
import type { Rng } from '../../../core/rng.js'
import { answerOptions, DECLARE, leadOptions, legalActions, PASS } from './legal.js'
import type { BuraAction, BuraState } from './types.js'

/** Beating with trumps pays only when the trick holds at least this many points. */
const WORTH_A_TRUMP = 10

function cheapest(options: Card[][], trump: string): Card[] | null {
  let best: Card[] | null = null
  let bestCost = Infinity
  for (const o of options) {
    const c = cost(o, trump)
    if (c < bestCost) {
      best = o
      bestCost = c
    }
  }
  return best
}

/**
 * The move for a seat whose time ran out: lead the least valuable single card; answer by
 * beating when it costs no trump (or the trick is worth a trump), else throw the cheapest
 * cards. At the final call: pass. Never declares.
 */
export function autoAction(s: BuraState, seat: number): BuraAction | null {
  if (s.phase === 'finalCall')
    return s.inGame[seat] && !s.passed[seat] && (s.callTurn === null || s.callTurn === seat) ? PASS : null
  if (s.phase !== 'play' || trickTurn(s) !== seat) return null
  const trick = s.trick!
  const hand = s.hands[seat]!
  if (trick.plays.length === 0) {
    const singles = leadOptions(hand, s.options).filter((o) => o.length === 1)
    return { type: 'play', cards: cheapest(singles, s.trump)! }
  }
  const options = answerOptions(hand, trick.size)
  const front = trick.plays[trick.best]!.cards
  const beating = cheapest(
    options.filter((o) => setBeats(o, front, s.trump)),
    s.trump,
  )
  if (beating) {
    const usesTrump = beating.some((c) => c[1] === s.trump)
    let onTable = 0
    for (const p of trick.plays) onTable += pointsOf(p.cards)
    if (!usesTrump || onTable >= WORTH_A_TRUMP) return { type: 'play', cards: beating }
  }
  return { type: 'play', cards: cheapest(options, s.trump)! }
}

/**
 * A random move that plays the game out: a seat holding 31 declares (nine times in ten), one
 * without declares only rarely (one move in fifty), so a random game usually runs to its last
 * trick; at the final call it passes; otherwise any legal play, equally likely.
 */
export function randomAction(s: BuraState, seat: number, rng: Rng): BuraAction | null {
  const legal = legalActions(s, seat)
  if (legal.length === 0) return null
  const plays = legal.filter((a) => a.type === 'play')
  const canDeclare = legal.some((a) => a.type === 'declare')
  const holds31 = pointsOf(s.taken[seat]!) >= 31
  const other: BuraAction = plays.length > 0 ? rng.pick(plays) : PASS
  if (!canDeclare) return other
  return rng.weighted<BuraAction>(
    holds31
      ? [
          [9, DECLARE],
          [1, other],
        ]
      : [
          [1, DECLARE],
          [49, other],
        ],
  )
}
