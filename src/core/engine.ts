import type { ZodType, ZodTypeDef } from 'zod'
import type { Card } from './cards.js'
import type { Placings } from './placings.js'
import type { Rng } from './rng.js'

/**
 * The one interface every game engine implements. Everything in and out is plain JSON data
 * (no classes, no Maps): the store persists states as they are. Engines are pure: no I/O,
 * no clock, no Math.random; chance comes only from the seeded RNG inside the state.
 * `apply` never mutates its input, so a refused action leaves the state byte-for-byte as it was.
 */

/**
 * A value a refusal names: a number, a word, cards (shown in the reader's card words), a duration
 * (in the reader's words) or a game's table option (shown as its slash option's name in the
 * reader's language).
 */
export type RefusalParam =
  | string
  | number
  | { readonly cards: readonly Card[] }
  | { readonly ms: number }
  | { readonly game: string; readonly option: string }

/**
 * A rule the action breaks. Engines stay free of any language: `code` names the refusal (a key
 * of the refusals resource file, src/i18n/locales/<lang>/refusals.json, e.g. 'bura.not-your-turn')
 * and `params` fill its blanks; `refusalText` (src/render/refusals.ts) puts it in words for members,
 * `describeRuleError` below for developers.
 */
export interface RuleError {
  readonly code: string
  readonly params?: Readonly<Record<string, RefusalParam>>
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RuleError }

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value }
}

export function refuse(code: string, params?: Readonly<Record<string, RefusalParam>>): { ok: false; error: RuleError } {
  return { ok: false, error: params ? { code, params } : { code } }
}

/**
 * A rule error for developers (thrown errors, the simulator's notes): its code and parameters as
 * they are, `bura.not-your-turn {"seat":2}`. Members read the worded refusal instead.
 */
export function describeRuleError(error: RuleError): string {
  return error.params ? `${error.code} ${JSON.stringify(error.params)}` : error.code
}

export interface Transition<S, E> {
  readonly state: S
  /** Public facts only: events go to the public table log and must never hold a hidden card. */
  readonly events: E[]
}

/** Where chips sit at a table: a seat's stack or the pot (all of a table's pots together). */
export type ChipAccount = 'pot' | { readonly seat: number }

/** Every chip movement inside a game is one of these events; the store turns them into ledger rows. */
export interface ChipEvent {
  readonly type: 'chips'
  readonly from: ChipAccount
  readonly to: ChipAccount
  readonly amount: number
  readonly reason: string
}

/** One move of a deal with the states around it, as the scenario writer (`/table log`) reads a table's log. */
export interface LoggedMove<S, A> {
  readonly seat: number
  readonly action: A
  readonly before: S
  readonly after: S
}

/** Chips each seat of a chip game sits down with when the caller names no stacks (e.g. a scenario without "stacks"). */
export const DEFAULT_STACK = 100

export interface SetupParams<O> {
  readonly players: number
  readonly dealer: number
  readonly options: O
  readonly seed: number
  /** Fixed decks, top card first, used before any shuffled from the seed. */
  readonly decks?: readonly (readonly Card[])[]
  /** Fixed orders of the piles made by shuffling discards (Badugi), top card first, used before the seed's. */
  readonly reshuffles?: readonly (readonly Card[])[]
  /** Keep every deck and reshuffle in the state's supply (`DeckSupply.record`): the scenario writer asks for it. */
  readonly record?: boolean
  /** Chip games: each seat's chips at the table. */
  readonly stacks?: readonly number[]
  /** Chip games: chips already in the pot, carried over from earlier games at this table. */
  readonly pot?: number
  /** Chip games: what each seat has paid into the carried pot (for refunds when the table closes). */
  readonly potShares?: readonly number[]
  /** The number of this game at its table (default 1): Badugi hands count on across fresh deals. */
  readonly gameNo?: number
}

/**
 * acting: some seat must act. between: a deal ended and the next one continues the same game
 * (Bugami deals towards the target). gameOver: a game (a Bugami match, a Bura game, a Badugi
 * hand) ended; `nextDeal` starts another at the same table where the game allows it.
 */
export type Progress = 'acting' | 'between' | 'gameOver'

/** The per-game part of the replay output (docs/rules/scenarios.md). */
export interface ReplaySummary {
  readonly phase: string
  readonly over: boolean
  readonly seats: readonly Record<string, unknown>[]
  readonly pot?: number
  readonly winners?: readonly number[]
  readonly [extra: string]: unknown
}

export interface ChipTotals {
  readonly stacks: readonly number[]
  readonly pot: number
}

/**
 * How a table hosts the game, beyond dealing and playing: what the table layer reads instead of
 * looking inside the engine's state.
 */
export interface TableFacts<A, O> {
  /** Between games the table stays open: players may join, leave and buy in, and anyone seated deals the next game. */
  readonly betweenGames: boolean
  /** The pot (and its shares) carries from one game to the next. */
  readonly carriesPot: boolean
  /** Leaving mid-game is this engine action (Badugi folds and cashes out at once); null: the seat is auto-played. */
  readonly leaveAction: A | null
  /** The options set from the server's default stakes; the creator naming any of them turns the defaults off. */
  readonly stakeOptions: readonly (keyof O & string)[]
  /** The values of `stakeOptions` for the server's default stakes. */
  stakes(stakes: number): Partial<O>
  /**
   * Under these options the table is a freeze-out: one buy-in for everyone, nobody joins after
   * the start, a seat that stands up stays in play, and the match is over when the engine
   * refuses the next deal.
   */
  freezeout(options: O): boolean
  /**
   * Under these options the freeze-out is a tournament: each entry fee goes into a prize pool
   * and the stacks are tournament chips; `prizes` splits the pool by finishing place (index 0:
   * the winner) and adds up to it. Absent or null: not a tournament.
   */
  tournament?(options: O): Tournament | null
}

