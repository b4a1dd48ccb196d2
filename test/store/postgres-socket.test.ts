import fs from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { gameLookup } from '../../src/games/registry.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { openStore, type Store } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { dropDatabase, freshDatabaseUrl, testDatabase } from '../support/test-database.js'
import { openTable, playGame } from '../tables/play.js'

/** Where Debian's PostgreSQL keeps its socket (docs/deploy.md: PostgreSQL on the bot's host). */
const SOCKET_DIR = '/var/run/postgresql'
const socketThere = fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
if (testDatabase === 'postgres' && !socketThere)
  console.warn(`PostgreSQL socket test skipped: no ${SOCKET_DIR}/.s.PGSQL.5432 on this machine.`)

let store: Store | null = null
let url: string | null = null
afterEach(async () => {
  await store?.close()
  if (url) await dropDatabase(url)
  store = null
  url = null
})

describe.skipIf(testDatabase !== 'postgres' || !socketThere)(
  'PostgreSQL on the bot’s host, over its Unix socket',
  () => {
    test('a URL naming the socket folder (?host=) opens the store, migrates it and plays a game', async () => {
      url = freshDatabaseUrl()
      const overSocket = new URL(url)
      overSocket.hostname = 'localhost'
      overSocket.port = ''
      overSocket.searchParams.set('host', SOCKET_DIR)
      store = await openStore({ url: overSocket.toString(), clock: new ManualClock(), durability: 'process' })
      const tables = new TableService({ games: gameLookup, store, seeds: () => 7 })
      const id = await openTable(tables, 'bura', ['ann', 'ben'])
      expect((await tables.start(id)).ok).toBe(true)
      expect(await playGame(tables, id, 3)).toBeGreaterThan(0)
      expect((await tables.get(id))!.gamesPlayed).toBe(1)
      // The server saw the connection come over the socket: no client address.
      const [row] = await store.prisma.$queryRawUnsafe<{ addr: string | null }[]>(
        'SELECT client_addr::text AS addr FROM pg_stat_activity WHERE pid = pg_backend_pid()',
      )
      expect(row!.addr).toBeNull()
    })
  },
)
