import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { databaseKind, postgresTarget, sqlitePath } from '../../src/store/url.js'

/**
 * The database the tests of this run use: SQLite files (the vitest project `sqlite`) or
 * PostgreSQL at TEST_POSTGRES_URL (the project `postgres`, which vitest.config.ts sets up only
 * when that variable is set). Each test database is a file in its own temp folder or a schema of
 * its own, and `drop` removes it.
 */
export const testDatabase: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'

export function postgresTestUrl(): string {
  const url = process.env.TEST_POSTGRES_URL
  if (!url) throw new Error('TEST_POSTGRES_URL is not set (e.g. postgresql://postgres@127.0.0.1:5432/test)')
  return url
}

/**
 * A URL for a new, empty database of this run's kind (created on first open). A SQLite file goes
 * in `folder` (by default the temp folder).
 */
export function freshDatabaseUrl(folder = os.tmpdir()): string {
  if (testDatabase === 'sqlite') return `file:${path.join(fs.mkdtempSync(path.join(folder, 'store-test-')), 'bot.db')}`
  const u = new URL(postgresTestUrl())
  u.searchParams.set('schema', `t_${process.pid}_${randomBytes(6).toString('hex')}`)
  return u.toString()
}

/** Runs statements behind the store's back (a bug or a hand edit), on either database. */
export async function execRaw(url: string, sql: string): Promise<void> {
  if (databaseKind(url) === 'sqlite') {
    const db = new Database(sqlitePath(url))
    try {
      db.exec(sql)
    } finally {
      db.close()
    }
    return
  }
  const target = postgresTarget(url)
  const client = new pg.Client({ connectionString: target.connectionString, options: target.options })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Removes a database made by `freshDatabaseUrl`: its temp folder, or its schema. */
export async function dropDatabase(url: string): Promise<void> {
  if (databaseKind(url) === 'sqlite') {
    fs.rmSync(path.dirname(sqlitePath(url)), { recursive: true, force: true })
    return
  }
  const target = postgresTarget(url)
  const client = new pg.Client({ connectionString: target.connectionString })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`)
  } finally {
    await client.end()
  }
}
