import { Prisma } from '../generated/prisma/client.js'
import type { Sql } from './sql.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long what the bot no longer needs is kept (docs/database.md, "Retention"). */
export interface RetentionWindows {
  /** A closed table with its seats, log, effects, interactions (`/table log`): TABLE_LOG_RETENTION_DAYS. */
  readonly closedTableMs: number
  /** A delivered (or given up) effect nothing reads again. */
  readonly deliveredEffectMs: number
  /** An interaction id remembered against a second delivery (Discord re-sends within minutes). */
  readonly interactionMs: number
}

export const DEFAULT_RETENTION: RetentionWindows = {
  closedTableMs: 30 * DAY_MS,
  deliveredEffectMs: DAY_MS,
  interactionMs: DAY_MS,
}

/** Rows removed by one pass, per kind. */
export interface Pruned {
  readonly tables: number
  readonly effects: number
  readonly interactions: number
}

/** Rows deleted per statement, so that one pass never holds the database for long. */
const BATCH = 500

/**
 * Removes what is past its window, in batches: closed tables (their seats and action log go with
 * them, by cascade; their effects, interactions and deadline claim by hand), delivered effects no
 * query reads again, and old interaction ids. Never a chip row: the ledger, wallets and stats stay.
 * An open table keeps its newest result (the next game's message repeats it) and its pings still
 * up in the channel (the next ping deletes them).
 */
export class Retention {
  constructor(private readonly sql: Sql) {}

  async prune(now: number, windows: RetentionWindows = DEFAULT_RETENTION): Promise<Pruned> {
    const tables = await this.pruneTables(new Date(now - windows.closedTableMs))
    const effects = await this.pruneEffects(new Date(now - windows.deliveredEffectMs))
    const interactions = await this.until((limit) =>
      this.sql.execute(Prisma.sql`DELETE FROM "Interaction" WHERE "id" IN (SELECT "id" FROM "Interaction"
        WHERE "createdAt" < ${new Date(now - windows.interactionMs)} LIMIT ${limit})`),
    )
    return { tables, effects, interactions }
  }

  private async pruneTables(endedBefore: Date): Promise<number> {
    let removed = 0
    for (;;) {
      const ids = (
        await this.sql.query<{ id: string }>(
          Prisma.sql`SELECT "id" FROM "GameTable" WHERE "status" IN (${'finished'}, ${'aborted'})
            AND "endedAt" < ${endedBefore} LIMIT ${BATCH}`,
        )
      ).map((r) => r.id)
      if (ids.length === 0) return removed
      const list = Prisma.join(ids)
      for (const table of ['TableEffect', 'Interaction', 'DeadlineClaim'])
        await this.sql.execute(Prisma.sql`DELETE FROM ${Prisma.raw(`"${table}"`)} WHERE "tableId" IN (${list})`)
      removed += await this.sql.execute(Prisma.sql`DELETE FROM "GameTable" WHERE "id" IN (${list})`)
    }
  }

  private pruneEffects(before: Date): Promise<number> {
    return this.until((limit) =>
      this.sql.execute(Prisma.sql`DELETE FROM "TableEffect" WHERE "id" IN (
        SELECT e."id" FROM "TableEffect" e JOIN "GameTable" t ON t."id" = e."tableId"
        WHERE e."status" <> ${'pending'} AND e."createdAt" < ${before} AND (
          t."status" IN (${'finished'}, ${'aborted'})
          OR e."kind" IN (${'refresh'}, ${'unping'}, ${'final'})
          OR (e."kind" = ${'ping'} AND e."messageId" IS NULL)
          OR (e."kind" = ${'result'} AND EXISTS (SELECT 1 FROM "TableEffect" n
            WHERE n."tableId" = e."tableId" AND n."kind" = ${'result'} AND n."id" > e."id")))
        LIMIT ${limit})`),
    )
  }

  /** Runs a batch delete until it deletes nothing more; the rows deleted. */
  private async until(batch: (limit: number) => Promise<number>): Promise<number> {
    let removed = 0
    for (;;) {
      const n = await batch(BATCH)
      removed += n
      if (n < BATCH) return removed
    }
  }
}
