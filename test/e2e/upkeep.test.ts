import { describe, expect, it } from 'vitest'
import { eachTestWorld } from './harness.js'

// The upkeep pass through the running bot: a closed table's recent lines leave the bot's memory,
// its rows stay for `/table log` (their removal after the retention: test/store/retention.test.ts),
// and the pass runs by itself every hour.
const startWorld = eachTestWorld()

describe('the upkeep pass', () => {
  it('forgets a closed table’s recent lines, keeps its log for /table log, and runs every hour', async () => {
    const w = await startWorld(['ann', 'ben'])
    const ann = w.member('ann')
    await ann.slash(w.channel, 'bugami start')
    const table = await w.table()
    await ann.slash(w.channel, 'table end')
    await w.bot.idle()
    const first = await w.bot.upkeep()
    expect(first.recentLines).toBe(1)
    expect(first.tables).toBe(0)
    expect(await w.bot.tables.get(table.id)).not.toBeNull()
    const log = await ann.slash(w.channel, 'table log')
    expect(log.content).not.toMatch(/no table/i)
    const passes = () => w.logLines.filter((l) => l.includes('upkeep: pruned')).length
    const before = passes()
    await w.discord.clock.advance(61 * 60 * 1000)
    await w.bot.idle()
    expect(passes()).toBe(before + 1)
  })
})
