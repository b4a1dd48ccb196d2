import type { Card } from '../../../core/cards.js'
import type { Bid, BiddingState, BugamiState, CompletedTrick, PlayingState } from './types.js'

/**
 * The states of a deal, written out field by field: one object shape per phase keeps `apply` fast
 * (no spread of a whole state).
 */

/** The state while bids are open. */
export function biddingState(s: Omit<BiddingState, 'phase' | 'bids'>, bids: readonly (Bid | null)[]): BiddingState {
  return {
    phase: 'bidding',
    players: s.players,
    options: s.options,
    supply: s.supply,
    dealer: s.dealer,
    deals: s.deals,
    totals: s.totals,
    history: s.history,
    hands: s.hands,
    leftovers: s.leftovers,
    taken: s.taken,
    tricks: s.tricks,
    bids,
  }
}

export function zeros(n: number): number[] {
  return new Array<number>(n).fill(0)
}

/**
 * The next play state, written out field by field: one object shape keeps `apply` fast (no spread of a
 * whole state).
 */
export function playingState(
  s: Pick<BugamiState, 'players' | 'options' | 'supply' | 'dealer' | 'deals' | 'totals' | 'history'>,
  bids: readonly Bid[],
  hands: readonly (readonly Card[])[],
  taken: readonly (readonly Card[])[],
  tricks: readonly number[],
  leader: number,
  trick: readonly Card[],
  lastTrick: CompletedTrick | null,
  leftovers: readonly Card[],
): PlayingState {
  return {
    phase: 'playing',
    players: s.players,
    options: s.options,
    supply: s.supply,
    dealer: s.dealer,
    deals: s.deals,
    totals: s.totals,
    history: s.history,
    hands,
    leftovers,
    taken,
    tricks,
    bids,
    leader,
    trick,
    lastTrick,
  }
}

/**
 * The state once a deal is scored, written out (phase first) rather than spread: one object shape per
 * phase keeps this fast. A module-level function, not a closure in finishDeal: tsx compiles with
 * keepNames, which gives every named closure its name with a defineProperty call each time it is created.
 */
export function scoredState<P extends 'between' | 'gameOver'>(
  phase: P,
  state: PlayingState,
  deals: number,
  totals: readonly number[],
  lastTrick: CompletedTrick,
  scores: readonly number[],
) {
  return {
    phase,
    players: state.players,
    options: state.options,
    supply: state.supply,
    dealer: state.dealer,
    deals,
    totals,
    history: [...state.history, scores],
    hands: state.hands,
    leftovers: state.leftovers,
    taken: state.taken,
    tricks: state.tricks,
    bids: state.bids,
    lastTrick,
    scores,
  }
}
