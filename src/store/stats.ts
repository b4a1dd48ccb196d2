import { Prisma } from '../generated/prisma/client.js'
import { num, numOrNull, type Sql } from './sql.js'

export interface StatRow {
  readonly guildId: string
  readonly userId: string
  readonly game: string
  readonly played: number
  readonly won: number
  readonly netChips: number
  readonly points: number
  /** Bugami: the most points of one match; null before the first match. */
  readonly bestPoints: number | null
}

export interface GameResult {
  readonly userId: string
  readonly won: boolean
  /** Bugami: the match points this player scored. */
  readonly points?: number
}

/** Per (server, user, game) counters, updated inside the action's transaction. */
export class Stats {
  constructor(private readonly sql: Sql) {}

  /** One finished game (a Bugami match, a Bura game, a Badugi hand) for everyone who played it. */
  async recordGame(guildId: string, game: string, results: readonly GameResult[]): Promise<void> {
    for (const r of results) {
      await this.add(guildId, r.userId, game, { played: 1, won: r.won ? 1 : 0, netChips: 0, points: r.points ?? 0 })
      if (r.points !== undefined)
        await this.sql.execute(Prisma.sql`
          UPDATE "Stat" SET "bestPoints" = ${r.points}
          WHERE "guildId" = ${guildId} AND "userId" = ${r.userId} AND "game" = ${game}
            AND ("bestPoints" IS NULL OR "bestPoints" < ${r.points})`)
    }
  }

  /** Chips won from (positive) or put into (negative) the pots of a chip game. */
  async addNetChips(guildId: string, game: string, deltas: ReadonlyMap<string, number>): Promise<void> {
    for (const [userId, delta] of deltas)
      if (delta !== 0) await this.add(guildId, userId, game, { played: 0, won: 0, netChips: delta, points: 0 })
  }

  /** Adds to a player's counters, starting them at zero the first time. */
  private async add(
    guildId: string,
    userId: string,
    game: string,
    by: { played: number; won: number; netChips: number; points: number },
  ): Promise<void> {
    await this.sql.execute(Prisma.sql`
      INSERT INTO "Stat" ("guildId", "userId", "game", "played", "won", "netChips", "points") VALUES
        (${guildId}, ${userId}, ${game}, ${by.played}, ${by.won}, ${by.netChips}, ${by.points})
      ON CONFLICT ("guildId", "userId", "game") DO UPDATE SET "played" = "Stat"."played" + ${by.played}, "won" =
        "Stat"."won" + ${by.won},
        "netChips" = "Stat"."netChips" + ${by.netChips}, "points" = "Stat"."points" + ${by.points}`)
  }

  async get(guildId: string, userId: string): Promise<StatRow[]> {
    const rows = await this.sql.query<Record<keyof StatRow, unknown>>(
      Prisma.sql`SELECT "guildId", "userId", "game", "played", "won", "netChips", "points", "bestPoints" FROM "Stat"
        WHERE "guildId" = ${guildId} AND "userId" = ${userId} ORDER BY "game"`,
    )
    return rows.map((r) => ({
      guildId: String(r.guildId),
      userId: String(r.userId),
      game: String(r.game),
      played: num(r.played),
      won: num(r.won),
      netChips: num(r.netChips),
      points: num(r.points),
      bestPoints: numOrNull(r.bestPoints),
    }))
  }
}
