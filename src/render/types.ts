import type { GameId, Progress } from '../games/core/engine.js'
import type { APIEmbedField } from 'discord.js'
import type { Row } from './payload.js'

/**
 * What render needs of a table: a structural subset of the table service's `TableSnapshot`
 * (src/tables), so a snapshot is passed as it is.
 */
export interface RenderSeat {
  readonly userId: string
  /** The engine seat in the current game; null: not in it. */
  readonly position: number | null
  readonly stack: number
  readonly status: 'seated' | 'left'
  readonly away: boolean
}

export interface RenderTable {
  readonly id: string
  readonly game: GameId
  readonly guildId?: string
  readonly channelId?: string
  readonly messageId?: string | null
  readonly status: 'lobby' | 'playing' | 'finished' | 'aborted'
  readonly creatorId: string
  readonly options: Readonly<Record<string, unknown>>
  readonly buyIn: number
  readonly turnMs: number
  readonly version: number
  readonly deadlineAt: number | null
  readonly pot: number
  readonly seats: readonly RenderSeat[]
  /** The engine state; render reads it only through the engine (view, legalActions, waitingFor). */
  readonly state: unknown
  readonly progress: Progress | null
  readonly gamesPlayed: number
}

/** What a game's renderer knows about the table around the view. */
export interface RenderContext {
  readonly table: RenderTable
  /** The seat's player as the table shows them (a mention), or "Seat N" when nobody sits there. */
  name(position: number): string
  /** Table options after defaults (the engine's). */
  readonly options: Readonly<Record<string, unknown>>
}

/** The game-specific part of the public message. */
export interface PublicParts {
  /** One line per seat (in seat order), markers already added by the game. */
  readonly status: string
  readonly seatLines: readonly string[]
  readonly fields: readonly APIEmbedField[]
  /** Set once the game (match, Bura game, Badugi hand) has a result. */
  readonly result: string | null
}

/** The game-specific part of a seat's private message. */
export interface PrivateParts {
  readonly title: string
  readonly description: string
  readonly fields: readonly APIEmbedField[]
  readonly rows: readonly Row[]
}
