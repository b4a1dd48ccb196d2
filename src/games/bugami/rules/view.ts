import type { Card } from '../../../core/cards.js'
import type { ReplaySummary } from '../../../core/engine.js'
import { seatToPlay, waitingFor } from './legal.js'
import { bugamiDeck, bugsIn, dealSizes, handOrder, ledSuit, legalCards } from './rules.js'
import { partnerships } from './scoring.js'
import type { Bid, BugamiState, CompletedTrick } from './types.js'

export interface PlayedCard {
  readonly seat: number
  readonly card: Card
}

export interface TrickView {
  readonly number: number
  readonly cards: readonly PlayedCard[]
  readonly winner: number
  /** The leftovers that went with the last trick (shown once it is taken). */
  readonly leftovers: readonly Card[]
}

export interface BugamiSeatView {
  readonly seat: number
  readonly handSize: number
  /** Whether the seat has bid (what it bid stays secret until all are in). */
  readonly hasBid: boolean
  /** The seat's bid once all bids are revealed, else null (even for the viewer: see `myBid`). */
  readonly bid: Bid | null
  readonly tricks: number
  /** Bugs in the seat's own tricks, once bids are revealed. */
  readonly bugs: number | null
  readonly total: number
  /** This deal's score once it is scored, else null. */
  readonly score: number | null
}

/** What one seat (or a spectator, viewer null) may know. Holds no card of another seat's hand. */
export interface BugamiView {
  readonly game: 'bugami'
  readonly viewer: number | null
  readonly phase: BugamiState['phase']
  readonly players: number
  readonly dealer: number
  /** The deal in play or just scored, counted from 1. */
  readonly deal: number
  readonly target: number
  readonly jokers: number
  readonly shotgunWedding: boolean
  /** The viewer's own hand (null for a spectator). */
  readonly hand: readonly Card[] | null
  /** The viewer's own bid, visible to it alone while bids are open. */
  readonly myBid: Bid | null
  /** Cards the viewer may play now ([] when it is not its turn). */
  readonly playable: readonly Card[]
  readonly bidsRevealed: boolean
  readonly seats: readonly BugamiSeatView[]
  readonly waitingFor: readonly number[]
  /** The seat to play (null outside play). */
  readonly turn: number | null
  /** The trick in progress in play order. */
  readonly trick: readonly PlayedCard[]
  /** The suit to follow, or null (no lead yet, or a joker led: anything goes). */
  readonly ledSuit: string | null
  readonly lastTrick: TrickView | null
  readonly tricksPerDeal: number
  /** Face-down leftovers waiting for the last trick's winner. */
  readonly leftoverCount: number
  /** Shotgun Wedding partners (seats that chose the same suit), once bids are revealed. */
  readonly partnerships: readonly (readonly number[])[]
  /** Scores of every completed deal, oldest first. */
  readonly history: readonly (readonly number[])[]
  /** Seats tied on the highest total at or over the target (the match goes on), else []. */
  readonly tiedAtTop: readonly number[]
  readonly winner: number | null
}

function trickView(t: CompletedTrick, players: number): TrickView {
  return { number: t.number, cards: played(t.cards, t.leader, players), winner: t.winner, leftovers: t.leftovers }
}

function played(cards: readonly Card[], leader: number, players: number): PlayedCard[] {
  return cards.map((card, i) => ({ seat: (leader + i) % players, card }))
}

function tiedAtTop(state: BugamiState): number[] {
  if (state.phase !== 'between') return []
  const top = Math.max(...state.totals)
  return top >= state.options.target ? state.totals.flatMap((t, s) => (t === top ? [s] : [])) : []
}

function currentBugs(state: BugamiState, seat: number): number {
  return state.phase === 'bidding' ? 0 : bugsIn(state.taken[seat]!, state.bids[seat]!)
}

export function view(state: BugamiState, viewer: number | null): BugamiView {
  const n = state.players
  const own = viewer !== null && viewer >= 0 && viewer < n ? viewer : null
  const revealed = state.phase !== 'bidding'
  const scored = state.phase === 'between' || state.phase === 'gameOver'
  return {
    game: 'bugami',
    viewer: own,
    phase: state.phase,
    players: n,
    dealer: state.dealer,
    deal: scored ? state.deals : state.deals + 1,
    target: state.options.target,
    jokers: state.options.jokers,
    shotgunWedding: state.options.shotgunWedding,
    hand: own === null ? null : state.hands[own]!.slice().sort(handOrder),
    myBid: own === null ? null : state.bids[own]!,
    playable:
      state.phase === 'playing' && own === seatToPlay(state)
        ? legalCards(state.hands[own]!, state.trick).sort(handOrder)
        : [],
    bidsRevealed: revealed,
    seats: state.hands.map((h, seat) => ({
      seat,
      handSize: h.length,
      hasBid: state.bids[seat] !== null,
      bid: revealed ? state.bids[seat]! : null,
      tricks: state.tricks[seat]!,
      bugs: revealed ? currentBugs(state, seat) : null,
      total: state.totals[seat]!,
      score: scored ? state.scores[seat]! : null,
    })),
    waitingFor: waitingFor(state),
    turn: state.phase === 'playing' ? seatToPlay(state) : null,
    trick: state.phase === 'playing' ? played(state.trick, state.leader, n) : [],
    ledSuit: state.phase === 'playing' ? ledSuit(state.trick) : null,
    lastTrick: state.phase !== 'bidding' && state.lastTrick ? trickView(state.lastTrick, n) : null,
    tricksPerDeal: dealSizes(bugamiDeck(state.options.jokers).length, n).handSize,
    leftoverCount: state.leftovers.length,
    partnerships: revealed ? partnerships(state.bids, state.options.shotgunWedding) : [],
    history: state.history,
    tiedAtTop: tiedAtTop(state),
    winner: state.phase === 'gameOver' ? state.winner : null,
  }
}

/** The cards `viewer` may not see: other seats' hands and the face-down leftovers. */
export function hiddenFrom(state: BugamiState, viewer: number | null): Card[] {
  const hidden: Card[] = []
  state.hands.forEach((h, seat) => {
    if (seat !== viewer) hidden.push(...h)
  })
  hidden.push(...state.leftovers)
  return hidden
}

/** The replay output's Bugami part (docs/rules/scenarios.md). */
export function summary(state: BugamiState): ReplaySummary {
  const scored = state.phase === 'between' || state.phase === 'gameOver'
  return {
    phase: state.phase,
    over: state.phase === 'gameOver',
    dealer: state.dealer,
    deals: state.deals,
    seats: state.hands.map((_, seat) => ({
      tricks: state.tricks[seat]!,
      bugs: currentBugs(state, seat),
      score: scored ? state.scores[seat]! : 0,
      total: state.totals[seat]!,
    })),
    bids: state.phase === 'bidding' ? null : state.bids,
    partnerships: state.phase === 'bidding' ? [] : partnerships(state.bids, state.options.shotgunWedding),
    winners: state.phase === 'gameOver' ? [state.winner] : [],
  }
}
