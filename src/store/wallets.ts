import { ok, refuse, type Outcome } from '../games/core/engine.js'
import { isUniqueViolation, type Atomic, type Db } from './db.js'
import { Ledger, type Account } from './ledger.js'
import { DAILY_INTERVAL_MS, Settings } from './settings.js'

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

/** Largest single grant or transfer: keeps every sum far inside 32-bit SQL integers' reach per row. */
export const MAX_AMOUNT = 1_000_000_000

type Row = { guildId: string; userId: string; balance: number; lastDailyAt: Date | null }

const info = (r: Row): WalletInfo => ({
  guildId: r.guildId,
  userId: r.userId,
  balance: r.balance,
  nextDailyAt: r.lastDailyAt ? r.lastDailyAt.getTime() + DAILY_INTERVAL_MS : 0,
})

function badAmount(amount: number): Outcome<never> | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('bad-amount', 'The amount must be a whole number of chips above zero.')
  if (amount > MAX_AMOUNT) return refuse('bad-amount', `The amount can be at most ${MAX_AMOUNT.toLocaleString('en-US')} chips.`)
  return null
}

function hours(ms: number): string {
  const m = Math.ceil(ms / 60_000)
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`
}

/**
 * A wallet per (server, user). The first use creates it with the server's starting grant.
 * Balances never go negative: withdrawals are a guarded decrement (balance >= amount).
 */
export class Wallets {
  constructor(
    private readonly db: Db,
    private readonly atomic: Atomic,
    private readonly now: () => number,
  ) {}

  /** The wallet, created with the starting grant on first use. */
  get(guildId: string, userId: string): Promise<WalletInfo> {
    return this.atomic((db) => this.ensure(db, guildId, userId)).then(info)
  }

  /** The wallet if it exists; never creates one. */
  async peek(guildId: string, userId: string): Promise<WalletInfo | null> {
    const row = await this.db.wallet.findUnique({ where: { guildId_userId: { guildId, userId } } })
    return row ? info(row) : null
  }

  claimDaily(guildId: string, userId: string): Promise<Outcome<DailyClaim>> {
    return this.atomic(async (db) => {
      const w = await this.ensure(db, guildId, userId)
      const now = this.now()
      const next = w.lastDailyAt ? w.lastDailyAt.getTime() + DAILY_INTERVAL_MS : 0
      if (now < next) return refuse('daily-too-soon', `You already claimed your daily chips. Come back in ${hours(next - now)}.`)
      const { dailyAmount } = await new Settings(db).get(guildId)
      // The guard on lastDailyAt makes a racing second claim update nothing.
      const done = await db.wallet.updateMany({
        where: { guildId, userId, lastDailyAt: w.lastDailyAt },
        data: { balance: { increment: dailyAmount }, lastDailyAt: new Date(now) },
      })
      if (done.count !== 1) return refuse('daily-too-soon', 'You already claimed your daily chips.')
      await new Ledger(db, this.now).record([{ guildId, from: { kind: 'grant' }, to: { kind: 'wallet', userId }, amount: dailyAmount, reason: 'daily' }])
      const after = await db.wallet.findUniqueOrThrow({ where: { guildId_userId: { guildId, userId } } })
      return ok({ ...info(after), claimed: dailyAmount })
    })
  }

  /** New chips from an admin (the command checks Manage Server). */
  grant(guildId: string, userId: string, amount: number, reason = 'admin grant'): Promise<Outcome<WalletInfo>> {
    const bad = badAmount(amount)
    if (bad) return Promise.resolve(bad)
    return this.atomic(async (db) => {
      await this.ensure(db, guildId, userId)
      await db.wallet.update({ where: { guildId_userId: { guildId, userId } }, data: { balance: { increment: amount } } })
      await new Ledger(db, this.now).record([{ guildId, from: { kind: 'grant' }, to: { kind: 'wallet', userId }, amount, reason }])
      return ok(info(await db.wallet.findUniqueOrThrow({ where: { guildId_userId: { guildId, userId } } })))
    })
  }

  /** Takes chips out of a wallet to `to` (a table stack); refuses if the balance is short. */
  withdraw(guildId: string, userId: string, amount: number, to: Account, tableId: string | null, reason: string): Promise<Outcome<WalletInfo>> {
    const bad = badAmount(amount)
    if (bad) return Promise.resolve(bad)
    return this.atomic(async (db) => {
      const w = await this.ensure(db, guildId, userId)
      const done = await db.wallet.updateMany({
        where: { guildId, userId, balance: { gte: amount } },
        data: { balance: { decrement: amount } },
      })
      if (done.count !== 1)
        return refuse('not-enough-chips', `You have ${w.balance.toLocaleString('en-US')} chips, not ${amount.toLocaleString('en-US')}.`)
      await new Ledger(db, this.now).record([{ guildId, from: { kind: 'wallet', userId }, to, amount, reason, tableId }])
      return ok(info(await db.wallet.findUniqueOrThrow({ where: { guildId_userId: { guildId, userId } } })))
    })
  }

  /** Puts chips from `from` (a table stack) back into a wallet. */
  deposit(guildId: string, userId: string, amount: number, from: Account, tableId: string | null, reason: string): Promise<WalletInfo> {
    return this.atomic(async (db) => {
      const w = await this.ensure(db, guildId, userId)
      if (amount === 0) return info(w)
      await db.wallet.update({ where: { guildId_userId: { guildId, userId } }, data: { balance: { increment: amount } } })
      await new Ledger(db, this.now).record([{ guildId, from, to: { kind: 'wallet', userId }, amount, reason, tableId }])
      return info(await db.wallet.findUniqueOrThrow({ where: { guildId_userId: { guildId, userId } } }))
    })
  }

  private async ensure(db: Db, guildId: string, userId: string): Promise<Row> {
    const found = await db.wallet.findUnique({ where: { guildId_userId: { guildId, userId } } })
    if (found) return found
    const { startingGrant } = await new Settings(db).get(guildId)
    try {
      const row = await db.wallet.create({ data: { guildId, userId, balance: startingGrant, createdAt: new Date(this.now()) } })
      await db.walletCount.upsert({ where: { guildId }, create: { guildId, wallets: 1 }, update: { wallets: { increment: 1 } } })
      await new Ledger(db, this.now).record([{ guildId, from: { kind: 'grant' }, to: { kind: 'wallet', userId }, amount: startingGrant, reason: 'starting grant' }])
      return row
    } catch (e) {
      // Another connection created it first (possible on PostgreSQL): use theirs.
      if (!isUniqueViolation(e)) throw e
      return db.wallet.findUniqueOrThrow({ where: { guildId_userId: { guildId, userId } } })
    }
  }
}
