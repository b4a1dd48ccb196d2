import { describe, expect, it } from 'vitest'
import { eachTestWorld } from './harness.js'

// The hourly upkeep pass, through the running bot: a closed table's recent lines leave the bot's
// memory, its rows stay for `/table log` until the retention ends, then leave the database.
const startWorld = eachTestWorld()
const DAY = 24 * 60 * 60 * 1000

describe('the upkeep pass', () => {
  it('forgets a closed table’s recent lines at once and its rows after the retention; /table log works until then', async () => {
    const w = await startWorld(['ann', 'ben'])
    const ann = w.member('ann')
    await ann.slash(w.channel, 'bugami start')
    const table = await w.table()
    await ann.slash(w.channel, 'table end')
    await w.bot.idle()
    const first = await w.bot.upkeep()
    expect(first.recentLines).toBe(1)
    expect(first.tables).toBe(0)
    await w.discord.clock.advance(29 * DAY)
    const log = await ann.slash(w.channel, 'table log')
    expect(log.content).not.toMatch(/no table/i)
    expect(await w.bot.tables.get(table.id)).not.toBeNull()
    // The hourly pass itself removes it once the 30 days are over.
    await w.discord.clock.advance(2 * DAY)
    await w.bot.idle()
    expect(await w.bot.tables.get(table.id)).toBeNull()
  })
})
