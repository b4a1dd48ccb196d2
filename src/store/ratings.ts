import { Prisma } from '../generated/prisma/client.js'
import { PROVISIONAL_BELOW, rateResult, standing, type StoredSkill } from './rating-model.js'
import { msOrNull, num, numOrNull, type Sql } from './sql.js'

/**
 * Skill ratings per (server, game, member), docs/ratings.md. Every rated result is stored
 * (`RatedResult`) and applied in the transaction that produced it: the members' ratings, the
 * counts per rating (`RatingBucket`, for ranks), and each member's change (`RatingChange`).
 * `replay` applies the stored results again in order, from nothing, which is what `npm run
 * ratings -- --rebuild` writes and what a test compares the stored ratings with.
 */

export interface Placing {
  readonly userId: string
  /** 1 is best; equal places tie. */
  readonly place: number
}

export interface RatingRow extends StoredSkill {
  readonly guildId: string
  readonly game: string
  readonly userId: string
  readonly score: number
  readonly decayAt: number | null
}

export interface RatingChangeRow {
  readonly resultId: number
  readonly place: number
  readonly before: number | null
  readonly after: number
  readonly at: number
}

export interface MemberRating {
  readonly game: string
  readonly score: number
  readonly rank: number
  /** Rated members of this game on the server. */
  readonly rated: number
  readonly results: number
  readonly provisional: boolean
  /** Newest first, at most ten. */
  readonly changes: readonly RatingChangeRow[]
}

export interface SkillBoardRow {
  readonly rank: number
  readonly userId: string
  readonly score: number
  readonly provisional: boolean
}

export interface SkillBoard {
  readonly game: string
  readonly rows: readonly SkillBoardRow[]
  readonly caller: SkillBoardRow | null
}

/** A stored result as replay reads it. */
export interface StoredResult {
  readonly id: number
  readonly guildId: string
  readonly game: string
  readonly placings: readonly Placing[]
  readonly at: number
}

type Key = string
const keyOf = (guildId: string, game: string, userId: string): Key => JSON.stringify([guildId, game, userId])

/**
 * One result applied to the ratings before it (`priors`, null for a member never rated): the
 * ratings after it, and each member's change. Shared by the live path and the replay, so both
 * compute the same figures.
 */
export function applyResult(
  result: StoredResult,
  priors: readonly (StoredSkill | null)[],
): { after: StoredSkill[]; changes: { userId: string; place: number; before: number | null; after: number }[] } {
  const out = rateResult(
    result.placings.map((p, i) => ({ prior: priors[i] ?? null, place: p.place })),
    result.at,
  )
  const after = out.map((s, i) => ({ ...s, results: (priors[i]?.results ?? 0) + 1, lastAt: result.at }))
  const changes = result.placings.map((p, i) => {
    const prior = priors[i]
    return {
      userId: p.userId,
      place: p.place,
      before: prior ? standing(prior, result.at).score : null,
      after: standing(after[i]!, result.at).score,
    }
  })
  return { after, changes }
}

/** The ratings every stored result gives, applied in order from nothing (keyed by server, game, member). */
export function replay(results: Iterable<StoredResult>): Map<Key, RatingRow> {
  const ratings = new Map<Key, RatingRow>()
  for (const r of results) {
    const keys = r.placings.map((p) => keyOf(r.guildId, r.game, p.userId))
    const { after } = applyResult(
      r,
      keys.map((k) => ratings.get(k) ?? null),
    )
    r.placings.forEach((p, i) => {
      const s = after[i]!
      const { score, decayAt } = standing(s, r.at)
      ratings.set(keys[i]!, { guildId: r.guildId, game: r.game, userId: p.userId, ...s, score, decayAt })
    })
  }
  return ratings
}

type RatingColumns = Record<keyof RatingRow, unknown>
const COLUMNS = Prisma.sql`"guildId", "game", "userId", "mu", "sigma", "results", "lastAt", "score", "decayAt"`

function readRating(r: RatingColumns): RatingRow {
  return {
    guildId: String(r.guildId),
    game: String(r.game),
    userId: String(r.userId),
    mu: num(r.mu),
    sigma: num(r.sigma),
    results: num(r.results),
    lastAt: msOrNull(r.lastAt) ?? 0,
    score: num(r.score),
    decayAt: msOrNull(r.decayAt),
  }
}

const provisional = (results: number) => results < PROVISIONAL_BELOW

export class Ratings {
  constructor(private readonly sql: Sql) {}

