import type { LogEntryInput, LogKind } from '../store/actions.js'

/**
 * The kind of each player's latest log entry at the open tables this process changed, as of the
 * version its last change wrote. Every private view asks whether its player's latest move was
 * automatic (a round trip to the database on PostgreSQL); the process that wrote a table's log
 * knows the answer. A table's version is bumped by every change, by any process, so a view of a
 * table at the version kept here sees exactly the log this process wrote; at any other version
 * (another process changed the table) the database is asked.
 */
export class LastMoves {
  private readonly byTable = new Map<
    string,
    { readonly version: number; readonly kinds: Map<string, LogKind | null> }
  >()

  /**
   * A change to `tableId` committed at `version`, appending `log`: the players' kinds of the
   * version before (when kept) with the new entries on top. An ended table is forgotten.
   */
  wrote(tableId: string, version: number, log: readonly LogEntryInput[], open: boolean): void {
    const before = this.byTable.get(tableId)
    this.byTable.delete(tableId)
    if (!open) return
    const kinds = before?.version === version - 1 ? before.kinds : new Map<string, LogKind | null>()
    for (const entry of log) if (entry.userId !== null) kinds.set(entry.userId, entry.kind)
    this.byTable.set(tableId, { version, kinds })
  }

  /** The kind of `userId`'s latest entry at the table at `version` (null: none); undefined when not known here. */
  kind(tableId: string, version: number, userId: string): LogKind | null | undefined {
    const kept = this.byTable.get(tableId)
    return kept?.version === version ? kept.kinds.get(userId) : undefined
  }

  /**
   * What the database answered for `userId` at a view of `version`: kept while this process's
   * last change is still that version. (The database may answer from a later change of this
   * process being committed; that change's `wrote` then sets every player it moved.)
   */
  learned(tableId: string, version: number, userId: string, kind: LogKind | null): void {
    const kept = this.byTable.get(tableId)
    if (kept?.version === version) kept.kinds.set(userId, kind)
  }

  /** The table changed in a way this process did not follow (a failed write, another path). */
  forget(tableId: string): void {
    this.byTable.delete(tableId)
  }

  /** The tables kept here: the upkeep sweep forgets those another process closed. */
  tableIds(): IterableIterator<string> {
    return this.byTable.keys()
  }
}
