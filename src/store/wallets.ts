import { ok, refuse, type Outcome } from '../core/engine.js'
import { Prisma } from '../generated/prisma/client.js'
import { balanceBucket } from './balance-buckets.js'
import type { Atomic } from './db.js'
import { Ledger, type Account } from './ledger.js'
import { DAILY_INTERVAL_MS, Settings } from './settings.js'
import { msOrNull, num, type Sql } from './sql.js'

export interface WalletInfo {
  readonly guildId: string
  readonly userId: string
  readonly balance: number
  /** When the next daily claim is allowed (ms since epoch); now or earlier: claimable. */
  readonly nextDailyAt: number
}

export interface DailyClaim extends WalletInfo {
  readonly claimed: number
}

/** Largest buy-in or rebuy (a table's stakes stay readable). */
export const MAX_AMOUNT = 1_000_000_000

/**
 * The most chips a server may ever be given (starting grants, daily claims, admin grants
 * together; docs/store.md, "Chip bounds"). Chips are only moved after that, never made, so every
 * balance, stack, pot and result of the server is at most this, and any sum the bot makes of
 * them (a few such figures at most) stays below Number.MAX_SAFE_INTEGER (2^53 - 1).
 */
export const MAX_GUILD_CHIPS = 2 ** 49

/** Largest single admin grant: the whole bound of a server at once. */
export const MAX_GRANT = MAX_GUILD_CHIPS

type Row = { guildId: string; userId: string; balance: number; lastDailyAt: number | null }

const info = (r: Row): WalletInfo => ({
  guildId: r.guildId,
  userId: r.userId,
  balance: r.balance,
  nextDailyAt: r.lastDailyAt !== null ? r.lastDailyAt + DAILY_INTERVAL_MS : 0,
})

function badAmount(amount: number, max = MAX_AMOUNT): Outcome<never> | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('wallet.bad-amount')
  if (amount > max) return refuse('wallet.too-much', { max })
  return null
}

const SERVER_FULL = refuse('wallet.server-full', { max: MAX_GUILD_CHIPS })

/**
 * A wallet per (server, user). The first use creates it with the server's starting grant.
 * Balances never go negative: withdrawals are a guarded decrement (balance >= amount).
 */
export class Wallets {
  constructor(
    private readonly sql: Sql,
    private readonly atomic: Atomic,
    private readonly now: () => number,
  ) {}

  /** The wallet, created with the starting grant on first use. */
  get(guildId: string, userId: string): Promise<WalletInfo> {
    return this.atomic((sql) => this.ensure(sql, guildId, userId)).then(info)
  }

  /** The wallet if it exists; never creates one. */
  async peek(guildId: string, userId: string): Promise<WalletInfo | null> {
    const row = await find(this.sql, guildId, userId)
    return row ? info(row) : null
  }

  claimDaily(guildId: string, userId: string): Promise<Outcome<DailyClaim>> {
    return this.atomic(async (sql) => {
      const w = await this.ensure(sql, guildId, userId)
      const now = this.now()
      const next = info(w).nextDailyAt
      if (now < next)
        return refuse('wallet.daily-too-soon', { wait: { ms: Math.ceil((next - now) / 60_000) * 60_000 } })
      const { dailyAmount } = await new Settings(sql).get(guildId)
      // The guard on lastDailyAt makes a racing second claim update nothing.
      const last =
        w.lastDailyAt === null
          ? Prisma.sql`"lastDailyAt" IS NULL`
          : Prisma.sql`"lastDailyAt" = ${new Date(w.lastDailyAt)}`
      const after = await change(sql, guildId, userId, dailyAmount, {
        set: Prisma.sql`, "lastDailyAt" = ${new Date(now)}`,
        where: last,
      })
      if (!after) return refuse('wallet.daily-claimed')
      // Checked after the claim's guard: a refusal rolls the claim back with it.
      if (!(await reserve(sql, guildId, dailyAmount))) return SERVER_FULL
      await new Ledger(sql, this.now).record([
        { guildId, from: { kind: 'grant' }, to: { kind: 'wallet', userId }, amount: dailyAmount, reason: 'daily' },
      ])
      return ok({ ...info(after), claimed: dailyAmount })
    })
  }

  /** New chips from an admin (the command checks Manage Server). */
  grant(guildId: string, userId: string, amount: number, reason = 'admin grant'): Promise<Outcome<WalletInfo>> {
    const bad = badAmount(amount, MAX_GRANT)
    if (bad) return Promise.resolve(bad)
    return this.atomic(async (sql) => {
      await this.ensure(sql, guildId, userId)
      if (!(await reserve(sql, guildId, amount))) return SERVER_FULL
      const after = (await change(sql, guildId, userId, amount))!
      await new Ledger(sql, this.now).record([
        { guildId, from: { kind: 'grant' }, to: { kind: 'wallet', userId }, amount, reason },
      ])
      return ok(info(after))
    })
  }

  /** Takes chips out of a wallet to `to` (a table stack); refuses if the balance is short. */
  withdraw(
    guildId: string,
    userId: string,
    amount: number,
    to: Account,
    tableId: string | null,
    reason: string,
  ): Promise<Outcome<WalletInfo>> {
    const bad = badAmount(amount)
    if (bad) return Promise.resolve(bad)
    return this.atomic(async (sql) => {
      const w = await this.ensure(sql, guildId, userId)
      const after = await change(sql, guildId, userId, -amount, { where: Prisma.sql`"balance" >= ${amount}` })
      if (!after) return refuse('wallet.not-enough-chips', { balance: w.balance, amount })
      await new Ledger(sql, this.now).record([
        { guildId, from: { kind: 'wallet', userId }, to, amount, reason, tableId },
      ])
      return ok(info(after))
    })
  }

