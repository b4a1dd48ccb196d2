import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckpointResult, CheckpointRunner } from '../../src/store/checkpoint-thread.js'
import { Checkpoints } from '../../src/store/checkpoints.js'
import { openStore } from '../../src/store/index.js'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** A checkpoint thread whose checkpoints wait until the test ends them, and a connection gate beside it. */
function held() {
  const asked: { inGate: boolean; finish: (r: CheckpointResult) => void; fail: (e: Error) => void }[] = []
  let inGate = false
  let fellBack = 0
  const runner: CheckpointRunner = {
    checkpoint: () => new Promise((resolve, reject) => asked.push({ inGate, finish: resolve, fail: reject })),
    close: async () => {},
  }
  const checkpoints = new Checkpoints({
    file: 'bot.db',
    runner,
    exclusive: async (fn) => {
      inGate = true
      try {
        return await fn()
      } finally {
        inGate = false
      }
    },
    fallBack: async () => void fellBack++,
    everyWrites: 3,
  })
  const write = (n: number) => {
    for (let i = 0; i < n; i++) checkpoints.wrote()
  }
  return { checkpoints, asked, write, fellBack: () => fellBack }
}

describe('when the WAL is checkpointed', () => {
  it('every few writes, one checkpoint at a time, outside the gate when nothing was written meanwhile', async () => {
    const c = held()
    c.write(2)
    expect(c.asked).toHaveLength(0)
    c.write(1)
    expect(c.asked).toHaveLength(1)
    expect(c.asked[0]!.inGate).toBe(false)
    c.asked[0]!.finish({ log: 40, checkpointed: 40 })
    await settle()
    // Nothing committed while it ran: the WAL is all in the database, no second pass.
    expect(c.asked).toHaveLength(1)
    c.write(3)
    expect(c.asked).toHaveLength(2)
  })

  it('writes that land during a checkpoint are copied once more while the connection waits', async () => {
    const c = held()
    c.write(3)
    // Two commits land meanwhile; a checkpoint already running starts no second one.
    c.write(2)
    expect(c.asked).toHaveLength(1)
    c.asked[0]!.finish({ log: 30, checkpointed: 30 })
    await settle()
    expect(c.asked).toHaveLength(2)
    expect(c.asked[1]!.inGate).toBe(true)
    c.asked[1]!.finish({ log: 12, checkpointed: 12 })
    await settle()
    // The round is over: the next one starts once three writes came after it was asked.
    c.write(1)
    expect(c.asked).toHaveLength(3)
  })

  it('another process checkpointing at the time leaves the WAL to the next round', async () => {
    const c = held()
    c.write(4)
    c.asked[0]!.finish({ log: -1, checkpointed: -1 })
    await settle()
    expect(c.asked).toHaveLength(1)
  })

  it('a thread that fails hands checkpoints back to the connection, once', async () => {
    const c = held()
    c.write(3)
    c.asked[0]!.fail(new Error('disk I/O error'))
    await settle()
    expect(c.fellBack()).toBe(1)
    c.write(10)
    expect(c.asked).toHaveLength(1)
    await c.checkpoints.close()
  })
})

describe('the WAL of a store', () => {
  let dir = ''
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('stops growing under steady commits, and every commit is in the database after', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'))
    const file = path.join(dir, 'bot.db')
    const wal = `${file}-wal`
    const store = await openStore({ url: `file:${file}`, durability: 'process' })
    let results = 0
    const rate = async (n: number) => {
      for (let i = 0; i < n; i++, results++) {
        await store.transaction((repos) =>
          repos.ratings.record(
            'g',
            'bugami',
            't',
            [
              { userId: `a${results % 97}`, place: 1 },
              { userId: `b${results % 89}`, place: 2 },
            ],
            Date.UTC(2026, 0, 1) + results * 60_000,
          ),
        )
        // As in the bot, where each result follows a Discord event.
        await settle()
      }
    }
    // Before the first checkpoint the WAL holds every commit: what each adds.
    await rate(40)
    const perCommit = fs.statSync(wal).size / 40
    // Until the first checkpoint (the thread starts with it) has let a commit write the WAL from its
    // start again: a file that no longer grows.
    let reached = fs.statSync(wal).size
    for (let batch = 0; batch < 100; batch++) {
      await rate(20)
      const size = fs.statSync(wal).size
      if (size === reached) break
      reached = size
    }
    await rate(600)
    // Without checkpoints these commits alone would add 600 times `perCommit`.
    expect(fs.statSync(wal).size - reached).toBeLessThan(150 * perCommit)
    const { rated } = (await store.ratings.member('g', 'bugami', 'a0'))!
    await store.close()

    const db = new Database(file, { readonly: true })
    expect(db.prepare('SELECT COUNT(*) AS n FROM "RatedResult"').get()).toEqual({ n: results })
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
    expect(rated).toBe(97 + 89)
  })
})
