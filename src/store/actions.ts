import { Prisma } from '../generated/prisma/client.js'
import { msOrNull, num, numOrNull, type Sql } from './sql.js'

/**
 * setup: a game dealt from parameters (SetupParams as JSON); action: a player's move;
 * auto: the automatic move of a timed-out, away or departed seat; nextDeal: the engine's
 * nextDeal. Folding a table's entries through the engine rebuilds its state.
 */
export type LogKind = 'setup' | 'action' | 'auto' | 'nextDeal'

export interface LogEntryInput {
  readonly kind: LogKind
  readonly seat: number | null
  readonly userId: string | null
  readonly payload: unknown
  readonly interactionId?: string | null
}

export interface LogEntry extends LogEntryInput {
  readonly seq: number
  readonly at: number
}

/** The append-only action log of every table, and the interactions already applied. */
export class ActionLog {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** Appends entries numbered from `firstSeq` (the table's log size): one raw INSERT (hot path). */
  async append(tableId: string, firstSeq: number, entries: readonly LogEntryInput[]): Promise<void> {
    const q = this.appendStatement(tableId, firstSeq, entries)
    if (q) await this.sql.execute(q)
  }

  /** `append`'s statement (null: nothing to append), to write with others (`Sql.executeAll`). */
  appendStatement(tableId: string, firstSeq: number, entries: readonly LogEntryInput[]): Prisma.Sql | null {
    if (!entries.length) return null
    const at = new Date(this.now())
    const values = entries.map(
      (e, i) =>
        Prisma.sql`(${tableId}, ${firstSeq + i}, ${e.kind}, ${e.seat}, ${e.userId}, ${JSON.stringify(e.payload)},
          ${e.interactionId ?? null}, ${at})`,
    )
    return Prisma.sql`INSERT INTO "ActionLog" ("tableId", "seq", "kind", "seat", "userId", "payload",
        "interactionId", "createdAt") VALUES ${Prisma.join(values)}`
  }

  /** The table (and the version it produced) an interaction was applied to, if it was. */
  async interaction(interactionId: string): Promise<{ tableId: string; version: number } | null> {
    const [row] = await this.sql.query<{ tableId: string; version: unknown }>(
      Prisma.sql`SELECT "tableId", "version" FROM "Interaction" WHERE "id" = ${interactionId}`,
    )
    return row ? { tableId: row.tableId, version: num(row.version) } : null
  }

  /** Marks an interaction applied; a second insert of the same id is a unique violation. */
  async recordInteraction(interactionId: string, tableId: string, version: number): Promise<void> {
    await this.sql.execute(this.interactionStatement(interactionId, tableId, version))
  }

  /** `recordInteraction`'s statement, to write with others (`Sql.executeAll`). */
  interactionStatement(interactionId: string, tableId: string, version: number): Prisma.Sql {
    return Prisma.sql`INSERT INTO "Interaction" ("id", "tableId", "version", "createdAt") VALUES
        (${interactionId}, ${tableId}, ${version}, ${new Date(this.now())})`
  }

  /** The kind of the latest move made for a user at a table (`action` or `auto`), null before any. */
  async lastMoveKind(tableId: string, userId: string): Promise<LogKind | null> {
    const [row] = await this.sql.query<{ kind: string }>(
      Prisma.sql`SELECT "kind" FROM "ActionLog" WHERE "tableId" = ${tableId} AND "userId" = ${userId}
        ORDER BY "seq" DESC LIMIT 1`,
    )
    return row ? (row.kind as LogKind) : null
  }

  /** The whole log of a table, oldest first. */
  list(tableId: string): Promise<LogEntry[]> {
    return this.entries(tableId, Prisma.empty)
  }

  /** The entries of the game now at the table: from its last setup entry on. */
  currentGame(tableId: string): Promise<LogEntry[]> {
    return this.entries(
      tableId,
      Prisma.sql`AND "seq" >= (SELECT MAX("seq") FROM "ActionLog" WHERE "tableId" = ${tableId} AND "kind"
        = ${'setup'})`,
    )
  }

  private async entries(tableId: string, where: Prisma.Sql): Promise<LogEntry[]> {
    const rows = await this.sql.query<{
      seq: unknown
      kind: string
      seat: unknown
      userId: string | null
      payload: string
      interactionId: string | null
      createdAt: unknown
    }>(
      Prisma.sql`SELECT "seq", "kind", "seat", "userId", "payload", "interactionId", "createdAt" FROM
        "ActionLog" WHERE "tableId" = ${tableId} ${where} ORDER BY "seq"`,
    )
    return rows.map((r) => ({
      seq: num(r.seq),
      kind: r.kind as LogKind,
      seat: numOrNull(r.seat),
      userId: r.userId,
      payload: JSON.parse(r.payload) as unknown,
      interactionId: r.interactionId,
      at: msOrNull(r.createdAt)!,
    }))
  }
}
