import type { Card, Suit } from '../../../core/cards.js'
import type { DeckSupply } from '../../../core/decks.js'
import type { BugamiOptions } from './options.js'

/** A seat's bid: its bug suit, or misère (to take no trick at all). */
export type Bid = Suit | 'misere'

/** Actions exactly as the scenario format writes them (seat aside). */
export type BidAction = { readonly type: 'bid'; readonly suit: Suit } | { readonly type: 'bid'; readonly misere: true }
export type PlayAction = { readonly type: 'play'; readonly card: Card }
export type BugamiAction = BidAction | PlayAction

/** A trick once all have played: cards in play order from its leader. */
export interface CompletedTrick {
  readonly number: number
  readonly leader: number
  readonly cards: readonly Card[]
  readonly winner: number
  /** The deal's leftovers, added to the last trick (empty for every other trick). */
  readonly leftovers: readonly Card[]
}

/** What every phase holds: the match so far and where every card of this deal lies. */
interface BugamiBase {
  readonly players: number
  readonly options: BugamiOptions
  readonly supply: DeckSupply
  readonly dealer: number
  /** Completed deals. */
  readonly deals: number
  readonly totals: readonly number[]
  /** Each completed deal's scores, oldest first. */
  readonly history: readonly (readonly number[])[]
  readonly hands: readonly (readonly Card[])[]
  /** Face down until the last trick is taken; then they join its winner's tricks. */
  readonly leftovers: readonly Card[]
  /** The cards in each seat's tricks this deal. */
  readonly taken: readonly (readonly Card[])[]
  /** Tricks each seat took this deal. */
  readonly tricks: readonly number[]
}

export interface BiddingState extends BugamiBase {
  readonly phase: 'bidding'
  /** Secret until every seat has bid. */
  readonly bids: readonly (Bid | null)[]
}

export interface PlayingState extends BugamiBase {
  readonly phase: 'playing'
  readonly bids: readonly Bid[]
  readonly leader: number
  /** The trick in progress, in play order from `leader`; the seat to play is leader + trick.length. */
  readonly trick: readonly Card[]
  readonly lastTrick: CompletedTrick | null
}

export interface DealOverState extends BugamiBase {
  readonly phase: 'between'
  readonly bids: readonly Bid[]
  readonly lastTrick: CompletedTrick
  /** This deal's scores. */
  readonly scores: readonly number[]
}

export interface GameOverState extends BugamiBase {
  readonly phase: 'gameOver'
  readonly bids: readonly Bid[]
  readonly lastTrick: CompletedTrick
  readonly scores: readonly number[]
  readonly winner: number
}

export type BugamiState = BiddingState | PlayingState | DealOverState | GameOverState

/** Public facts for the table log; never a hidden card and never a bid before all are in. */
export type BugamiEvent =
  | {
      readonly type: 'dealt'
      readonly deal: number
      readonly dealer: number
      readonly handSize: number
      readonly leftovers: number
    }
  /** A seat has bid (what it bid stays secret); changing a bid makes no event. */
  | { readonly type: 'bidPlaced'; readonly seat: number }
  | {
      readonly type: 'bidsRevealed'
      readonly bids: readonly Bid[]
      readonly partnerships: readonly (readonly number[])[]
    }
  | { readonly type: 'played'; readonly seat: number; readonly card: Card }
  | {
      readonly type: 'trickWon'
      readonly seat: number
      readonly trick: number
      readonly cards: readonly Card[]
      readonly leftovers: readonly Card[]
    }
  | {
      readonly type: 'dealScored'
      readonly deal: number
      readonly tricks: readonly number[]
      readonly bugs: readonly number[]
      readonly scores: readonly number[]
      readonly totals: readonly number[]
      /** Seats tied on the highest total at or over the target: the match goes on. */
      readonly tiedAtTop: readonly number[]
    }
  | { readonly type: 'gameWon'; readonly seat: number; readonly totals: readonly number[] }
