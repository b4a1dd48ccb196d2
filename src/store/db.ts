import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { Prisma, PrismaClient } from '../generated/prisma/client.js'

/** The root client or the client of an open transaction: repositories work with either. */
export type Db = PrismaClient | Prisma.TransactionClient

/** Runs `fn` atomically: in a new transaction on the root client, as-is inside one. */
export type Atomic = <T>(fn: (db: Db) => Promise<T>) => Promise<T>

export function connectSqlite(file: string): PrismaClient {
  // timeout: how long a write waits for another process's lock (the audit CLI, a second bot).
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 10_000 }) })
}

/**
 * True for a unique-constraint violation (a racing insert of the same key): P2002 from a model
 * query, or a raw query (P2010) whose driver adapter reports the violation (the adapter's
 * error kind is the same for every database).
 */
export function isUniqueViolation(e: unknown): boolean {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError)) return false
  if (e.code === 'P2002') return true
  const cause = (e.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError?.cause
  return e.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation'
}
