import { isJoker, SUITS, type Card } from '../../../core/cards.js'
import type { LoggedMove } from '../../../core/engine.js'
import type { Rng } from '../../../core/rng.js'
import { ledSuit } from './rules.js'
import type { Bid, BugamiAction, BugamiState } from './types.js'

/**
 * How a Bugami deal goes into a scenario file for one viewer (`/table log`): what a play shows
 * about a hand, and how the bids are written so that none is told before the table told it.
 */

/** A card played off the led suit shows the seat holds none of that suit for the rest of the deal. */
export function lacks(before: BugamiState, _seat: number, action: BugamiAction): ((card: Card) => boolean) | null {
  if (before.phase !== 'playing' || action.type !== 'play') return null
  const led = ledSuit(before.trick)
  if (led === null || (!isJoker(action.card) && action.card[1] === led)) return null
  return (card) => !isJoker(card) && card[1] === led
}

const BIDS: readonly Bid[] = [...SUITS, 'misere']

function bidAction(bid: Bid): BugamiAction {
  return bid === 'misere' ? { type: 'bid', misere: true } : { type: 'bid', suit: bid }
}

/**
 * Another seat's bid shows the viewer only that it has bid, until the last bid reveals them all.
 * So each other seat's first bid of the deal is written with the bid it ended on (once revealed)
 * or, while bids are still open, a random one; its changes, which show nothing, are left out.
 * The viewer's own bids are written as made.
 */
export function writtenMoves(
  moves: readonly LoggedMove<BugamiState, BugamiAction>[],
  viewer: number | null,
  rng: Rng,
): (BugamiAction | null)[] {
  const revealed = moves.find((m) => m.before.phase === 'bidding' && m.after.phase !== 'bidding')?.after
  const hasBid = new Set<number>()
  return moves.map(({ seat, action }) => {
    if (action.type !== 'bid' || seat === viewer) return action
    if (hasBid.has(seat)) return null
    hasBid.add(seat)
    return bidAction(revealed ? revealed.bids[seat]! : rng.pick(BIDS))
  })
}
