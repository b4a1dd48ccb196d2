import { openStore, type Store } from '../../src/store/index.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'

/** A fresh database (a SQLite file, or a PostgreSQL schema in the `postgres` run), migrated, with a manual clock. */
export async function tempStore(): Promise<{
  store: Store
  clock: ManualClock
  url: string
  cleanup: () => Promise<void>
}> {
  const url = freshDatabaseUrl()
  const clock = new ManualClock()
  // Tests survive a killed process without fsync per commit (the kill test uses full durability).
  const store = await openStore({ url, clock, durability: 'process' })
  return {
    store,
    clock,
    url,
    cleanup: async () => {
      await store.close()
      await dropDatabase(url)
    },
  }
}
