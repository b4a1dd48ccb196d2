import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { POSTGRES_SCHEMA, SQLITE_SCHEMA, postgresSchema } from '../../src/cli/postgres-schema.js'
import { committedMigrations, POSTGRES_MIGRATIONS_DIR } from '../../src/store/migrate.js'

// One schema source: the PostgreSQL schema and migration folders follow the SQLite ones
// (`npm run db:migration`); test/store/postgres-migrations.test.ts proves they build the same database.
describe('the PostgreSQL twins of the schema and migrations', () => {
  test('prisma/postgres/schema.prisma is the one generated from prisma/schema.prisma', () => {
    expect(fs.readFileSync(POSTGRES_SCHEMA, 'utf8')).toBe(postgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8')))
  })

  test('every SQLite migration has a PostgreSQL twin of the same name, and no twin lacks its original', () => {
    const names = (dir?: string) => committedMigrations(dir).map((m) => m.name)
    expect(names(POSTGRES_MIGRATIONS_DIR)).toEqual(names())
  })
})
