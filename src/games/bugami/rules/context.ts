import type { BugamiAction, BugamiState } from './types.js'

/**
 * What a Bugami move means (GameEngine.moveContext). A bid depends on the deal and on the seat's
 * own bid standing now: the others' secret bids never touch it, so every bidder's buttons stay
 * good while bids come in, and a bid may be changed until the last one is in. A card belongs to
 * one turn: the deal, the tricks taken and the cards already in the trick.
 */
export function moveContext(state: BugamiState, seat: number, type: BugamiAction['type']): string {
  if (type === 'bid') {
    const own = state.phase === 'bidding' ? (state.bids[seat] ?? '-') : ''
    return `bid:${state.deals}:${state.phase}:${own}`
  }
  let taken = 0
  for (const t of state.tricks) taken += t
  const inTrick = state.phase === 'playing' ? state.trick.length : 0
  return `play:${state.deals}:${state.phase}:${taken}:${inTrick}`
}
