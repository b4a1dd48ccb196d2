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

  /** Appends entries numbered from `firstSeq` (the table's log size). */
  async append(tableId: string, firstSeq: number, entries: readonly LogEntryInput[]): Promise<void> {
    if (!entries.length) return
    const at = new Date(this.now())
    const data = entries.map((e, i) => ({
      tableId,
      seq: firstSeq + i,
      kind: e.kind,
      seat: e.seat,
      userId: e.userId,
      payload: JSON.stringify(e.payload),
      interactionId: e.interactionId ?? null,
      createdAt: at,
    }))
    if (data.length === 1) await this.db.actionLog.create({ data: data[0]! })
    else await this.db.actionLog.createMany({ data })
  }

  /** The table (and the version it produced) an interaction was applied to, if it was. */
  async interaction(interactionId: string): Promise<{ tableId: string; version: number } | null> {
    return this.db.interaction.findUnique({ where: { id: interactionId }, select: { tableId: true, version: true } })
  }

  /** Marks an interaction applied; a second insert of the same id is a unique violation. */
  async recordInteraction(interactionId: string, tableId: string, version: number): Promise<void> {
    await this.db.interaction.create({ data: { id: interactionId, tableId, version, createdAt: new Date(this.now()) } })
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
