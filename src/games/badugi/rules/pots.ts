import type { ChipEvent } from '../../../core/engine.js'
import type { PotResult } from './types.js'

export interface Pot {
  readonly amount: number
  /** Seats in the hand that put in the whole level of this pot: only they can win it. */
  readonly seats: readonly number[]
}

/**
 * Main pot and side pots from what every seat put in this hand. One pot per distinct amount
 * put in by a seat still in the hand; chips of folded seats fill the pots up to their amount,
 * and any folded chips above the highest live amount go to the top pot.
 */
export function buildPots(committed: readonly number[], live: readonly boolean[]): Pot[] {
  const levels = [...new Set(committed.filter((c, s) => live[s] && c > 0))].sort((a, b) => a - b)
  const pots: { amount: number; seats: number[] }[] = []
  let prev = 0
  for (const level of levels) {
    let amount = 0
    const seats: number[] = []
    for (let s = 0; s < committed.length; s++) {
      const c = committed[s]!
      amount += Math.min(c, level) - Math.min(c, prev)
      if (live[s] && c >= level) seats.push(s)
    }
    pots.push({ amount, seats })
    prev = level
  }
  const above = committed.reduce((sum, c) => sum + Math.max(0, c - prev), 0)
  if (above > 0) {
    if (pots.length) pots[pots.length - 1]!.amount += above
    else pots.push({ amount: above, seats: live.flatMap((l, s) => (l ? [s] : [])) })
  }
  return pots
}

/**
 * Gives each pot to the best hand among its seats (`values`: higher is better). Tied winners
 * split it; the odd chips go one each to the tied winners in clockwise order from the dealer's left.
 */
export function awardPots(
  pots: readonly Pot[],
  values: readonly number[],
  dealer: number,
  players: number,
): { results: PotResult[]; events: ChipEvent[] } {
  const results: PotResult[] = []
  const events: ChipEvent[] = []
  pots.forEach((pot, i) => {
    let best = -1
    for (const s of pot.seats) best = Math.max(best, values[s]!)
    // Winners in clockwise order from the dealer's left, so the odd chips go to the first ones.
    const winners = pot.seats
      .filter((s) => values[s] === best)
      .sort((a, b) => ((a - dealer - 1 + players) % players) - ((b - dealer - 1 + players) % players))
    const share = Math.floor(pot.amount / winners.length)
    const odd = pot.amount - share * winners.length
    const shares = winners.map((_, k) => share + (k < odd ? 1 : 0))
    const reason = pots.length === 1 ? 'pot' : i === 0 ? 'main pot' : `side pot ${i}`
    winners.forEach((s, k) => {
      if (shares[k]! > 0) events.push({ type: 'chips', from: 'pot', to: { seat: s }, amount: shares[k]!, reason })
    })
    results.push({ amount: pot.amount, seats: pot.seats, winners, shares })
  })
  return { results, events }
}
