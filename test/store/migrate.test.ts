import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { committedMigrations, migrateSqlite, MIGRATIONS_DIR } from '../../src/store/migrate.js'
import { openStore } from '../../src/store/index.js'
import { balanceBucket } from '../../src/store/balance-buckets.js'

const run = promisify(execFile)
const dirs: string[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-test-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const applied = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return db
      .prepare('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name')
      .all() as {
      migration_name: string
      checksum: string
      finished_at: string | null
    }[]
  } finally {
    db.close()
  }
}

describe('migrations', () => {
  test('the first start creates the folder and the file and applies every committed migration', async () => {
    const file = path.join(tempDir(), 'nested', 'data', 'bot.db')
    const store = await openStore({ url: `file:${file}` })
    expect(fs.existsSync(file)).toBe(true)
    expect((await store.wallets.get('g', 'u')).balance).toBe(1000)
    await store.close()
    const rows = applied(file)
    expect(rows.map((r) => r.migration_name)).toEqual(committedMigrations().map((m) => m.name))
    for (const r of rows) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'))
      expect(r.checksum).toBe(createHash('sha256').update(sql).digest('hex'))
      expect(r.finished_at).not.toBeNull()
    }
  })

  test('a second start applies nothing and keeps the data', async () => {
    const file = path.join(tempDir(), 'bot.db')
    const first = await openStore({ url: `file:${file}` })
    await first.wallets.grant('g', 'u', 50)
    await first.close()
    expect(migrateSqlite(file)).toEqual([])
    const again = await openStore({ url: `file:${file}` })
    expect((await again.wallets.get('g', 'u')).balance).toBe(1050)
    await again.close()
  })

  test('an applied migration that was edited afterwards is refused', () => {
    const dir = tempDir()
    const migrations = path.join(dir, 'migrations')
    fs.cpSync(MIGRATIONS_DIR, migrations, { recursive: true })
    const file = path.join(dir, 'bot.db')
    expect(migrateSqlite(file, migrations).length).toBeGreaterThan(0)
    const name = committedMigrations(migrations)[0]!.name
    fs.appendFileSync(path.join(migrations, name, 'migration.sql'), '\n-- edited\n')
    expect(() => migrateSqlite(file, migrations)).toThrow(/edited after it was applied/)
  })

  // The in-process runner and `prisma migrate deploy` must agree on what is applied.
  test('prisma migrate deploy finds nothing left to apply after the in-process runner', async () => {
    const file = path.join(tempDir(), 'bot.db')
    migrateSqlite(file)
    const { stdout } = await run(process.execPath, ['node_modules/prisma/build/index.js', 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: `file:${file}` },
    })
    expect(stdout).toMatch(/No pending migrations to apply/)
    expect(applied(file)).toHaveLength(committedMigrations().length)
  })

  test('the balance ranges migration counts the wallets a database already has, as the store would', () => {
    const dir = tempDir()
    const before = path.join(dir, 'before')
    fs.mkdirSync(before)
    const names = committedMigrations().map((m) => m.name)
    const upTo = names.indexOf('20261129160000_wallet_buckets')
    for (const name of names.slice(0, upTo))
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true })
    const file = path.join(dir, 'bot.db')
    migrateSqlite(file, before)
    const balances = [
      0,
      1,
      127,
      128,
      129,
      255,
      256,
      1000,
      1000,
      1023,
      1024,
      26_000,
      65_535,
      65_536,
      1_000_000_007,
      2 ** 31 - 1,
    ]
    const db = new Database(file)
    const insert = db.prepare(
      `INSERT INTO "Wallet" ("guildId", "userId", "balance", "createdAt")
       VALUES (?, ?, ?, '2026-11-29T00:00:00.000+00:00')`,
    )
    balances.forEach((b, i) => insert.run(i % 2 ? 'g1' : 'g2', `u${i}`, b))
    db.close()
    expect(migrateSqlite(file)).toEqual(names.slice(upTo))
    const want = new Map<string, number>()
    balances.forEach((b, i) => {
      const k = `${i % 2 ? 'g1' : 'g2'} ${balanceBucket(b)}`
      want.set(k, (want.get(k) ?? 0) + 1)
    })
    const after = new Database(file, { readonly: true })
    const rows = after.prepare(`SELECT "guildId", "bucket", "wallets" FROM "WalletBucket"`).all() as {
      guildId: string
      bucket: number
      wallets: number
    }[]
    after.close()
    expect(new Map(rows.map((r) => [`${r.guildId} ${r.bucket}`, r.wallets]))).toEqual(want)
  })
})
