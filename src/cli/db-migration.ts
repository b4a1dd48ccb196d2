import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { committedMigrations, MIGRATIONS_DIR, migrateSqlite, POSTGRES_MIGRATIONS_DIR } from '../store/migrate.js'
import { asPostgres, POSTGRES_SCHEMA, SQLITE_SCHEMA, writePostgresSchema } from './postgres-schema.js'

/*
 * Migrations for both databases from one schema source (prisma/schema.prisma, SQLite):
 *
 *   npm run db:migration -- <name>   a new migration, in prisma/migrations and its PostgreSQL
 *                                    twin of the same name in prisma/postgres/migrations, for
 *                                    what schema.prisma changed since the last migration
 *   npm run db:migration -- --twins  the PostgreSQL twin of every SQLite migration that has none
 *                                    (a migration written for SQLite alone, e.g. on a branch)
 *
 * Every step is a Prisma diff between two datamodels, so no database server is needed: the
 * state before (and after) a SQLite migration is read back by applying the SQLite migrations to
 * a temporary file and introspecting it (`prisma db pull`); its PostgreSQL form is the same
 * datamodel with the other provider. test/store/postgres-migrations.test.ts proves that both
 * folders build the same schema. Data statements (backfills) are not schema: a SQLite migration
 * that has them is reported, and its twin needs them ported by hand.
 */

const PRISMA = path.join('node_modules', 'prisma', 'build', 'index.js')
const DATASOURCE = (provider: string) =>
  `generator client {\n  provider = "prisma-client"\n  output = "./client"\n  engineType = ` +
  `"client"\n}\n\ndatasource db {\n  provider = "${provider}"\n  url = env("DATABASE_URL")\n}\n`

function prisma(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, [PRISMA, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** The datamodel (SQLite) that the first `count` SQLite migrations build, or null for none. */
function datamodelAfter(names: string[], work: string): string | null {
  if (names.length === 0) return null
  const dir = fs.mkdtempSync(path.join(work, 'state-'))
  const migrations = path.join(dir, 'migrations')
  for (const n of names) fs.cpSync(path.join(MIGRATIONS_DIR, n), path.join(migrations, n), { recursive: true })
  const file = path.join(dir, 'state.db')
  migrateSqlite(file, migrations)
  const schema = path.join(dir, 'schema.prisma')
  fs.writeFileSync(schema, DATASOURCE('sqlite'))
  // The datasource's url is ignored next to prisma.config.ts's adapter, which reads DATABASE_URL.
  return prisma(['db', 'pull', '--print', '--schema', schema], { DATABASE_URL: `file:${file}` }).replace(
    /^[\s\S]*?(?=generator client)/,
    '',
  )
}

/** A migration script from one datamodel (null: empty database) to another, for `provider`. */
function diff(from: string | null, to: string, provider: 'sqlite' | 'postgresql', work: string): string {
  const write = (name: string, text: string) => {
    const file = path.join(work, `${name}-${provider}.prisma`)
    fs.writeFileSync(file, provider === 'postgresql' ? asPostgres(text) : text)
    return file
  }
  const fromArgs = from === null ? ['--from-empty'] : ['--from-schema-datamodel', write('from', from)]
  const script = prisma(['migrate', 'diff', ...fromArgs, '--to-schema-datamodel', write('to', to), '--script'])
  return script.replace(/^[\s\S]*?(?=--|$)/, '')
}

const isEmpty = (script: string) => !/^\s*[A-Z]/m.test(script.replace(/^--.*$/gm, ''))

/** Statements that change rows, not the schema: a twin cannot be derived for them. */
const hasData = (sql: string) => /^\s*(INSERT|UPDATE|DELETE)\b/im.test(sql)

function writeMigration(dir: string, name: string, script: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true })
  fs.writeFileSync(path.join(dir, name, 'migration.sql'), script)
  console.log(`wrote ${path.relative(process.cwd(), path.join(dir, name, 'migration.sql'))}`)
}

function stamp(now = new Date()): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14)
}

function newMigration(label: string, work: string) {
  if (!/^[a-z0-9_]+$/.test(label)) throw new Error('name the migration in lower case, digits and _ (e.g. add_outbox)')
  const names = committedMigrations().map((m) => m.name)
  const missing = names.filter((n) => !fs.existsSync(path.join(POSTGRES_MIGRATIONS_DIR, n)))
  if (missing.length > 0) throw new Error(`first run --twins: no PostgreSQL twin for ${missing.join(', ')}`)
  const before = datamodelAfter(names, work)
  const source = fs.readFileSync(SQLITE_SCHEMA, 'utf8')
  const sqlite = diff(before, source, 'sqlite', work)
  if (isEmpty(sqlite)) throw new Error('prisma/schema.prisma has no change that the migrations lack')
  const postgres = diff(before, source, 'postgresql', work)
  const name = `${stamp()}_${label}`
  writeMigration(MIGRATIONS_DIR, name, sqlite)
  writeMigration(POSTGRES_MIGRATIONS_DIR, name, postgres)
  console.log('Data to move as well (a backfill)? Add the statements to both files, in each database’s SQL.')
}

function twins(work: string) {
  const names = committedMigrations().map((m) => m.name)
  let previous: string | null | undefined
  let made = 0
  names.forEach((name, i) => {
    if (fs.existsSync(path.join(POSTGRES_MIGRATIONS_DIR, name))) {
      previous = undefined
      return
    }
    const before = previous !== undefined ? previous : datamodelAfter(names.slice(0, i), work)
    const after = datamodelAfter(names.slice(0, i + 1), work)!
    writeMigration(POSTGRES_MIGRATIONS_DIR, name, diff(before, after, 'postgresql', work))
    if (hasData(committedMigrations().find((m) => m.name === name)!.sql))
      console.log(`  ${name} also changes data (INSERT/UPDATE/DELETE): port those statements to its twin by hand`)
    previous = after
    made++
  })
  console.log(made === 0 ? 'every SQLite migration has its PostgreSQL twin' : `${made} twin(s) written`)
}

function main(args: string[]): number {
  if (writePostgresSchema()) console.log(`wrote ${POSTGRES_SCHEMA}`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'db-migration-'))
  try {
    if (args[0] === '--twins' && args.length === 1) twins(work)
    else if (args.length === 1 && !args[0]!.startsWith('-')) newMigration(args[0]!, work)
    else {
      console.error('usage: npm run db:migration -- <name>   |   npm run db:migration -- --twins')
      return 2
    }
    return 0
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e))
    return 1
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

process.exitCode = main(process.argv.slice(2))
