import type { EffectRecord, Effects } from '../store/effects.js'

/**
 * The outbox as delivery sees it (src/discord/desk.ts and outbox.ts): the effects each change
 * wrote for Discord to show (effects.ts), read back and marked as Discord shows them. Only what
 * delivery needs; the changes themselves write their effects in their own transaction.
 */
export interface TableOutbox {
  /** A table's effects still to deliver, oldest first. */
  pending(tableId: string): Promise<EffectRecord[]>
  /** Every table with effects still to deliver (start-up catches up with them). */
  pendingTables(): Promise<string[]>
  /** Turn pings posted before effect `beforeId` whose message is still up. */
  postedPings(tableId: string, beforeId: number): Promise<EffectRecord[]>
  /** The newest game result of a table (delivered or not), null before the first. */
  latestResult(tableId: string): Promise<EffectRecord | null>
  /** Marks effects delivered (or, with `messageId`, one effect delivered as that message). */
  done(ids: readonly number[], messageId?: string | null): Promise<void>
  /** Unpings delivered, and the posted pings they took back (messages deleted) forgotten, together. */
  unpinged(unpings: readonly number[], deleted: readonly number[]): Promise<void>
  /** A failed attempt: try again from `dueAt`, or give up once `giveUp` is true. */
  retry(ids: readonly number[], dueAt: number, giveUp: boolean): Promise<void>
  /** The table message is to be drawn again at `version` (never posted, or deleted while the bot was down). */
  addRefresh(tableId: string, version: number): Promise<void>
}

/** The outbox over the store's effects repository. */
export function tableOutbox(effects: Effects): TableOutbox {
  return {
    pending: (tableId) => effects.pending(tableId),
    pendingTables: () => effects.pendingTables(),
    postedPings: (tableId, beforeId) => effects.postedPings(tableId, beforeId),
    latestResult: (tableId) => effects.latestResult(tableId),
    done: (ids, messageId) => effects.done(ids, messageId),
    unpinged: (unpings, deleted) => effects.unpinged(unpings, deleted),
    retry: (ids, dueAt, giveUp) => effects.retry(ids, dueAt, giveUp),
    addRefresh: (tableId, version) => effects.add(tableId, version, [{ kind: 'refresh' }]),
  }
}
