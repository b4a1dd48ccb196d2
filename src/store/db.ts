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

/** True for a unique-constraint violation (a racing insert of the same key). */
export function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002'
}
