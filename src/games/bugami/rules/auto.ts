import { isJoker, SUITS, type Card, type Suit } from '../../../core/cards.js'
import { peekInt, type Rng } from '../../../core/rng.js'
import { legalActions, seatToPlay } from './legal.js'
import { bugsIn, legalCards, strength, winningIndex } from './rules.js'
import type { Bid, BugamiAction, BugamiState, PlayingState } from './types.js'

/**
 * The move for a seat whose time ran out (docs/bugami.md, "Automatic moves").
 * Bidding: the suit it holds fewest of (ties: the one whose best card is lowest, then ♠ ♥ ♦ ♣);
 * a seat that has already bid keeps its bid. Play: the lowest legal card that is not worse than
 * a random legal card, judged by `playValue`; the "random" card comes from `peekInt`, so the
 * same state always gives the same move.
 */
export function autoAction(state: BugamiState, seat: number): BugamiAction | null {
  if (state.phase === 'bidding')
    return state.bids[seat] === null ? { type: 'bid', suit: shortestSuit(state.hands[seat]!) } : null
  if (state.phase !== 'playing' || seat !== seatToPlay(state)) return null
  return { type: 'play', card: autoCard(state, seat) }
}

export function shortestSuit(hand: readonly Card[]): Suit {
  let best: Suit = SUITS[0]
  let bestCount = Infinity
  let bestTop = Infinity
  for (const suit of SUITS) {
    let count = 0
    let top = 0
    for (const c of hand)
      if (c[1] === suit) {
        count++
        top = Math.max(top, strength(c))
      }
    if (count < bestCount || (count === bestCount && top < bestTop)) {
      best = suit
      bestCount = count
      bestTop = top
    }
  }
  return best
}

/**
 * How good playing `card` looks for a player with `bid`, one trick deep:
 * taking the lead of a trick is bad for a misère bidder (-2), bad when the trick then holds
 * one of the player's bugs (-1) and good when it is clean (+1); staying under is neutral (0),
 * or good (+1) when it sheds one of the player's own bugs or a joker, or when the player bid misère.
 */
export function playValue(trick: readonly Card[], card: Card, bid: Bid): number {
  const withCard = [...trick, card]
  const takesLead = winningIndex(withCard) === trick.length
  if (takesLead) {
    if (bid === 'misere') return -2
    return bugsIn(withCard, bid) > 0 ? -1 : 1
  }
  if (bid === 'misere') return 1
  return isJoker(card) || card[1] === bid ? 1 : 0
}

function autoCard(state: PlayingState, seat: number): Card {
  const legal = legalCards(state.hands[seat]!, state.trick)
  const bid = state.bids[seat]!
  const played = state.tricks.reduce((a, b) => a + b, 0) * state.players + state.trick.length
  const reference = legal[peekInt(state.supply.rng, state.deals * 4096 + played * 8 + seat, legal.length)]!
  const floor = playValue(state.trick, reference, bid)
  let best: Card | null = null
  for (const c of legal) {
    if (playValue(state.trick, c, bid) < floor) continue
    if (
      best === null ||
      strength(c) < strength(best) ||
      (strength(c) === strength(best) && SUITS.indexOf(suitKey(c)) < SUITS.indexOf(suitKey(best)))
    )
      best = c
  }
  return best ?? reference
}

function suitKey(c: Card): Suit {
  return (isJoker(c) ? 'S' : c[1]) as Suit
}

/**
 * A random move: a bid on a suit, equally likely, or misère one time in twenty (a table of
 * random misère bids plays mostly misère deals); in play any legal card, equally likely.
 */
export function randomAction(state: BugamiState, seat: number, rng: Rng): BugamiAction | null {
  const legal = legalActions(state, seat)
  if (legal.length === 0) return null
  if (state.phase !== 'bidding') return rng.pick(legal)
  const suits = legal.filter((a) => a.type === 'bid' && !('misere' in a))
  const misere = legal.find((a) => a.type === 'bid' && 'misere' in a)
  return misere
    ? rng.weighted([
        [1, misere],
        [19, rng.pick(suits)],
      ])
    : rng.pick(suits)
}
