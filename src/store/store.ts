import type { Clock } from '../clock.js'
import { systemClock } from '../clock.js'
import { ActionLog } from './actions.js'
import { audit, type AuditReport } from './audit.js'
import { connectSqlite, type Atomic, type Db } from './db.js'
import { Leaderboards } from './leaderboards.js'
import { Ledger } from './ledger.js'
import { migrateSqlite } from './migrate.js'
import { Settings } from './settings.js'
import { Stats } from './stats.js'
import { Tables } from './tables.js'
import { DEFAULT_DATABASE_URL, sqlitePath } from './url.js'
import { Wallets } from './wallets.js'
import type { PrismaClient } from '../generated/prisma/client.js'

/** Every repository, bound to one client (the root client or an open transaction). */
export interface Repos {
  readonly wallets: Wallets
  readonly ledger: Ledger
  readonly settings: Settings
  readonly tables: Tables
  readonly actions: ActionLog
  readonly stats: Stats
  readonly leaderboards: Leaderboards
}

export interface Store extends Repos {
  readonly prisma: PrismaClient
  readonly clock: Clock
  /** Runs `fn` in one transaction: all its writes happen, or none. */
  transaction<T>(fn: (repos: Repos) => Promise<T>): Promise<T>
  audit(): Promise<AuditReport>
  close(): Promise<void>
}

export interface OpenStoreOptions {
  /** A SQLite `file:` URL; default `DATABASE_URL`, else `file:./data/bot.db`. */
  readonly url?: string
  readonly clock?: Clock
  /**
   * full (default): a committed action survives even a power cut (fsync per commit).
   * process: survives a crash or kill of the bot, not of the machine; several times faster
   * on slow disks. Also settable with SQLITE_SYNCHRONOUS=normal.
   */
  readonly durability?: 'full' | 'process'
}

function repos(db: Db, atomic: Atomic, now: () => number): Repos {
  return {
    wallets: new Wallets(db, atomic, now),
    ledger: new Ledger(db, now),
    settings: new Settings(db),
    tables: new Tables(db, now),
    actions: new ActionLog(db, now),
    stats: new Stats(db),
    leaderboards: new Leaderboards(db),
  }
}

/**
 * Opens the database, creating the file and applying committed migrations first (start-up
 * does this every time; it is a no-op when up to date).
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  const url = options.url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const clock = options.clock ?? systemClock
  const file = sqlitePath(url)
  if (file === ':memory:') throw new Error('an in-memory database cannot be shared by the migrator and the client: use a file')
  migrateSqlite(file)
  const prisma = connectSqlite(file)
  await prisma.$connect()
  const durability = options.durability ?? (process.env.SQLITE_SYNCHRONOUS?.toLowerCase() === 'normal' ? 'process' : 'full')
  // Connection set-up, not application SQL: the one SQLite-specific statement outside the migrator.
  await prisma.$executeRawUnsafe(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`)
  const now = () => clock.now()
  const inTx = <T>(db: Db, fn: (db: Db) => Promise<T>) => fn(db)
  const atomic: Atomic = (fn) => prisma.$transaction((tx) => fn(tx), { timeout: 30_000, maxWait: 60_000 })
  return {
    ...repos(prisma, atomic, now),
    prisma,
    clock,
    transaction: (fn) => prisma.$transaction((tx) => fn(repos(tx, (f) => inTx(tx, f), now)), { timeout: 30_000, maxWait: 60_000 }),
    audit: () => audit(prisma),
    close: () => prisma.$disconnect(),
  }
}
