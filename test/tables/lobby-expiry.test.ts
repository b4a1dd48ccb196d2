import { describe, expect, test } from 'vitest'
import { createLogger } from '../../src/lib/log.js'
import { DEFAULT_LOBBY_EXPIRY_MS, LobbyExpiry } from '../../src/scheduler/lobby-expiry.js'
import { TableService, type TableUpdate } from '../../src/tables/index.js'
import { gameLookup } from '../../src/games/registry.js'
import type { Store } from '../../src/store/index.js'
import { tempStore } from '../store/temp-db.js'

// A lobby that never starts closes once it is older than the lobby time (issue 33, hole 4), by the
// expiry's own sweep on the injected clock: at the first moment it is due, not a sweep later.

/** A store whose next `failures.left` transactions fail as a dropped database connection would. */
function flaky(store: Store, failures: { left: number }): Store {
  return {
    ...store,
    transaction: (fn) => {
      if (failures.left > 0) {
        failures.left--
        return Promise.reject(new Error('connection terminated unexpectedly'))
      }
      return store.transaction(fn)
    },
  }
}

async function setUp() {
  const t = await tempStore()
  const failures = { left: 0 }
  const tables = new TableService({
    games: gameLookup,
    store: flaky(t.store, failures),
    clock: t.clock,
    seeds: () => 7,
  })
  const created = await tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  const shown: TableUpdate[] = []
  const expiry = new LobbyExpiry({
    clock: t.clock,
    log: createLogger('silent'),
    tables,
    owns: () => true,
    show: async (update) => {
      shown.push(update)
    },
    expiryMs: DEFAULT_LOBBY_EXPIRY_MS,
  })
  return { t, tables, expiry, id: created.value.table.id, openedAt: t.clock.now(), shown, failures }
}

describe('lobby expiry', () => {
  test('a lobby closes the moment it is past its time, every buy-in back and shown', async () => {
    const { t, tables, expiry, id, openedAt, shown } = await setUp()
    try {
      // The sweep starts while the lobby is young: its next run is for the moment the lobby is due.
      await t.clock.advance(DEFAULT_LOBBY_EXPIRY_MS - 10 * 60_000)
      expiry.start()
      await expiry.idle()
      await t.clock.advance(openedAt + DEFAULT_LOBBY_EXPIRY_MS - t.clock.now())
      await expiry.idle()
      expect((await tables.get(id))!.status).toBe('lobby')
      // One millisecond past its 24 hours (found by the simulator: it waited another minute).
      await t.clock.advance(1)
      await expiry.idle()
      expect((await tables.get(id))!.status).toBe('aborted')
      expect(shown.map((u) => u.table.id)).toEqual([id])
      expect((await t.store.wallets.get('g', 'ann')).balance).toBe(1000)
    } finally {
      expiry.stop()
      await expiry.idle()
      await t.cleanup()
    }
  })

  test('a closing that fails (the database dropped) is tried again within seconds, not a sweep later', async () => {
    const { t, tables, expiry, id, openedAt, failures } = await setUp()
    try {
      await t.clock.advance(DEFAULT_LOBBY_EXPIRY_MS - 10 * 60_000)
      expiry.start()
      await expiry.idle()
      failures.left = 1
      await t.clock.advance(openedAt + DEFAULT_LOBBY_EXPIRY_MS + 1 - t.clock.now())
      await expiry.idle()
      expect(failures.left).toBe(0)
      expect((await tables.get(id))!.status).toBe('lobby')
      await t.clock.advance(10_000)
      await expiry.idle()
      expect((await tables.get(id))!.status).toBe('aborted')
    } finally {
      expiry.stop()
      await expiry.idle()
      await t.cleanup()
    }
  })
})
