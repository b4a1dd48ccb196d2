import type { Clock } from '../lib/clock.js'
import { systemClock } from '../lib/clock.js'
import { ActionLog } from './actions.js'
import { audit, type AuditReport } from './audit.js'
import type { Prisma, PrismaClient } from '../generated/prisma/client.js'
import { connectPostgres, connectSqlite, type Atomic, type Connection } from './db.js'
import { Effects } from './effects.js'
import { Leaderboards } from './leaderboards.js'
import { Ledger } from './ledger.js'
import { migrateSqlite } from './migrate.js'
import { migratePostgres } from './migrate-postgres.js'
import { Ratings } from './ratings.js'
import { postgresLimits, type PostgresLimits } from './postgres-limits.js'
import { Retention } from './retention.js'
import { Settings } from './settings.js'
import { Stats } from './stats.js'
import type { Sql } from './sql.js'
import { Tables } from './tables.js'
import { databaseKind, DEFAULT_DATABASE_URL, postgresTarget, sqlitePath } from './url.js'
import { Wallets } from './wallets.js'

/** Every repository, bound to one client (the root client or an open transaction). */
export interface Repos {
  readonly wallets: Wallets
  readonly ledger: Ledger
  readonly settings: Settings
  readonly tables: Tables
  readonly actions: ActionLog
  readonly stats: Stats
  readonly leaderboards: Leaderboards
  readonly effects: Effects
  readonly ratings: Ratings
  readonly retention: Retention
  /** Writes of which none reads another's rows, in one round trip where that helps (`Sql.executeAll`). */
  writeAll(qs: readonly (Prisma.Sql | null)[]): Promise<void>
}

export interface Store extends Repos {
  readonly prisma: PrismaClient
  readonly clock: Clock
  /** Runs `fn` in one transaction: all its writes happen, or none. */
  transaction<T>(fn: (repos: Repos) => Promise<T>): Promise<T>
  /**
   * Resolves once every change committed so far survives a power cut. Whatever a change lets
   * leave the process (every Discord request) waits for it first: commits return before that
   * on SQLite (wal-sync.ts).
   */
  durable(): Promise<void>
  audit(): Promise<AuditReport>
  close(): Promise<void>
}

export interface OpenStoreOptions {
  /** A SQLite `file:` or a `postgresql://` URL; default `DATABASE_URL`, else `file:./data/bot.db`. */
  readonly url?: string
  readonly clock?: Clock
  /**
   * full (default): a committed action survives even a power cut (the WAL synced after each commit,
   * commits made meanwhile sharing one sync; SQLite: wal-sync.ts).
   * process: survives a crash or kill of the bot, not of the machine; several times faster
   * on slow disks. Also settable with SQLITE_SYNCHRONOUS=normal. On PostgreSQL `process` is
   * `synchronous_commit = off` for this connection (a server crash may lose the last commits,
   * never consistency); `full` keeps the server's setting.
   */
  readonly durability?: 'full' | 'process'
  /** PostgreSQL timeouts and pool size; unset ones come from the environment (postgres-limits.ts). */
  readonly postgres?: Partial<PostgresLimits>
}

/** The repositories on `sql`: the root connection, or an open transaction. */
function repos(sql: Sql, atomic: Atomic, now: () => number): Repos {
  return {
    wallets: new Wallets(sql, atomic, now),
    ledger: new Ledger(sql, now),
    settings: new Settings(sql),
    tables: new Tables(sql, now),
    actions: new ActionLog(sql, now),
    stats: new Stats(sql),
    leaderboards: new Leaderboards(sql),
    effects: new Effects(sql, now),
    ratings: new Ratings(sql),
    retention: new Retention(sql),
    writeAll: (qs) => sql.executeAll(qs.filter((q): q is Prisma.Sql => q !== null)),
  }
}

/**
 * Opens the database, applying committed migrations first (start-up does this every time; it
 * is a no-op when up to date): a SQLite file (created on first use) or PostgreSQL.
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  const url = options.url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const clock = options.clock ?? systemClock
  const { prisma, sql, close } =
    databaseKind(url) === 'postgres' ? await openPostgres(url, options) : await openSqlite(url, options)
  const now = () => clock.now()
  // Inside a transaction, "atomic" work is simply part of it.
  const inTx =
    (tx: Sql): Atomic =>
    (fn) =>
      fn(tx)
  return {
    ...repos(sql, (fn) => sql.transaction(fn), now),
    prisma,
    clock,
    transaction: (fn) => sql.transaction((tx) => fn(repos(tx, inTx(tx), now))),
    durable: () => sql.durable(),
    audit: () => audit(prisma),
    close,
  }
}

async function openPostgres(url: string, options: OpenStoreOptions): Promise<Connection> {
  const target = postgresTarget(url)
  await migratePostgres(target)
  const connection = await connectPostgres(
    options.durability === 'process' ? { ...target, options: `${target.options} -c synchronous_commit=off` } : target,
    postgresLimits(options.postgres),
  )
  await connection.prisma.$connect()
  return connection
}

async function openSqlite(url: string, options: OpenStoreOptions): Promise<Connection> {
  const file = sqlitePath(url)
  if (file === ':memory:')
    throw new Error('an in-memory database cannot be shared by the migrator and the client: use a file')
  migrateSqlite(file)
  const durability =
    options.durability ?? (process.env.SQLITE_SYNCHRONOUS?.toLowerCase() === 'normal' ? 'process' : 'full')
  const connection = await connectSqlite(file, durability)
  await connection.prisma.$connect()
  return connection
}
