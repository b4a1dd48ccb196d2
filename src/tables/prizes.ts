import type { Placing } from '../store/ratings.js'
import { refundPot } from './games.js'

/**
 * A tournament's prize pool paid out (docs/tournaments.md). Pure: the closing change books what
 * these return as ledger rows from the table's `prize` account to the wallets.
 */

/** One payment out of a prize pool; `place` is the finishing place it pays (null: not by place). */
export interface Payout {
  readonly userId: string
  readonly amount: number
  readonly place: number | null
}

/**
 * The prizes by finishing order: `prizes[i]` pays place i + 1. Players tied at a place share
 * the prizes of the places they cover (two tied for second share the second and third prizes),
 * the odd chip to the earlier in `placings`; so the payouts always add up to the prizes.
 */
export function payByPlace(prizes: readonly number[], placings: readonly Placing[]): Payout[] {
  const out: Payout[] = []
  for (const place of [...new Set(placings.map((p) => p.place))].sort((a, b) => a - b)) {
    const tied = placings.filter((p) => p.place === place)
    const sum = prizes.slice(place - 1, place - 1 + tied.length).reduce((a, b) => a + b, 0)
    if (sum === 0) continue
    refundPot(
      sum,
      tied.map(() => 1),
    ).forEach((amount, i) => {
      if (amount > 0) out.push({ userId: tied[i]!.userId, amount, place })
    })
  }
  return out
}

/**
 * A pool shared in proportion to `weights` (each entrant's chips, or their entry fee), largest
 * remainder first, so the shares add up to the pool. All weights 0: nothing to share by.
 */
export function payInProportion(pool: number, weights: readonly { userId: string; weight: number }[]): Payout[] {
  if (!weights.some((w) => w.weight > 0)) return []
  return refundPot(
    pool,
    weights.map((w) => w.weight),
  ).flatMap((amount, i) => (amount > 0 ? [{ userId: weights[i]!.userId, amount, place: null }] : []))
}
