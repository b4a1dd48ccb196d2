import type { Db } from './db.js'

export interface StatRow {
  readonly guildId: string
  readonly userId: string
  readonly game: string
  readonly played: number
  readonly won: number
  readonly netChips: number
  readonly points: number
}

export interface GameResult {
  readonly userId: string
  readonly won: boolean
  /** Bugami: the match points this player scored. */
  readonly points?: number
}

/** Per (server, user, game) counters, updated inside the action's transaction. */
export class Stats {
  constructor(private readonly db: Db) {}

  /** One finished game (a Bugami match, a Bura game, a Badugi hand) for everyone who played it. */
  async recordGame(guildId: string, game: string, results: readonly GameResult[]): Promise<void> {
    for (const r of results) {
      const won = r.won ? 1 : 0
      const points = r.points ?? 0
      await this.db.stat.upsert({
        where: { guildId_userId_game: { guildId, userId: r.userId, game } },
        create: { guildId, userId: r.userId, game, played: 1, won, points },
        update: { played: { increment: 1 }, won: { increment: won }, points: { increment: points } },
      })
    }
  }

  /** Chips won from (positive) or put into (negative) the pots of a chip game. */
  async addNetChips(guildId: string, game: string, deltas: ReadonlyMap<string, number>): Promise<void> {
    for (const [userId, delta] of deltas) {
      if (delta === 0) continue
      await this.db.stat.upsert({
        where: { guildId_userId_game: { guildId, userId, game } },
        create: { guildId, userId, game, netChips: delta },
        update: { netChips: { increment: delta } },
      })
    }
  }

  async get(guildId: string, userId: string): Promise<StatRow[]> {
    return this.db.stat.findMany({ where: { guildId, userId }, orderBy: { game: 'asc' } })
  }
}
