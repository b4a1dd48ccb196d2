import type { Card } from '../../../core/cards.js'
import type { DeckSupply } from '../../../core/decks.js'
import type { ChipEvent } from '../../../core/engine.js'
import type { BadugiOptions } from './options.js'

/**
 * out: not in this hand (no chips, or left the table) · in: in the hand with chips behind ·
 * allIn: in the hand, every chip in the pot · folded: gave up this hand.
 */
export type SeatStatus = 'out' | 'in' | 'allIn' | 'folded'

/** betting: a betting round is open · drawing: a draw is open · handOver: the hand is decided. */
export type Phase = 'betting' | 'drawing' | 'handOver'

/** The last thing a seat did this hand, for the table display. */
export type LastAction =
  | { readonly type: 'blind'; readonly amount: number; readonly allIn: boolean }
  | { readonly type: 'fold' | 'check' }
  | { readonly type: 'call' | 'bet' | 'raise'; readonly to: number; readonly allIn: boolean }
  | { readonly type: 'draw'; readonly count: number }

export interface PotResult {
  readonly amount: number
  /** Seats that could win this pot (in the hand and in for its whole level). */
  readonly seats: readonly number[]
  readonly winners: readonly number[]
  /** Chips each winner received from this pot, in `winners` order. */
  readonly shares: readonly number[]
}

export interface HandResult {
  /** True when everybody else folded: nothing was shown. */
  readonly byFold: boolean
  readonly pots: readonly PotResult[]
  /** Seats that received a share of any pot, ascending. */
  readonly winners: readonly number[]
  /** Showdown order (first to show first); [] when won by folds. */
  readonly showOrder: readonly number[]
}

/**
 * One hand at a cash table, as plain JSON. Per-seat facts are parallel arrays indexed by seat.
 * `committed` is what each seat put in during this hand (the pot is their sum, current round
 * included); `roundBets` is the current round's part of it.
 */
export interface BadugiState {
  readonly game: 'badugi'
  readonly options: BadugiOptions
  readonly players: number
  /** Hands dealt at this table so far (1 for the first). */
  readonly handNo: number
  readonly dealer: number
  readonly smallBlindSeat: number
  readonly bigBlindSeat: number
  readonly supply: DeckSupply
  /** Every chip at the table (stacks plus pot), fixed at setup: the conservation check. */
  readonly chips: number
  readonly stacks: readonly number[]
  /** Seats whose player stood up: out of every later hand, stack frozen for the cash-out. */
  readonly left: readonly boolean[]
  readonly status: readonly SeatStatus[]
  readonly hands: readonly (readonly Card[])[]
  /** The draw pile, top card first. */
  readonly pile: readonly Card[]
  /** Discarded and folded cards, face down; shuffled into a new pile when the pile runs out. */
  readonly discards: readonly Card[]
  readonly committed: readonly number[]
  readonly phase: Phase
  /** 0..3: the betting round (round street+1), or during a draw the draw after that round. */
  readonly street: number
  /** Seat to act, -1 when nobody is. */
  readonly toAct: number
  /** Seats that must still act in this betting round or draw. */
  readonly pending: readonly boolean[]
  readonly roundBets: readonly number[]
  /** The bet to match in this round. */
  readonly level: number
  /** Full bets and raises this round (round 1 starts at 1: the big blind is the bet). */
  readonly fullRaises: number
  /** Size of the last full bet or raise this round (the minimum raise in pot and no limit). */
  readonly lastRaise: number
  /** `fullRaises` when each seat last acted this round; -1 if it has not. A seat may raise only when it is lower. */
  readonly actedAt: readonly number[]
  /** Last seat to bet or raise this round, -1 if none. */
  readonly aggressor: number
  /** Cards each seat drew in each draw so far (public). */
  readonly drawCounts: readonly (readonly number[])[]
  readonly lastActions: readonly (LastAction | null)[]
  /** Hands shown to the table at showdown. */
  readonly shown: readonly boolean[]
  readonly result: HandResult | null
}

export type BadugiEvent =
  | ChipEvent
  | {
      readonly type: 'handStarted'
      readonly handNo: number
      readonly dealer: number
      readonly smallBlind: number
      readonly bigBlind: number
      /** Seats dealt in, clockwise from the dealer's left. */
      readonly seats: readonly number[]
    }
  | { readonly type: 'bettingRound'; readonly round: number; readonly skipped: boolean }
  | { readonly type: 'drawRound'; readonly draw: number }
  | { readonly type: 'fold' | 'check'; readonly seat: number }
  | { readonly type: 'call' | 'bet' | 'raise'; readonly seat: number; readonly to: number; readonly allIn: boolean }
  | { readonly type: 'draw'; readonly seat: number; readonly count: number }
  | { readonly type: 'reshuffle'; readonly cards: number }
  | { readonly type: 'show'; readonly seat: number; readonly cards: readonly Card[]; readonly value: string }
  | { readonly type: 'handOver'; readonly winners: readonly number[]; readonly byFold: boolean }
  | { readonly type: 'leave'; readonly seat: number; readonly stack: number }

/** A state under construction inside one `apply`: arrays already copied, free to change. */
export type Draft = {
  -readonly [K in keyof BadugiState]: BadugiState[K] extends readonly (infer T)[] ? T[] : BadugiState[K]
}

/** Copies what an action may change, so `apply` never touches its input. */
export function draftOf(s: BadugiState): Draft {
  // Listed field by field: an object spread of this many fields is slow in V8's hot path.
  return {
    game: s.game,
    options: s.options,
    players: s.players,
    handNo: s.handNo,
    dealer: s.dealer,
    smallBlindSeat: s.smallBlindSeat,
    bigBlindSeat: s.bigBlindSeat,
    supply: s.supply,
    chips: s.chips,
    stacks: s.stacks.slice(),
    // Copied by the few moves that change them: a fold or draw (hands), leave (left), a draw
    // (drawCounts), the showdown (shown).
    left: s.left as boolean[],
    status: s.status.slice(),
    hands: s.hands as Card[][],
    pile: s.pile as Card[],
    discards: s.discards as Card[],
    committed: s.committed.slice(),
    phase: s.phase,
    street: s.street,
    toAct: s.toAct,
    pending: s.pending.slice(),
    roundBets: s.roundBets.slice(),
    level: s.level,
    fullRaises: s.fullRaises,
    lastRaise: s.lastRaise,
    actedAt: s.actedAt.slice(),
    aggressor: s.aggressor,
    drawCounts: s.drawCounts as number[][],
    lastActions: s.lastActions.slice(),
    shown: s.shown as boolean[],
    result: s.result,
  }
}

/** A new array: `list` then `more` (faster than concat here). */
export function appended<T>(list: readonly T[], more: readonly T[]): T[] {
  const out = list.slice()
  for (let i = 0; i < more.length; i++) out.push(more[i]!)
  return out
}

export function inHand(status: SeatStatus): boolean {
  return status === 'in' || status === 'allIn'
}

/**
 * The first seat clockwise after `from` (not `from` itself unless it is the only match) that passes
 * `test`; -1 if none.
 */
export function nextSeat(players: number, from: number, test: (seat: number) => boolean): number {
  for (let i = 1; i <= players; i++) {
    const s = (from + i) % players
    if (test(s)) return s
  }
  return -1
}
