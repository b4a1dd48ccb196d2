import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openStore, type Store } from '../../src/store/index.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

/** A fresh SQLite file in its own temp folder, migrated, with a manual clock. */
export async function tempStore(): Promise<{
  store: Store
  clock: ManualClock
  dir: string
  url: string
  cleanup: () => Promise<void>
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'))
  const url = `file:${path.join(dir, 'bot.db')}`
  const clock = new ManualClock()
  // Tests survive a killed process without fsync per commit (the kill test uses full durability).
  const store = await openStore({ url, clock, durability: 'process' })
  return {
    store,
    clock,
    dir,
    url,
    cleanup: async () => {
      await store.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
