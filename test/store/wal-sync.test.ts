import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { Prisma, PrismaClient } from '../../src/generated/prisma/client.js'
import { migrateSqlite } from '../../src/store/migrate.js'
import { SharedConnection } from '../../src/store/sql.js'
import { openStore } from '../../src/store/index.js'
import { WalSync } from '../../src/store/wal-sync.js'

/** A WalSync whose syncs wait until the test lets them finish (or fail). */
function heldSync() {
  const calls: { finish: () => void; fail: (e: Error) => void }[] = []
  const wal = new WalSync(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ finish: resolve, fail: reject })
      }),
  )
  return { wal, calls }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('syncing the WAL after commits, off the bot thread', () => {
  it('with nothing written nothing is synced', async () => {
    const { wal, calls } = heldSync()
    await wal.durable()
    expect(calls).toHaveLength(0)
  })

  it('commits made while a sync runs wait for the next one, and share it', async () => {
    const { wal, calls } = heldSync()
    wal.wrote()
    let firstDone = false
    const first = wal.durable().then(() => (firstDone = true))
    await settle()
    expect(calls).toHaveLength(1)
    // Three commits land while the first sync runs: it may have missed them.
    const later = [1, 2, 3].map(() => {
      wal.wrote()
      let done = false
      return { promise: wal.durable().then(() => (done = true)), done: () => done }
    })
    calls[0]!.finish()
    await first
    await settle()
    expect(firstDone).toBe(true)
    expect(later.some((l) => l.done())).toBe(false)
    expect(calls).toHaveLength(2)
    calls[1]!.finish()
    await Promise.all(later.map((l) => l.promise))
    expect(calls).toHaveLength(2)
    // Everything is synced: asking again costs nothing.
    await wal.durable()
    expect(calls).toHaveLength(2)
  })

  it('a failed sync fails everyone waiting for it; the next ask tries again', async () => {
    const { wal, calls } = heldSync()
    wal.wrote()
    const waiting = [wal.durable(), wal.durable()]
    await settle()
    calls[0]!.fail(new Error('disk full'))
    for (const w of waiting) await expect(w).rejects.toThrow('disk full')
    const again = wal.durable()
    await settle()
    expect(calls).toHaveLength(2)
    calls[1]!.finish()
    await again
  })
})

describe('the shared connection reports each committed write', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
  })

  function tempFile(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'))
    dirs.push(dir)
    const file = path.join(dir, 'bot.db')
    migrateSqlite(file)
    return file
  }

  /** `syncMs`: how long a sync takes, as a disk's would. */
  async function connection(syncMs = 0) {
    let syncs = 0
    const wal = new WalSync(async () => {
      syncs++
      await new Promise((resolve) => setTimeout(resolve, syncMs))
    })
    const shared = new SharedConnection(await new PrismaBetterSQLite3({ url: tempFile() }).connect(), wal)
    const prisma = new PrismaClient({ adapter: shared.factory })
    return { sql: shared.sql, prisma, syncs: () => syncs }
  }

  it('a transaction, a single statement or a Prisma write needs a sync; a read does not', async () => {
    const c = await connection()
    await c.sql.query(Prisma.sql`SELECT COUNT(*) AS n FROM "Wallet"`)
    await c.prisma.wallet.findMany()
    await c.sql.durable()
    expect(c.syncs()).toBe(0)

    await c.sql.transaction((tx) =>
      tx.execute(Prisma.sql`INSERT INTO "GuildSettings" ("guildId", "startingGrant") VALUES ('g1', 5)`),
    )
    await c.sql.durable()
    expect(c.syncs()).toBe(1)

    await c.sql.execute(Prisma.sql`UPDATE "GuildSettings" SET "startingGrant" = 6 WHERE "guildId" = 'g1'`)
    await c.sql.durable()
    expect(c.syncs()).toBe(2)

    await c.prisma.guildSettings.create({ data: { guildId: 'g2', startingGrant: 7 } })
    await c.sql.durable()
    expect(c.syncs()).toBe(3)
    await c.prisma.$disconnect()
  })

  it('many commits at once are made durable by far fewer syncs', async () => {
    const c = await connection(5)
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.sql
          .transaction((tx) =>
            tx.execute(Prisma.sql`INSERT INTO "GuildSettings" ("guildId", "startingGrant") VALUES (${`g${i}`}, 1)`),
          )
          .then(() => c.sql.durable()),
      ),
    )
    expect(c.syncs()).toBeGreaterThan(0)
    expect(c.syncs()).toBeLessThan(10)
    await c.prisma.$disconnect()
  })

  it('a store with full durability syncs the real WAL file and keeps SQLite from syncing inside COMMIT', async () => {
    const file = tempFile()
    const store = await openStore({ url: `file:${file}`, durability: 'full' })
    await store.settings.update('g', { dailyAmount: 9 })
    await store.durable()
    expect(fs.existsSync(`${file}-wal`)).toBe(true)
    const [{ synchronous }] = await store.prisma.$queryRawUnsafe<[{ synchronous: bigint }]>('PRAGMA synchronous')
    expect(Number(synchronous)).toBe(1) // NORMAL
    await store.close()
    // What a power cut would leave: the committed change, read by a fresh connection.
    const db = new Database(file, { readonly: true })
    expect(db.prepare(`SELECT "dailyAmount" FROM "GuildSettings" WHERE "guildId" = 'g'`).get()).toEqual({
      dailyAmount: 9,
    })
    db.close()
  })
})
