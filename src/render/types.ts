import type { SeatSnapshot, TableSnapshot } from '../tables/types.js'
import type { APIEmbedField } from 'discord.js'
import type { Row } from './payload.js'
import type { Lang } from '../i18n/index.js'

/**
 * What render needs of a table: the table service's `TableSnapshot` without what only the
 * service uses, so a snapshot is passed as it is and tests can build one by hand.
 */
export type RenderSeat = Pick<SeatSnapshot, 'userId' | 'position' | 'stack' | 'status' | 'away'>

export type RenderTable = Omit<
  TableSnapshot,
  'guildId' | 'channelId' | 'messageId' | 'remindedFor' | 'seats' | 'waitingFor' | 'endAfterGame' | 'createdAt'
> &
  Partial<Pick<TableSnapshot, 'guildId' | 'channelId' | 'messageId' | 'endAfterGame'>> & {
    readonly seats: readonly RenderSeat[]
  }

/** What a game's renderer knows about the table around the view. */
export interface RenderContext {
  /** The language the view is drawn in: the server's for public messages, the member's for private views. */
  readonly lang: Lang
  readonly table: RenderTable
  /** The seat's player as the table shows them (a mention), or "Seat N" when nobody sits there. */
  name(position: number): string
  /** Table options after defaults (the engine's). */
  readonly options: Readonly<Record<string, unknown>>
  /**
   * False once the table has finished or was closed: nobody is waited for any more, so no turn
   * marker (▶) and no "to play" may show, whatever the last state says.
   */
  readonly live: boolean
}

/** Where a seat's controls point: the table, and each move's context token for that seat. */
export interface ControlScope {
  readonly tableId: string
  /** The token of a move of this engine action type (`moveToken`). */
  token(type: string): string
}

/** What a game's renderer knows when it draws one seat's private view. */
export interface PrivateContext extends RenderContext {
  readonly controls: ControlScope
}

/** The game-specific part of the public message. */
export interface PublicParts {
  /** One line per seat (in seat order), markers already added by the game. */
  readonly status: string
  readonly seatLines: readonly string[]
  readonly fields: readonly APIEmbedField[]
  /** Set once the game (Bugami deal or match, Bura game, Badugi hand) has a result. */
  readonly result: GameResult | null
}

/**
 * A game's result as players scroll back to it: `headline` is one line (who won what; the next
 * game's table message repeats it), `details` the lines under it (per player, per pot, the last
 * trick). Only what the rules reveal at that point: showdown hands, never a folded one.
 */
export interface GameResult {
  readonly headline: string
  readonly details: readonly string[]
}

/** The game-specific part of a seat's private message. */
export interface PrivateParts {
  readonly title: string
  readonly description: string
  readonly fields: readonly APIEmbedField[]
  readonly rows: readonly Row[]
}
