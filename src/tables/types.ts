import type { Outcome, Progress } from '../core/engine.js'
import type { CloseReason } from './close-reasons.js'

/**
 * What the table service hands to the bot. No Discord types: user, guild and channel ids are
 * plain strings. Every method answers with an `Outcome` (from the engine core): `{ok: true,
 * value}` or `{ok: false, error: {code, message}}` where `message` can be shown to the user
 * as-is. User mistakes are never thrown; a throw means a bug or a broken database.
 */
export type { Outcome }

export type TableStatus = 'lobby' | 'playing' | 'finished' | 'aborted'

export interface SeatSnapshot {
  readonly userId: string
  /** The engine seat in the current game (events and views use it); null: not in this game. */
  readonly position: number | null
  /** Chips at the table (chip games; 0 for Bugami). */
  readonly stack: number
  /** Chips brought and not taken away: the seat's result at the table is `stack - brought`. */
  readonly brought: number
  /** `left`: stood up; during a Bugami/Bura game the seat is auto-played until the game ends. */
  readonly status: 'seated' | 'left'
  /** Timed out 3 turns in a row: auto-played at once until the player acts again. */
  readonly away: boolean
  readonly missedTurns: number
  readonly joinOrder: number
}

export interface TableSnapshot {
  readonly id: string
  readonly game: string
  readonly guildId: string
  readonly channelId: string
  /** The public table message, once the bot has posted it (`setMessageId`). */
  readonly messageId: string | null
  readonly status: TableStatus
  readonly creatorId: string
  /** Engine options after validation (defaults filled in). */
  readonly options: Readonly<Record<string, unknown>>
  /** Chips each player brings when joining (chip games), 0 for Bugami. */
  readonly buyIn: number
  /** Time a seat has to act, in ms (30 s .. 48 h). */
  readonly turnMs: number
  /** Bura and Badugi: the break after a game before the next one is dealt by itself (0 .. 1 h, in ms). */
  readonly breakMs: number
  /** Bumped by every change: `expectedVersion` refuses a change judged on another version. */
  readonly version: number
  /** When the waited-for seats time out (ms since epoch); null when nothing waits. */
  readonly deadlineAt: number | null
  /** The deadline whose turn reminder was written to the outbox (`TableService.remind`), if any. */
  readonly remindedFor: number | null
  /** Chips in the pot(s) now, or carried to the next Bura game. */
  readonly pot: number
  /** The agreed end (ms since epoch; Bura and Badugi), null when none was agreed. */
  readonly endsAt: number | null
  /** All who ever sat here, in join order (left ones too, with status 'left'). */
  readonly seats: readonly SeatSnapshot[]
  /** The engine state (never show it raw: use `TableService.view`). Null in the lobby. */
  readonly state: unknown
  /** Null in the lobby and after the table ended. */
  readonly progress: Progress | null
  /** User ids the game waits for now. */
  readonly waitingFor: readonly string[]
  /** Games finished here (Bugami matches, Bura games, Badugi hands). */
  readonly gamesPlayed: number
  /** The host ended the table during a game: it closes when that game is over. */
  readonly endAfterGame: boolean
  /** When the table was opened (ms since epoch). */
  readonly createdAt: number
}

