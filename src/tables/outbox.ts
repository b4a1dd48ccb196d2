import type { DeliveredEffect, EffectRecord, Effects } from '../store/effects.js'
import type { TableVersion } from '../store/tables.js'
import type { TableSnapshot } from './types.js'

/** A delivery's read: the table's effects, and the table itself as of that read. */
export interface OutboxRead {
  /** The table's effects still to deliver, oldest first. */
  readonly pending: EffectRecord[]
  /** Its turn pings whose message is still up, oldest first. */
  readonly posted: EffectRecord[]
  /** The table at the version the effects were read with (or later), null when it is gone. */
  table(): Promise<TableSnapshot | null>
  /**
   * The newest game result of `table` (as `table()` gave it): the one read with the effects when
   * the table is at the version read then, else read now (a change since may have ended a game).
   */
  latestResult(table: TableSnapshot): Promise<EffectRecord | null>
}

/** The table at the version seen (no read when it is the version this process last wrote); else as stored now. */
export type TableAt = (tableId: string, seen: TableVersion | null) => Promise<TableSnapshot | null>

/**
 * The outbox as delivery sees it (src/discord/desk.ts and outbox.ts): the effects each change
 * wrote for Discord to show (effects.ts), read back and marked as Discord shows them. Only what
 * delivery needs; the changes themselves write their effects in their own transaction.
 */
export interface TableOutbox {
  /** A table's effects still to deliver, oldest first. */
  pending(tableId: string): Promise<EffectRecord[]>
  /**
   * What a delivery reads: the pending effects and the pings still up in one statement, and the
   * table, which needs no read of its own when this process wrote its latest version.
   */
  read(tableId: string): Promise<OutboxRead>
  /** Every table with effects still to deliver (start-up catches up with them). */
  pendingTables(): Promise<string[]>
  /** The newest game result of a table (delivered or not), null before the first. */
  latestResult(tableId: string): Promise<EffectRecord | null>
  /** Marks effects delivered (or, with `messageId`, one effect delivered as that message). */
  done(ids: readonly number[], messageId?: string | null): Promise<void>
  /** A delivery's marks together: effects delivered (as their messages), and pings taken back (messages deleted). */
  delivered(done: readonly DeliveredEffect[], forgotten: readonly number[]): Promise<void>
  /** A failed attempt: try again from `dueAt`, or give up once `giveUp` is true. */
  retry(ids: readonly number[], dueAt: number, giveUp: boolean): Promise<void>
  /** The table message is to be drawn again at `version` (never posted, or deleted while the bot was down). */
  addRefresh(tableId: string, version: number): Promise<void>
}

/** The outbox over the store's effects repository. */
export function tableOutbox(effects: Effects, tableAt: TableAt): TableOutbox {
  return {
    pending: (tableId) => effects.pending(tableId),
    read: async (tableId) => {
      const read = await effects.forDelivery(tableId)
      return {
        pending: read.pending,
        posted: read.posted,
        table: () => tableAt(tableId, read.table),
        latestResult: async (table) =>
          read.table && table.id === tableId && table.version === read.table.version
            ? read.latestResult()
            : effects.latestResult(table.id),
      }
    },
    pendingTables: () => effects.pendingTables(),
    latestResult: (tableId) => effects.latestResult(tableId),
    done: (ids, messageId) => effects.done(ids, messageId),
    delivered: (done, forgotten) => effects.delivered(done, forgotten),
    retry: (ids, dueAt, giveUp) => effects.retry(ids, dueAt, giveUp),
    addRefresh: (tableId, version) => effects.add(tableId, version, [{ kind: 'refresh' }]),
  }
}
