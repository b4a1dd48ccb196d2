import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { committedMigrations, POSTGRES_MIGRATIONS_DIR } from './migrate.js'
import type { PostgresTarget } from './url.js'

// The bookkeeping table exactly as `prisma migrate deploy` creates it on PostgreSQL.
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`

/**
 * The PostgreSQL side of `migrateSqlite`: applies the committed twins the schema lacks, each in
 * its own transaction (PostgreSQL's DDL is transactional), recorded as `prisma migrate deploy`
 * records them. Shards starting together take turns on an advisory lock (one per schema). Creates the target's
 * schema when it has one of its own. Returns the names applied now.
 */
export async function migratePostgres(target: PostgresTarget, dir = POSTGRES_MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: target.connectionString, options: target.options })
  await client.connect()
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('migrate ' || $1))", [target.schema])
    if (target.schema !== 'public') await client.query(`CREATE SCHEMA IF NOT EXISTS ${quote(target.schema)}`)
    await client.query(BOOKKEEPING)
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND ' +
        'rolled_back_at IS NULL',
    )
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]))
    const done: string[] = []
    for (const m of committedMigrations(dir)) {
      const known = applied.get(m.name)
      if (known !== undefined) {
        if (known !== m.checksum)
          throw new Error(`migration ${m.name} was edited after it was applied (checksum differs)`)
        continue
      }
      const started = new Date()
      await client.query('BEGIN')
      try {
        await client.query(m.sql)
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, ' +
            'started_at, applied_steps_count) VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)',
          [randomUUID(), m.checksum, m.name, started],
        )
        await client.query('COMMIT')
      } catch (e) {
        await client.query('ROLLBACK')
        throw new Error(`migration ${m.name} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
      }
      done.push(m.name)
    }
    return done
  } finally {
    await client.end()
  }
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`
