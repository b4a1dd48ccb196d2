import { describe, expect, it } from 'vitest'
import { writeGameFileAside } from '../../src/commands/table/log-thread.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import { engineFor } from '../../src/games/registry.js'
import { writeGameFile } from '../../src/tables/index.js'
import { playOne, tableServicePerTest } from './play.js'

const fx = tableServicePerTest(7)

/**
 * `/table log` writes its file off the bot's thread: while it is written the bot's event loop keeps
 * turning (other tables' moves go on), and the file is the one the bot's thread would write.
 */
describe('the table log is written on a thread of its own', () => {
  it('keeps the event loop turning while it writes, and writes the same file', async () => {
    const created = await fx.tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'u1' })
    if (!created.ok) throw new Error('no table')
    const id = created.value.table.id
    await fx.tables.join(id, 'u2')
    await fx.tables.join(id, 'u3')
    expect((await fx.tables.start(id)).ok).toBe(true)
    const rng = new Rng(seedRng(3))
    for (let n = 0; n < 40; n++) if (!(await playOne(fx.tables, id, rng, n))) break
    const input = (await fx.tables.gameLogInput('g', 'c', 'u2'))!
    expect(input).not.toBeNull()

    let turns = 0
    let done = false
    const writing = writeGameFileAside(input).finally(() => (done = true))
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve))
      turns++
    }
    const file = await writing
    // Written on this thread, the whole file would be done before the loop turned once.
    expect(turns).toBeGreaterThan(1)
    expect(file).not.toBeNull()
    expect(file).toEqual(writeGameFile(engineFor('bura')!, input))
  })
})
