import { Prisma } from '../generated/prisma/client.js'
import { msOrNull, num, type Sql } from './sql.js'

/**
 * Where chips are. `grant` is where chips come from (starting grants, daily claims, admin
 * grants); `stack` and `pot` belong to the ledger row's table; `practice` is where a practice
 * table's chips (a table with AI seats) come from and go back to, apart from every wallet;
 * `tournament` is where a tournament's chips come from and go back to (they buy nothing: the
 * entry fees sit in the table's `prize` pool, real chips paid out by the prize split).
 */
export type Account =
  | { readonly kind: 'grant' }
  | { readonly kind: 'practice' }
  | { readonly kind: 'tournament' }
  | { readonly kind: 'wallet'; readonly userId: string }
  | { readonly kind: 'stack'; readonly userId: string }
  | { readonly kind: 'pot' }
  | { readonly kind: 'prize' }

export type AccountKind = Account['kind']

export interface Movement {
  readonly guildId: string
  readonly from: Account
  readonly to: Account
  readonly amount: number
  readonly reason: string
  readonly tableId?: string | null
}

export interface LedgerRow extends Movement {
  readonly id: number
  readonly at: number
}

const userOf = (a: Account): string | null => (a.kind === 'wallet' || a.kind === 'stack' ? a.userId : null)

function account(kind: string, userId: string | null): Account {
  if (kind === 'wallet' || kind === 'stack') return { kind, userId: userId ?? '' }
  return { kind: kind as 'grant' | 'practice' | 'tournament' | 'pot' | 'prize' }
}

/** The append-only chip ledger: one row per movement, never updated or deleted. */
export class Ledger {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** Adds rows in one raw INSERT (every chip-moving action writes some); zero amounts are skipped. */
  async record(movements: readonly Movement[]): Promise<void> {
    const q = this.recordStatement(movements)
    if (q) await this.sql.execute(q)
  }

  /** `record`'s statement (null: no chips moved), to write with others (`Sql.executeAll`). */
  recordStatement(movements: readonly Movement[]): Prisma.Sql | null {
    const at = new Date(this.now())
    const rows = movements
      .filter((m) => m.amount !== 0)
      .map((m) => {
        if (!Number.isSafeInteger(m.amount) || m.amount < 0)
          throw new Error(`ledger amount must be a positive integer, got ${m.amount}`)
        return Prisma.sql`(${m.guildId}, ${m.from.kind}, ${userOf(m.from)}, ${m.to.kind}, ${userOf(m.to)}, ${m.amount},
          ${m.reason}, ${m.tableId ?? null}, ${at})`
      })
    if (!rows.length) return null
    return Prisma.sql`INSERT INTO "LedgerEntry" ("guildId", "fromKind", "fromUserId", "toKind", "toUserId", "amount",
        "reason", "tableId", "createdAt") VALUES ${Prisma.join(rows)}`
  }

  /**
   * Chips that came back to a member's wallet since `since` (ms) from tables closed for a reason
   * (ledger reasons starting `prefix`), per table and reason, newest first.
   */
  async returnedTo(
    guildId: string,
    userId: string,
    prefix: string,
    since: number,
  ): Promise<{ tableId: string | null; reason: string; amount: number; at: number }[]> {
    const rows = await this.sql.query<{ tableId: string | null; reason: string; amount: unknown; at: unknown }>(
      Prisma.sql`
      SELECT "tableId", "reason", SUM("amount") AS "amount", MAX("createdAt") AS "at" FROM "LedgerEntry"
      WHERE "guildId" = ${guildId} AND "toKind" = ${'wallet'} AND "toUserId" = ${userId}
        AND "reason" LIKE ${`${prefix}%`} AND "createdAt" >= ${new Date(since)}
      GROUP BY "tableId", "reason" ORDER BY MAX("createdAt") DESC LIMIT 10`,
    )
    return rows.map((r) => ({ tableId: r.tableId, reason: r.reason, amount: num(r.amount), at: msOrNull(r.at) ?? 0 }))
  }

  /** Newest first: a table's movements, or a guild's (optionally one user's). */
  async list(filter: { guildId?: string; tableId?: string; userId?: string; limit?: number }): Promise<LedgerRow[]> {
    const where: Prisma.Sql[] = []
    if (filter.guildId) where.push(Prisma.sql`"guildId" = ${filter.guildId}`)
    if (filter.tableId) where.push(Prisma.sql`"tableId" = ${filter.tableId}`)
    if (filter.userId) where.push(Prisma.sql`("fromUserId" = ${filter.userId} OR "toUserId" = ${filter.userId})`)
    const rows = await this.sql.query<{
      id: unknown
      guildId: string
      fromKind: string
      fromUserId: string | null
      toKind: string
      toUserId: string | null
      amount: unknown
      reason: string
      tableId: string | null
      createdAt: unknown
    }>(Prisma.sql`
      SELECT "id", "guildId", "fromKind", "fromUserId", "toKind", "toUserId", "amount", "reason", "tableId",
        "createdAt" FROM "LedgerEntry"
      ${where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty} ORDER BY "id" DESC
        LIMIT ${filter.limit ?? 50}`)
    return rows.map((r) => ({
      id: num(r.id),
      guildId: r.guildId,
      from: account(r.fromKind, r.fromUserId),
      to: account(r.toKind, r.toUserId),
      amount: num(r.amount),
      reason: r.reason,
      tableId: r.tableId,
      at: msOrNull(r.createdAt)!,
    }))
  }
}
