import pg from 'pg'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { Rng, seedRng } from '../../src/core/rng.js'
import { gameLookup } from '../../src/games/registry.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { openStore, type Store } from '../../src/store/index.js'
import { postgresTarget } from '../../src/store/url.js'
import { TableService } from '../../src/tables/index.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'
import { playOne } from '../tables/play.js'

// PostgreSQL faults a shard must survive: a row lock held by someone else, a backend killed in
// the middle of a transaction. The change in progress fails whole (the interaction gets the
// generic error), the pool reconnects, and the other tables of the process never wait for it.

const STATEMENT_TIMEOUT_MS = 1_500

let url: string
let store: Store
let tables: TableService
let locker: pg.Client

beforeEach(async () => {
  url = freshDatabaseUrl()
  store = await openStore({
    url,
    clock: new ManualClock(),
    durability: 'process',
    postgres: { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  })
  let seed = 40
  tables = new TableService({ games: gameLookup, store, seeds: () => seed++ })
  const target = postgresTarget(url)
  locker = new pg.Client({ connectionString: target.connectionString, options: target.options })
  await locker.connect()
})

afterEach(async () => {
  await locker.end().catch(() => {})
  await store.close()
  await dropDatabase(url)
})

async function runningTable(channelId: string): Promise<string> {
  const created = await tables.create({ guildId: 'g', channelId, game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  await tables.join(created.value.table.id, 'ben')
  const started = await tables.start(created.value.table.id)
  if (!started.ok) throw new Error(started.error.code)
  return created.value.table.id
}

/** Another connection takes the row of table `id` and keeps it until `release`. */
async function lockRow(id: string): Promise<() => Promise<void>> {
  await locker.query('BEGIN')
  await locker.query('SELECT 1 FROM "GameTable" WHERE "id" = $1 FOR UPDATE', [id])
  return async () => {
    await locker.query('ROLLBACK')
  }
}

/** The backends of this store that wait for the locker's lock. */
async function blockedByLocker(): Promise<number[]> {
  const r = await locker.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
  )
  return r.rows.map((row) => row.pid)
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    await new Promise((r) => setTimeout(r, 20))
  }
}

const settle = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  )

describe('PostgreSQL faults', () => {
  test('a move waiting on a locked row holds up no other table of the process', async () => {
    const a = await runningTable('a')
    const b = await runningTable('b')
    const release = await lockRow(a)
    const order: string[] = []
    const stuck = settle(playOne(tables, a, new Rng(seedRng(1)))).then((r) => {
      order.push('a settled')
      return r
    })
    await until(blockedByLocker, (pids) => pids.length === 1)
    const moved = await settle(playOne(tables, b, new Rng(seedRng(2))))
    order.push('b moved')
    expect(moved.ok).toBe(true)
    await release()
    await stuck
    expect(order).toEqual(['b moved', 'a settled'])
  })

  test('a row lock held past the statement timeout fails the change whole; the next one works', async () => {
    const a = await runningTable('a')
    const before = (await tables.get(a))!
    const logBefore = (await store.actions.list(a)).length
    const release = await lockRow(a)
    const failed = await settle(playOne(tables, a, new Rng(seedRng(3))))
    expect(failed.ok).toBe(false)
    expect(String((failed as { e: unknown }).e)).toMatch(/statement timeout|canceling statement/i)
    await release()
    const after = (await tables.get(a))!
    expect(after.version).toBe(before.version)
    expect(await store.actions.list(a)).toHaveLength(logBefore)
    expect((await settle(playOne(tables, a, new Rng(seedRng(3))))).ok).toBe(true)
    expect((await store.audit()).problems).toEqual([])
  })

  test('a backend killed mid-transaction fails that change cleanly, and the pool reconnects', async () => {
    const a = await runningTable('a')
    const b = await runningTable('b')
    const logBefore = (await store.actions.list(a)).length
    const before = (await tables.get(a))!
    const release = await lockRow(a)
    const killed = settle(playOne(tables, a, new Rng(seedRng(4))))
    const [pid] = await until(blockedByLocker, (pids) => pids.length === 1)
    await locker.query('SELECT pg_terminate_backend($1)', [pid])
    const outcome = await killed
    expect(outcome.ok).toBe(false)
    await release()
    // Nothing of the killed change was applied.
    expect((await tables.get(a))!.version).toBe(before.version)
    expect(await store.actions.list(a)).toHaveLength(logBefore)
    // The pool gives working connections again, to this table and the others.
    for (let i = 0; i < 6; i++) {
      expect((await settle(playOne(tables, i % 2 ? a : b, new Rng(seedRng(5 + i)), i))).ok).toBe(true)
    }
    expect((await store.audit()).problems).toEqual([])
  })
})
