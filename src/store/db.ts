import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { isDriverAdapterError } from '@prisma/driver-adapter-utils'
import { Prisma, PrismaClient } from '../generated/prisma/client.js'
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-postgres/client.js'
import { SharedConnection, type RootSql, type Sql } from './sql.js'
import { withStatementCache } from './statement-cache.js'
import { WalSync } from './wal-sync.js'
import { checkpointThread } from './checkpoint-thread.js'
import { Checkpoints } from './checkpoints.js'
import type { PostgresLimits } from './postgres-limits.js'
import type { PostgresTarget } from './url.js'

/** Runs `fn` atomically: in a new transaction on the root connection, as-is inside one. */
export type Atomic = <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>

export interface Connection {
  /**
   * Typed reads outside store transactions (the audit's aggregates); never inside one, where it would
   * wait for that very transaction.
   */
  readonly prisma: PrismaClient
  /** Every write and every transaction: portable SQL through the same driver adapter. */
  readonly sql: RootSql
  close(): Promise<void>
}

/**
 * Commits between two checkpoints of the WAL. A few frames (pages) each, so the WAL stays within a
 * few MB, about where SQLite's own automatic checkpoint (1,000 pages) keeps it.
 */
const CHECKPOINT_EVERY_WRITES = 100

/** The most a restarted WAL file keeps on disk. */
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024

/**
 * SQLite through better-sqlite3. `full` durability syncs the WAL after each commit off the bot's
 * thread (wal-sync.ts); `process` leaves it to SQLite's checkpoints, so a power cut may lose the
 * last commits (a crash or kill of the bot loses nothing either way).
 */
export async function connectSqlite(file: string, durability: 'full' | 'process'): Promise<Connection> {
  // timeout: how long a write waits for another process's lock (the audit CLI, a second bot).
  const adapter = await new PrismaBetterSQLite3({ url: file, timeout: 10_000 }).connect()
  const synced = durability === 'full' ? WalSync.forDatabase(file) : undefined
  const shared = new SharedConnection(withStatementCache(adapter), synced?.wal)
  // Connection set-up, not application SQL: the SQLite-specific statements outside the migrator.
  await shared.sql.execute(Prisma.sql`PRAGMA synchronous = NORMAL`)
  // The checkpoint thread copies the WAL into the database, not the commit that fills it (checkpoints.ts).
  await shared.sql.execute(Prisma.sql`PRAGMA wal_autocheckpoint = 0`)
  // A WAL that grew while the checkpoint thread started is cut back when the log restarts.
  await shared.sql.execute(Prisma.sql`PRAGMA journal_size_limit = ${Prisma.raw(String(WAL_SIZE_LIMIT_BYTES))}`)
  const checkpoints = new Checkpoints({
    file,
    runner: checkpointThread(),
    exclusive: shared.exclusive,
    fallBack: async () => void (await shared.sql.execute(Prisma.sql`PRAGMA wal_autocheckpoint = 1000`)),
    everyWrites: CHECKPOINT_EVERY_WRITES,
  })
  shared.afterWrite(() => checkpoints.wrote())
  const prisma = new PrismaClient({ adapter: shared.factory })
  const close = async () => {
    await checkpoints.close()
    await prisma.$disconnect()
    await synced?.close()
  }
  return { prisma, sql: shared.sql, close }
}

/**
 * PostgreSQL through `@prisma/adapter-pg`, a pool of `limits.poolSize` connections. Unlike on
 * SQLite there is no process-wide gate: each transaction takes a connection of its own, so a
 * query that hangs (a row lock, a slow disk) holds up its own table only; the table service runs
 * one change at a time per table (unit-of-work.ts), and processes sharing the database are kept
 * apart by the version guard, unique interaction ids and deadline claims. Every session has a
 * statement timeout and an idle-in-transaction timeout, the sockets TCP keepalive, connecting a
 * timeout (postgres-limits.ts). A connection that breaks fails the transaction on it (rolled back
 * by the server) and leaves the pool; the next transaction gets a new one. The client is the one
 * generated for PostgreSQL (prisma/postgres/schema.prisma): the same models, typed as the SQLite one's.
 */
export async function connectPostgres(target: PostgresTarget, limits: PostgresLimits): Promise<Connection> {
  const factory = new PrismaPg(
    {
      connectionString: target.connectionString,
      options:
        `${target.options} -c statement_timeout=${limits.statementTimeoutMs}` +
        ` -c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
      max: limits.poolSize,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: limits.keepAliveMs,
    },
    // A broken idle connection leaves the pool by itself; the error needs no more handling here.
    { schema: target.schema, onPoolError: () => {}, onConnectionError: () => {} },
  )
  const shared = new SharedConnection(await factory.connect(), undefined, { serial: false })
  const prisma = new PostgresPrismaClient({ adapter: shared.factory }) as unknown as PrismaClient
  return { prisma, sql: shared.sql, close: () => prisma.$disconnect() }
}

/**
 * True for a unique-constraint violation (a racing insert of the same key): P2002 from a Prisma
 * model query, or the driver adapter's own error from a direct statement (its error kind is the
 * same for every database), also when wrapped by a raw Prisma query (P2010).
 */
export function isUniqueViolation(e: unknown): boolean {
  if (e instanceof Error && isDriverAdapterError(e)) return e.cause.kind === 'UniqueConstraintViolation'
  if (!(e instanceof Prisma.PrismaClientKnownRequestError)) return false
  if (e.code === 'P2002') return true
  const cause = (e.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError
    ?.cause
  return e.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation'
}