/** Table-level facts for the public log (engine events are separate, in `events`). */
export type TableEvent =
  | { readonly type: 'created'; readonly userId: string }
  /** `entryFee`: a tournament's entrant, whose buy-in is the entry fee paid into the prize pool. */
  | { readonly type: 'joined'; readonly userId: string; readonly buyIn: number; readonly entryFee?: boolean }
  /** `by`: who removed the player (`/table kick`); null when they stood up themselves. */
  | { readonly type: 'left'; readonly userId: string; readonly cashedOut: number; readonly by: string | null }
  /** `practice`: topped up in practice chips (a table with AI seats), the wallet untouched. */
  | { readonly type: 'rebuy'; readonly userId: string; readonly amount: number; readonly practice?: boolean }
  | { readonly type: 'started'; readonly dealer: number; readonly seed: number }
  | { readonly type: 'nextGame'; readonly dealer: number | null; readonly seed: number | null }
  | { readonly type: 'autoMove'; readonly userId: string; readonly position: number; readonly action: unknown }
  | { readonly type: 'away'; readonly userId: string }
  | { readonly type: 'back'; readonly userId: string }
  /** Every seat is away, gone or an AI's: the table closes between games (or deals of a match). */
  | { readonly type: 'deserted' }
  | { readonly type: 'gameOver'; readonly winners: readonly string[] }
  /** A match table is over (freeze-out won, agreed end reached): everyone's result, best first. */
  | {
      readonly type: 'final'
      readonly reason: 'freezeout' | 'agreedEnd'
      readonly standings: readonly { userId: string; stack: number; result: number }[]
      readonly winners: readonly string[]
      /** A tournament: what its prize pool paid, by finishing place (docs/tournaments.md). */
      readonly prizes?: readonly { userId: string; amount: number; place: number | null }[]
    }
  /** The host ended the table during a game: it closes when the game is over. */
  | { readonly type: 'endRequested'; readonly userId: string }
  /** Closed at once (closing.ts `closeFor`): what each seat got back (practice chips at a practice table). */
  | {
      readonly type: 'voided'
      readonly reason: CloseReason
      readonly by: string | null
      readonly returns: readonly { userId: string; amount: number }[]
    }
  | {
      readonly type: 'ended'
      readonly status: 'finished' | 'aborted'
      readonly refunds: readonly { userId: string; amount: number }[]
    }

export interface TableUpdate {
  /** The table after the change. */
  readonly table: TableSnapshot
  /** Engine events of this change, in order (public facts; seats are engine positions). */
  readonly events: readonly unknown[]
  /** Indexes in `events` of the events automatic moves produced. */
  readonly automatic: readonly number[]
  readonly tableEvents: readonly TableEvent[]
  /** Users whose turn it is now (ping them). */
  readonly ping: readonly string[]
  readonly deadlineAt: number | null
  /** True when this interaction id was already applied: nothing changed now. */
  readonly duplicate: boolean
}

export interface CreateTableInput {
  readonly guildId: string
  readonly channelId: string
  /** A table opened in a thread: the thread's channel, where the server's table channels apply. */
  readonly parentId?: string
  readonly game: string
  readonly creatorId: string
  /** Engine options (validated by the engine's optionsSchema; unknown keys are refused). */
  readonly options?: Record<string, unknown>
  /** Turn deadline in seconds, 30 .. 172800; default: the server setting (12 h). */
  readonly turnSeconds?: number
  /** Chip games: chips each player brings; default: the server setting. */
  readonly buyIn?: number
  /** Bura and Badugi: the agreed end, this long from now (1 minute .. 30 days); none by default. */
  readonly endsInMs?: number
  /** Bura and Badugi: the break between games in seconds, 0 .. 3600; default 2 minutes. */
  readonly breakSeconds?: number
  /** The creator has Manage Server: the limit on open tables per member does not apply. */
  readonly exempt?: boolean
}

export interface ActOptions {
  /** The Discord interaction id: the same id is applied once, a repeat answers `duplicate`. */
  readonly interactionId?: string
  /** The version the user saw; a different current version is refused ("the table changed"). */
  readonly expectedVersion?: number
  /**
   * `act`: the move's context token the control was drawn with (`moveToken`); `leave`: the
   * confirmed leave's token (`leaveToken`). Refused as stale when the context differs now,
   * whatever else changed (docs/render.md).
   */
  readonly expectedToken?: string
}

/** A game's engine events as the table log shows them: in order, automatic moves marked. */
export interface GameEvents {
  readonly events: readonly unknown[]
  /** Indexes in `events` of the events automatic moves produced. */
  readonly automatic: readonly number[]
}

export interface ActiveTable {
  readonly id: string
  readonly game: string
  readonly guildId: string
  readonly channelId: string
  readonly status: 'lobby' | 'playing'
  readonly version: number
  readonly deadlineAt: number | null
}

/** Called with what a timer did (automatic moves, a table closed): the bot renders it. */
export type TimerListener = (update: TableUpdate) => void