/** A tournament's prize split (TableFacts.tournament). */
export interface Tournament {
  prizes(pool: number, entrants: number): number[]
}

/** The table facts of a game played once to its end for points: no chips, nothing between games. */
export function pointsTable<A, O>(): TableFacts<A, O> {
  return {
    betweenGames: false,
    carriesPot: false,
    leaveAction: null,
    stakeOptions: [],
    stakes: () => ({}),
    freezeout: () => false,
  }
}

export interface GameEngine<S, A extends { readonly type: string }, O, V, E extends { readonly type: string }> {
  /** The game's id: its slash command, custom_id and store name (lower case letters). */
  readonly id: string
  readonly title: string
  readonly minPlayers: number
  readonly maxPlayers: number
  /** True for chip games (stacks and a pot), false for points games. */
  readonly usesChips: boolean
  /** Strict: unknown options are rejected; missing ones take their defaults. */
  readonly optionsSchema: ZodType<O, ZodTypeDef, unknown>
  /** The scenario/wire form of an action; card strings are normalised to card codes. */
  readonly actionSchema: ZodType<A, ZodTypeDef, unknown>

  /** Deals the first deal (or game, or hand). Refuses a fixed deck that is not this game's deck. */
  setup(params: SetupParams<O>): Outcome<Transition<S, E>>
  progress(state: S): Progress
  /** Seats the game waits for now; several at once while Bugami bids are open. */
  waitingFor(state: S): number[]
  /** Every action `seat` may take now (for amounts in a range: the ends of the range). */
  legalActions(state: S, seat: number): A[]
  apply(state: S, seat: number, action: A): Outcome<Transition<S, E>>
  /** Starts the next deal, game or hand when progress is 'between' or 'gameOver'. */
  nextDeal(state: S): Outcome<Transition<S, E>>
  /**
   * What a move of kind `type` by `seat` means in this state, as a short canonical string: the
   * phase, deal and turn it belongs to, and what it answers (the amount to call, the trick in
   * progress, the seat's own bid). A control drawn in one state is still good in another exactly
   * when the two give the same context (docs/render.md, "Stale controls"). Whatever else may
   * change (other seats' secret bids, a fold elsewhere, a trick taken) leaves it alone. After a
   * seat's own move, the same move is either illegal or has a new context, so one control never
   * applies twice. Never holds a card: it only tells states apart.
   */
  moveContext(state: S, seat: number, type: A['type']): string
  /** What a sensible player would do for a seat whose time ran out; null if it has nothing to do. */
  autoAction(state: S, seat: number): A | null
  /**
   * A legal move drawn from `rng` the way a careless but not foolish player might make it, so
   * that random games are played out to their end (simulate, the contract test) instead of being
   * cut short by moves no player makes blindly (a Bura declaration without 31, a Badugi fold with
   * nothing to call). Every legal move stays possible; null if the seat has nothing to do.
   */
  randomAction(state: S, seat: number, rng: Rng): A | null
  /**
   * Optional, for the scenario writer (`/table log`, src/tables/scenario/): cards that `seat`, by
   * making `action` in `before`, showed everyone it does not hold, from then to the end of the
   * deal (Bugami: not following suit shows a void); null when the move shows nothing of the kind.
   * The cards a viewer has not seen are dealt afresh only where the moves allow them.
   */
  lacks?(before: S, seat: number, action: A): ((card: Card) => boolean) | null
  /**
   * Optional, for the scenario writer: a deal's moves as a file for `viewer` writes them. What a
   * move kept secret from the viewer besides cards (Bugami: a bid while bids are open; Bura:
   * whether a face-down play lies face down by choice) is written as a choice that shows the
   * viewer exactly the same, drawn from `rng` where the truth is still secret; null leaves out a
   * move that showed the viewer nothing at all. Without it every move is written as made.
   */
  writtenMoves?(moves: readonly LoggedMove<S, A>[], viewer: number | null, rng: Rng): (A | null)[]
  /** What one seat may know (null: a spectator). Never holds another seat's hidden card. */
  view(state: S, viewer: number | null): V
  /** The cards `viewer` must not see right now: the test oracle for views and logs. */
  hiddenFrom(state: S, viewer: number | null): Card[]
  /** Broken invariants (cards or chips not conserved, impossible counts); [] when sound. */
  invariants(state: S): string[]
  /** Chip games: the chips at the table; null for points games. */
  chipTotals(state: S): ChipTotals | null
  summary(state: S): ReplaySummary
  readonly table: TableFacts<A, O>
  /** Whether `seat` took part in the game that just ended (Bura deals out seats that cannot pay the ante). */
  playedIn(state: S, seat: number): boolean
  /** What each seat has paid into the pot now (chip games; [] for points games). */
  potShares(state: S): readonly number[]
  /** The seat to deal the next game, in this game's seating. */
  nextDealer(state: S): number
  /**
   * Skill ratings: how the game that just ended ranks its seats (1 best, equal places tie, null
   * for a seat not in it), or null when it is not rated on its own (a game of a longer match, a
   * cash hand). Absent: the game is never rated by itself.
   */
  placings?(state: S): Placings | null
}

// The registry and the generic tools see engines with their types erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngine = GameEngine<any, any, any, any, any>