  /** Puts chips from `from` (a table stack) back into a wallet. */
  deposit(
    guildId: string,
    userId: string,
    amount: number,
    from: Account,
    tableId: string | null,
    reason: string,
  ): Promise<WalletInfo> {
    return this.atomic(async (sql) => {
      const w = await this.ensure(sql, guildId, userId)
      if (amount === 0) return info(w)
      const after = (await change(sql, guildId, userId, amount))!
      await new Ledger(sql, this.now).record([
        { guildId, from, to: { kind: 'wallet', userId }, amount, reason, tableId },
      ])
      return info(after)
    })
  }

  /**
   * The wallet, created first if needed. ON CONFLICT DO NOTHING rather than catching a unique
   * violation: on PostgreSQL an error inside a transaction aborts the whole transaction.
   */
  private async ensure(sql: Sql, guildId: string, userId: string): Promise<Row> {
    const found = await find(sql, guildId, userId)
    if (found) return found
    const settings = await new Settings(sql).get(guildId)
    // A server at its bound gives what is left of it (nothing, in the end).
    let startingGrant = settings.startingGrant
    if (startingGrant > 0 && !(await reserve(sql, guildId, startingGrant))) {
      startingGrant = Math.max(0, MAX_GUILD_CHIPS - (await granted(sql, guildId)))
      if (startingGrant > 0) await reserve(sql, guildId, startingGrant)
    }
    const created = await sql.execute(Prisma.sql`
      INSERT INTO "Wallet" ("guildId", "userId", "balance", "createdAt") VALUES
        (${guildId}, ${userId}, ${startingGrant}, ${new Date(this.now())})
      ON CONFLICT ("guildId", "userId") DO NOTHING`)
    // Another connection created it first (possible on PostgreSQL): use theirs.
    if (created !== 1) return (await find(sql, guildId, userId))!
    await countIn(sql, guildId, startingGrant, 1)
    if (startingGrant === 0) return { guildId, userId, balance: 0, lastDailyAt: null }
    await new Ledger(sql, this.now).record([
      {
        guildId,
        from: { kind: 'grant' },
        to: { kind: 'wallet', userId },
        amount: startingGrant,
        reason: 'starting grant',
      },
    ])
    return { guildId, userId, balance: startingGrant, lastDailyAt: null }
  }
}

type Columns = { balance: unknown; lastDailyAt: unknown }

const toRow = (guildId: string, userId: string, r: Columns): Row => ({
  guildId,
  userId,
  balance: num(r.balance),
  lastDailyAt: msOrNull(r.lastDailyAt),
})

async function find(sql: Sql, guildId: string, userId: string): Promise<Row | null> {
  const [r] = await sql.query<Columns>(
    Prisma.sql`SELECT "balance", "lastDailyAt" FROM "Wallet" WHERE "guildId" = ${guildId} AND "userId" = ${userId}`,
  )
  return r ? toRow(guildId, userId, r) : null
}

/**
 * Adds `delta` to a balance (where `guard.where` holds), keeping the leaderboard's balance
 * ranges in step; the wallet after, or null if nothing matched. RETURNING (SQLite 3.35+,
 * PostgreSQL) gives the new balance from the same statement, whatever ran before.
 */
async function change(
  sql: Sql,
  guildId: string,
  userId: string,
  delta: number,
  guard: { set?: Prisma.Sql; where?: Prisma.Sql } = {},
): Promise<Row | null> {
  const [r] = await sql.query<Columns>(Prisma.sql`
    UPDATE "Wallet" SET "balance" = "balance" + ${delta}${guard.set ?? Prisma.empty}
    WHERE "guildId" = ${guildId} AND "userId" = ${userId}${guard.where ? Prisma.sql` AND ${guard.where}` : Prisma.empty}
    RETURNING "balance", "lastDailyAt"`)
  if (!r) return null
  const after = toRow(guildId, userId, r)
  if (balanceBucket(after.balance) !== balanceBucket(after.balance - delta)) {
    await countIn(sql, guildId, after.balance - delta, -1)
    await countIn(sql, guildId, after.balance, 1)
  }
  return after
}

/** One wallet more (+1) or fewer (-1) in the balance range of `balance`. */
function countIn(sql: Sql, guildId: string, balance: number, by: 1 | -1): Promise<number> {
  return sql.execute(Prisma.sql`
    INSERT INTO "WalletBucket" ("guildId", "bucket", "wallets") VALUES (${guildId}, ${balanceBucket(balance)}, ${by})
    ON CONFLICT ("guildId", "bucket") DO UPDATE SET "wallets" = "WalletBucket"."wallets" + ${by}`)
}

/**
 * Counts `amount` new chips against the server's bound (GuildChips.granted, kept with every
 * grant's ledger row); false, counting nothing, when that would pass MAX_GUILD_CHIPS.
 */
async function reserve(sql: Sql, guildId: string, amount: number): Promise<boolean> {
  if (amount > MAX_GUILD_CHIPS) return false
  const counted = await sql.execute(Prisma.sql`
    INSERT INTO "GuildChips" ("guildId", "granted") VALUES (${guildId}, ${amount})
    ON CONFLICT ("guildId") DO UPDATE SET "granted" = "GuildChips"."granted" + excluded."granted"
    WHERE "GuildChips"."granted" + excluded."granted" <= ${MAX_GUILD_CHIPS}`)
  return counted === 1
}

/** Chips the server has been given so far. */
async function granted(sql: Sql, guildId: string): Promise<number> {
  const [r] = await sql.query<{ granted: unknown }>(
    Prisma.sql`SELECT "granted" FROM "GuildChips" WHERE "guildId" = ${guildId}`,
  )
  return r ? num(r.granted) : 0
}
