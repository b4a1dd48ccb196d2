import { SUITS, type Card } from '../../../core/cards.js'
import { bugamiDeck, followCode } from './rules.js'
import type { BugamiAction, BugamiState, PlayingState } from './types.js'

/** Who is to act and what they may do. */

/** The seat to play next in a trick. */
export function seatToPlay(state: PlayingState): number {
  return (state.leader + state.trick.length) % state.players
}

export function waitingFor(state: BugamiState): number[] {
  if (state.phase === 'bidding') {
    const seats: number[] = []
    for (let seat = 0; seat < state.players; seat++) if (state.bids[seat] === null) seats.push(seat)
    return seats
  }
  if (state.phase === 'playing') return [seatToPlay(state)]
  return []
}

const BID_ACTIONS: readonly BugamiAction[] = [
  ...SUITS.map((suit) => ({ type: 'bid', suit }) as const),
  { type: 'bid', misere: true } as const,
].map((a) => Object.freeze(a))

/** While bids are open every seat may bid or change its bid; in play only the seat to play has actions. */
export function legalActions(state: BugamiState, seat: number): BugamiAction[] {
  if (state.phase === 'bidding') return seat >= 0 && seat < state.players ? BID_ACTIONS.slice() : []
  if (state.phase !== 'playing' || seat !== seatToPlay(state)) return []
  const hand = state.hands[seat]!
  const code = followCode(hand, state.trick)
  const out: BugamiAction[] = []
  for (const card of hand)
    if (code < 0 || card.charCodeAt(1) === code) out.push(PLAY_ACTIONS[cardKey(card)] ?? { type: 'play', card })
  return out
}

// One shared, frozen action object per card, found by the card's two character codes: legalActions runs
// for every move, and this allocates less and looks up faster than a Map keyed by the card string.
// The table is allocated at full size: filled index by index from empty, V8 would keep such a sparse
// array as a dictionary and every lookup would be a hash probe (that was 15% of the bench).
const cardKey = (card: Card) => card.charCodeAt(0) * 128 + card.charCodeAt(1)
const PLAY_ACTIONS = new Array<BugamiAction | undefined>(128 * 128).fill(undefined)
for (const card of bugamiDeck(2)) PLAY_ACTIONS[cardKey(card)] = Object.freeze({ type: 'play', card })