  /** Rates one result now: stored, applied, each member's change kept. Returns the result's id. */
  async record(
    guildId: string,
    game: string,
    tableId: string,
    placings: readonly Placing[],
    at: number,
  ): Promise<number> {
    const [row] = await this.sql.query<{ id: unknown }>(Prisma.sql`
      INSERT INTO "RatedResult" ("guildId", "game", "tableId", "placings", "createdAt")
      VALUES (${guildId}, ${game}, ${tableId}, ${JSON.stringify(placings.map((p) => [p.userId, p.place]))}, ${new Date(at)})
      RETURNING "id"`)
    const id = num(row!.id)
    await this.apply({ id, guildId, game, placings, at })
    return id
  }

  private async apply(result: StoredResult): Promise<void> {
    const { guildId, game } = result
    const users = result.placings.map((p) => p.userId)
    const found = await this.sql.query<RatingColumns>(Prisma.sql`
      SELECT ${COLUMNS} FROM "Rating" WHERE "guildId" = ${guildId} AND "game" = ${game}
        AND "userId" IN (${Prisma.join(users)})`)
    const byUser = new Map(found.map((r) => [String(r.userId), readRating(r)]))
    const priors = users.map((u) => byUser.get(u) ?? null)
    const { after, changes } = applyResult(result, priors)
    // One statement for the ratings and one for the buckets, however many players.
    const moves = new Map<number, number>()
    const rows = users.map((userId, i) => {
      const s = after[i]!
      const { score, decayAt } = standing(s, result.at)
      const prior = priors[i]
      if (prior) moves.set(prior.score, (moves.get(prior.score) ?? 0) - 1)
      moves.set(score, (moves.get(score) ?? 0) + 1)
      return Prisma.sql`(${guildId}, ${game}, ${userId}, ${s.mu}, ${s.sigma}, ${s.results}, ${new Date(s.lastAt)},
        ${score}, ${decayAt === null ? null : new Date(decayAt)})`
    })
    await this.sql.execute(Prisma.sql`
      INSERT INTO "Rating" (${COLUMNS}) VALUES ${Prisma.join(rows)}
      ON CONFLICT ("guildId", "game", "userId") DO UPDATE SET "mu" = excluded."mu", "sigma" = excluded."sigma",
        "results" = excluded."results", "lastAt" = excluded."lastAt", "score" = excluded."score",
        "decayAt" = excluded."decayAt"`)
    await this.moveBuckets(guildId, game, moves)
    await this.sql.execute(Prisma.sql`
      INSERT INTO "RatingChange" ("resultId", "userId", "guildId", "game", "place", "before", "after", "createdAt")
      VALUES ${Prisma.join(
        changes.map(
          (c) =>
            Prisma.sql`(${result.id}, ${c.userId}, ${guildId}, ${game}, ${c.place}, ${c.before}, ${c.after}, ${new Date(result.at)})`,
        ),
      )}`)
  }

  /** Adds `delta` members to each bucket (negative: members leaving it). */
  private async moveBuckets(guildId: string, game: string, moves: ReadonlyMap<number, number>): Promise<void> {
    const rows = [...moves].filter(([, delta]) => delta !== 0)
    if (!rows.length) return
    await this.sql.execute(Prisma.sql`
      INSERT INTO "RatingBucket" ("guildId", "game", "score", "members")
      VALUES ${Prisma.join(rows.map(([score, delta]) => Prisma.sql`(${guildId}, ${game}, ${score}, ${delta})`))}
      ON CONFLICT ("guildId", "game", "score") DO UPDATE SET "members" = "RatingBucket"."members" + excluded."members"`)
  }

  /**
   * Inactivity: ratings whose shown figure has dropped by `now` (a whole day passed without a
   * result) are brought up to date, at most `limit` of them, oldest first. Returns how many.
   */
  async decay(now: number, limit = 500): Promise<number> {
    const due = await this.sql.query<RatingColumns>(Prisma.sql`
      SELECT ${COLUMNS} FROM "Rating" WHERE "decayAt" IS NOT NULL AND "decayAt" <= ${new Date(now)}
      ORDER BY "decayAt" LIMIT ${limit}`)
    for (const raw of due) {
      const r = readRating(raw)
      const { score, decayAt } = standing(r, now)
      // Guarded by the row as read: of two processes sweeping at once, one moves it (and its bucket).
      const moved = await this.sql.execute(Prisma.sql`UPDATE "Rating" SET "score" = ${score},
        "decayAt" = ${decayAt === null ? null : new Date(decayAt)}
        WHERE "guildId" = ${r.guildId} AND "game" = ${r.game} AND "userId" = ${r.userId} AND "score" = ${r.score}
          AND "decayAt" = ${new Date(r.decayAt!)}`)
      if (moved === 1 && score !== r.score)
        await this.moveBuckets(
          r.guildId,
          r.game,
          new Map([
            [r.score, -1],
            [score, 1],
          ]),
        )
    }
    return due.length
  }

  async get(guildId: string, game: string, userId: string): Promise<RatingRow | null> {
    const [r] = await this.sql.query<RatingColumns>(Prisma.sql`
      SELECT ${COLUMNS} FROM "Rating" WHERE "guildId" = ${guildId} AND "game" = ${game} AND "userId" = ${userId}`)
    return r ? readRating(r) : null
  }

