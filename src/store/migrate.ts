import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'

/** The committed migrations (`prisma/migrations/<name>/migration.sql`), oldest first. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url))
/** Their PostgreSQL twins, one folder of the same name each (`npm run db:migration`). */
export const POSTGRES_MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/postgres/migrations/', import.meta.url))

export interface Migration {
  readonly name: string
  readonly sql: string
  /** sha256 of the file, as `prisma migrate deploy` records it. */
  readonly checksum: string
}

const cached = new Map<string, Migration[]>()
const COMMITTED = [MIGRATIONS_DIR, POSTGRES_MIGRATIONS_DIR]

export function committedMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const known = cached.get(dir)
  if (known) return known
  const list = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(dir, name, 'migration.sql'))
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') }
    })
  if (COMMITTED.includes(dir)) cached.set(dir, list)
  return list
}

// The bookkeeping table exactly as `prisma migrate deploy` creates it, so the CLI and this
// runner agree on what is applied.
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`

/**
 * Applies the committed migrations that the SQLite file at `file` lacks, in-process, each in
 * its own transaction, recorded in `_prisma_migrations` like `prisma migrate deploy` does.
 * In-process because start-up and tests open many databases: spawning the Prisma CLI costs
 * about 2.5 s each, this costs a few milliseconds. Also switches the file to WAL (persistent),
 * so readers (the audit command) never block the bot. Returns the names applied now.
 */
export function migrateSqlite(file: string, dir = MIGRATIONS_DIR): string[] {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file, { timeout: 10_000 })
  try {
    db.pragma('journal_mode = WAL')
    db.exec(BOOKKEEPING)
    const applied = new Map(
      (
        db
          .prepare(
            'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND ' +
              'rolled_back_at IS NULL',
          )
          .all() as {
          migration_name: string
          checksum: string
        }[]
      ).map((r) => [r.migration_name, r.checksum]),
    )
    const done: string[] = []
    for (const m of committedMigrations(dir)) {
      const known = applied.get(m.name)
      if (known !== undefined) {
        if (known !== m.checksum)
          throw new Error(`migration ${m.name} was edited after it was applied (checksum differs)`)
        continue
      }
      const started = new Date().toISOString()
      // IMMEDIATE: a second process starting at the same time waits instead of applying twice.
      db.transaction(() => {
        const again = db
          .prepare('SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ? AND finished_at IS NOT NULL')
          .get(m.name)
        if (again) return
        db.exec(m.sql)
        db.prepare(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, ' +
            'started_at, applied_steps_count) VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)',
        ).run(randomUUID(), m.checksum, new Date().toISOString(), m.name, started)
        done.push(m.name)
      }).immediate()
    }
    return done
  } finally {
    db.close()
  }
}
