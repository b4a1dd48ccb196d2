import { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

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
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Appends entries numbered from `firstSeq` (the table's log size): one raw INSERT (hot path). */
  async append(tableId: string, firstSeq: number, entries: readonly LogEntryInput[]): Promise<void> {
    if (!entries.length) return
    const at = new Date(this.now())
    const values = entries.map(
      (e, i) => Prisma.sql`(${tableId}, ${firstSeq + i}, ${e.kind}, ${e.seat}, ${e.userId}, ${JSON.stringify(e.payload)}, ${e.interactionId ?? null}, ${at})`,
    )
    await this.db.$executeRaw`INSERT INTO "ActionLog" ("tableId", "seq", "kind", "seat", "userId", "payload", "interactionId", "createdAt") VALUES ${Prisma.join(values)}`
  }

  /** The table (and the version it produced) an interaction was applied to, if it was. */
  async interaction(interactionId: string): Promise<{ tableId: string; version: number } | null> {
    return this.db.interaction.findUnique({ where: { id: interactionId }, select: { tableId: true, version: true } })
  }

  /** Marks an interaction applied; a second insert of the same id is a unique violation. */
  async recordInteraction(interactionId: string, tableId: string, version: number): Promise<void> {
    await this.db.$executeRaw`INSERT INTO "Interaction" ("id", "tableId", "version", "createdAt") VALUES (${interactionId}, ${tableId}, ${version}, ${new Date(this.now())})`
  }

  async list(tableId: string): Promise<LogEntry[]> {
    const rows = await this.db.actionLog.findMany({ where: { tableId }, orderBy: { seq: 'asc' } })
    return rows.map((r) => ({
      seq: r.seq,
      kind: r.kind as LogKind,
      seat: r.seat,
      userId: r.userId,
      payload: JSON.parse(r.payload) as unknown,
      interactionId: r.interactionId,
      at: r.createdAt.getTime(),
    }))
  }
}
