import type { Card, Suit } from '../../../core/cards.js'
import type { DeckSupply } from '../../../core/decks.js'
import type { ChipEvent } from '../../../core/engine.js'
import type { BuraOptions } from './options.js'

/**
 * Combinations, highest first: Moscow (three aces with the `moscow` option) and Bura win the pot,
 * and so do three aces with `threeAcesWin`; otherwise three aces, little Moscow and Molodka take the lead.
 * Kozel knows only four aces and Bura (three or more trumps), and both win the pot.
 */
export type CombinationKind = 'fourAces' | 'moscow' | 'bura' | 'threeAces' | 'littleMoscow' | 'molodka'

/** One seat's answer (or the lead) in a trick. Face-down cards never beat. */
export interface TrickPlay {
  readonly seat: number
  readonly cards: readonly Card[]
  readonly faceDown: boolean
}

export interface Trick {
  readonly leader: number
  /** Cards each player lays: the lead's size; 0 while the lead is awaited. */
  readonly size: number
  readonly plays: readonly TrickPlay[]
  /** Index in `plays` of the set in front now (the current winner); -1 before the lead. */
  readonly best: number
  /** Set when the lead was a combination the bot played. */
  readonly combination: CombinationKind | null
}

export interface CompletedTrick extends Trick {
  readonly winner: number
}

export type GameEnd =
  | {
      readonly reason: 'bura' | 'moscow' | 'threeAces' | 'fourAces'
      readonly winner: number
      readonly cards: readonly Card[]
    }
  | { readonly reason: 'buraTrick'; readonly winner: number }
  | { readonly reason: 'declared'; readonly winner: number; readonly declaredPoints: number }
  | {
      readonly reason: 'falseDeclaration'
      readonly declarer: number
      readonly declaredPoints: number
      readonly paid: number
    }
  | { readonly reason: 'allPassed' }
  /** Kozel, after the last card: the card points each seat counted out of its tricks. */
  | { readonly reason: 'mostPoints'; readonly winner: number; readonly points: readonly number[] }
  | { readonly reason: 'pointsTie'; readonly points: readonly number[] }

export type BuraPhase = 'play' | 'finalCall' | 'over'

export interface BuraState {
  readonly game: 'bura'
  readonly players: number
  readonly options: BuraOptions
  readonly phase: BuraPhase
  /** 1 for the table's first game, counting redeals after an all-pass as new games. */
  readonly gameNumber: number
  readonly dealer: number
  readonly supply: DeckSupply
  /** Seats dealt into this game (a seat that cannot pay the ante sits the game out). */
  readonly inGame: readonly boolean[]
  readonly trump: Suit
  /** Turned up at the deal, so public for the whole game. */
  readonly trumpCard: Card
  /** Who drew the trump card off the pile (public: everyone saw it go), else null. */
  readonly trumpCardDrawnBy: number | null
  readonly hands: readonly (readonly Card[])[]
  /** Top card first; the trump card is the bottom card while it is still there. */
  readonly pile: readonly Card[]
  /** The trick being played (null in the final call and once the game is over, unless a declaration stopped it). */
  readonly trick: Trick | null
  readonly lastTrick: CompletedTrick | null
  /** Cards of each seat's tricks, face down in front of them. */
  readonly taken: readonly (readonly Card[])[]
  readonly tricks: readonly number[]
  /** Cards each seat laid face down this game: only their owner saw them. */
  readonly faceDownBy: readonly (readonly Card[])[]
  /** Final call: who has passed. */
  readonly passed: readonly boolean[]
  /** Final call with `declareOnTurnOnly`: whose turn it is to declare or pass. */
  readonly callTurn: number | null
  readonly stacks: readonly number[]
  readonly pot: number
  /** What each seat has paid into the pot as it stands (for a refund when the table closes). */
  readonly potShares: readonly number[]
  /** Stacks plus pot: fixed for the table's life. */
  readonly chipTotal: number
  /** scoring "points": penalty points so far (12 loses the match). */
  readonly penalties: readonly number[]
  /** scoring "games": games won so far in the match. */
  readonly games: readonly number[]
  readonly end: GameEnd | null
  /** Who deals the next game, once this one is over. */
  readonly nextDealer: number | null
}

export type BuraAction =
  | { readonly type: 'play'; readonly cards: readonly Card[]; readonly faceDown?: boolean }
  | { readonly type: 'declare' }
  | { readonly type: 'pass' }

/** A play as the table sees it: face-down cards are counted, never named. */
export interface PlaySeen {
  readonly seat: number
  readonly count: number
  readonly faceDown: boolean
  /** The cards, or null when they lie face down (their owner still sees them in their own view). */
  readonly cards: readonly Card[] | null
}

export type BuraEvent =
  | ChipEvent
  | {
      readonly type: 'deal'
      readonly game: number
      readonly dealer: number
      readonly seats: readonly number[]
      readonly trumpCard: Card
    }
  | { readonly type: 'redeal'; readonly reason: string }
  | { readonly type: 'sitOut'; readonly seat: number; readonly reason: string }
  | {
      readonly type: 'combination'
      readonly seat: number
      readonly kind: CombinationKind
      readonly cards: readonly Card[]
    }
  | ({ readonly type: 'play'; readonly beats: boolean } & PlaySeen)
  | { readonly type: 'trick'; readonly winner: number }
  | {
      readonly type: 'draw'
      readonly from: number
      readonly rounds: number
      readonly trumpCardTo: number | null
      readonly pileLeft: number
    }
  | { readonly type: 'finalCall' }
  | {
      readonly type: 'declare'
      readonly seat: number
      readonly declaredPoints: number
      readonly correct: boolean
      readonly cards: readonly Card[]
    }
  | { readonly type: 'pass'; readonly seat: number }
  | { readonly type: 'potWon'; readonly seat: number; readonly amount: number; readonly reason: string }
  | { readonly type: 'penalty'; readonly seat: number; readonly points: number; readonly total: number }
  | { readonly type: 'gameWon'; readonly seat: number; readonly total: number }
  | { readonly type: 'matchOver'; readonly winner: number }
  | {
      readonly type: 'gameOver'
      readonly reason: GameEnd['reason']
      readonly winners: readonly number[]
      readonly nextDealer: number
    }
