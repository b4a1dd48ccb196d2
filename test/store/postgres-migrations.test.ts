import { afterEach, describe, expect, test } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { committedMigrations, migrateSqlite, POSTGRES_MIGRATIONS_DIR } from '../../src/store/migrate.js'
import { migratePostgres } from '../../src/store/migrate-postgres.js'
import { openStore } from '../../src/store/index.js'
import { postgresTarget } from '../../src/store/url.js'
import { postgresCatalog, sqliteCatalog } from '../support/catalog.js'
import { dropDatabase, execRaw, freshDatabaseUrl } from '../support/test-database.js'

const urls: string[] = []
const dirs: string[] = []
const fresh = () => {
  const url = freshDatabaseUrl()
  urls.push(url)
  return url
}
afterEach(async () => {
  for (const u of urls.splice(0)) await dropDatabase(u)
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe('PostgreSQL migrations', () => {
  test('the two migration folders build the same tables, columns, keys, indexes and foreign keys', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'))
    dirs.push(dir)
    migrateSqlite(path.join(dir, 'bot.db'))
    const target = postgresTarget(fresh())
    await migratePostgres(target)
    const sqlite = sqliteCatalog(path.join(dir, 'bot.db'))
    expect(Object.keys(sqlite)).toContain('WalletBucket')
    expect(await postgresCatalog(target.connectionString, target.schema)).toEqual(sqlite)
  })

  test('start-up applies every twin once; a second start applies nothing and keeps the data', async () => {
    const url = fresh()
    const first = await openStore({ url })
    await first.wallets.grant('g', 'u', 50)
    await first.close()
    expect(await migratePostgres(postgresTarget(url))).toEqual([])
    const again = await openStore({ url })
    expect((await again.wallets.get('g', 'u')).balance).toBe(1050)
    await again.close()
  })

  test('processes starting together apply each migration once', async () => {
    const target = postgresTarget(fresh())
    const runs = await Promise.all([migratePostgres(target), migratePostgres(target), migratePostgres(target)])
    expect(runs.flat().sort()).toEqual(committedMigrations(POSTGRES_MIGRATIONS_DIR).map((m) => m.name))
  })

  test('an applied migration that was edited afterwards is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'))
    dirs.push(dir)
    fs.cpSync(POSTGRES_MIGRATIONS_DIR, dir, { recursive: true })
    const target = postgresTarget(fresh())
    expect((await migratePostgres(target, dir)).length).toBeGreaterThan(0)
    fs.appendFileSync(path.join(dir, committedMigrations(dir)[0]!.name, 'migration.sql'), '\n-- edited\n')
    await expect(migratePostgres(target, dir)).rejects.toThrow(/edited after it was applied/)
  })

  test('a failing migration leaves nothing half-applied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'))
    dirs.push(dir)
    fs.cpSync(POSTGRES_MIGRATIONS_DIR, dir, { recursive: true })
    fs.mkdirSync(path.join(dir, '29990101000000_broken'))
    fs.writeFileSync(
      path.join(dir, '29990101000000_broken', 'migration.sql'),
      'CREATE TABLE "Half" ("id" TEXT);\nSELECT no_such_function();\n',
    )
    const url = fresh()
    await expect(migratePostgres(postgresTarget(url), dir)).rejects.toThrow(/29990101000000_broken failed/)
    await expect(execRaw(url, 'SELECT * FROM "Half"')).rejects.toThrow(/does not exist/)
  })
})