  /** Every stored rating, in key order (the replay check and the CLI). */
  async all(): Promise<RatingRow[]> {
    const rows = await this.sql.query<RatingColumns>(
      Prisma.sql`SELECT ${COLUMNS} FROM "Rating" ORDER BY "guildId", "game", "userId"`,
    )
    return rows.map(readRating)
  }

  /** A member's rating at one game with rank and last ten changes; null if never rated there. */
  async member(guildId: string, game: string, userId: string): Promise<MemberRating | null> {
    const r = await this.get(guildId, game, userId)
    if (!r) return null
    const [counts] = await this.sql.query<{ above: unknown; rated: unknown }>(Prisma.sql`
      SELECT (SELECT COALESCE(SUM("members"), 0) FROM "RatingBucket" WHERE "guildId" = ${guildId} AND "game" = ${game}
          AND "score" > ${r.score}) AS "above",
        (SELECT COALESCE(SUM("members"), 0) FROM "RatingBucket" WHERE "guildId" = ${guildId} AND "game" = ${game}) AS "rated"`)
    return {
      game,
      score: r.score,
      rank: 1 + num(counts?.above ?? 0),
      rated: num(counts?.rated ?? 0),
      results: r.results,
      provisional: provisional(r.results),
      changes: await this.changes(guildId, game, userId, 10),
    }
  }

  /** A member's last `limit` changes at one game, newest first. */
  async changes(guildId: string, game: string, userId: string, limit: number): Promise<RatingChangeRow[]> {
    const rows = await this.sql.query<Record<'resultId' | 'place' | 'before' | 'after' | 'createdAt', unknown>>(
      Prisma.sql`SELECT "resultId", "place", "before", "after", "createdAt" FROM "RatingChange"
        WHERE "guildId" = ${guildId} AND "userId" = ${userId} AND "game" = ${game} ORDER BY "resultId" DESC LIMIT ${limit}`,
    )
    return rows.map((c) => ({
      resultId: num(c.resultId),
      place: num(c.place),
      before: numOrNull(c.before),
      after: num(c.after),
      at: msOrNull(c.createdAt) ?? 0,
    }))
  }

  /** The skill board of one game: the top `limit`, and the caller's row wherever they stand. */
  async board(guildId: string, game: string, callerId: string, limit = 10): Promise<SkillBoard> {
    const top = await this.sql.query<Record<'userId' | 'score' | 'results', unknown>>(Prisma.sql`
      SELECT "userId", "score", "results" FROM "Rating" WHERE "guildId" = ${guildId} AND "game" = ${game}
      ORDER BY "score" DESC, "userId" ASC LIMIT ${limit}`)
    const rows: SkillBoardRow[] = []
    top.forEach((t, i) => {
      const prev = rows[i - 1]
      const score = num(t.score)
      rows.push({
        rank: prev && prev.score === score ? prev.rank : i + 1,
        userId: String(t.userId),
        score,
        provisional: provisional(num(t.results)),
      })
    })
    const listed = rows.find((r) => r.userId === callerId)
    if (listed) return { game, rows, caller: listed }
    const own = await this.member(guildId, game, callerId)
    return {
      game,
      rows,
      caller: own ? { rank: own.rank, userId: callerId, score: own.score, provisional: own.provisional } : null,
    }
  }

  /** Every stored result in the order it was rated. */
  async results(): Promise<StoredResult[]> {
    const rows = await this.sql.query<Record<'id' | 'guildId' | 'game' | 'placings' | 'createdAt', unknown>>(
      Prisma.sql`SELECT "id", "guildId", "game", "placings", "createdAt" FROM "RatedResult" ORDER BY "id"`,
    )
    return rows.map((r) => ({
      id: num(r.id),
      guildId: String(r.guildId),
      game: String(r.game),
      placings: (JSON.parse(String(r.placings)) as [string, number][]).map(([userId, place]) => ({ userId, place })),
      at: msOrNull(r.createdAt) ?? 0,
    }))
  }

  /**
   * Recomputes every rating from the stored results (run inside one transaction): ratings,
   * buckets and changes are deleted and the results applied again in order; then inactivity up
   * to `now`. Returns the number of results replayed.
   */
  async rebuild(now: number): Promise<number> {
    const results = await this.results()
    await this.sql.execute(Prisma.sql`DELETE FROM "RatingChange"`)
    await this.sql.execute(Prisma.sql`DELETE FROM "RatingBucket"`)
    await this.sql.execute(Prisma.sql`DELETE FROM "Rating"`)
    for (const r of results) await this.apply(r)
    while ((await this.decay(now, 5000)) > 0);
    return results.length
  }
}
