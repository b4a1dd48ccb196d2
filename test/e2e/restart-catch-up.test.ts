import { afterEach, describe, expect, it } from 'vitest'
import { startBot, type Bot } from '../../src/bot.js'
import { gameLookup } from '../../src/games/registry.js'
import { createLogger } from '../../src/lib/log.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'

// A bot killed while 500 tables still owe Discord their effects: after the restart, interactions
// are routed as soon as the gateway is ready, while the catch-up (47 requests a second for every
// table) runs beside them. The test checks the order, not a time: the first clicks are answered
// while most tables are still being caught up with, and a move on a table still owing effects
// supersedes them.

const TABLES = 500

let discord: FakeDiscord
let bot: Bot | null = null
let url: string

afterEach(async () => {
  await bot?.stop()
  bot = null
  await discord.stop()
  await dropDatabase(url)
})

describe('a restart with 500 tables owing effects', () => {
  it('answers the first clicks before the catch-up is done; a move supersedes its table’s pending effects', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('Busy Server')
    const ann = guild.member('ann')
    const ben = guild.member('ben')
    url = freshDatabaseUrl()
    // What the killed bot left: tables committed, their effects never delivered (no message posted).
    const store = await openStore({ url, clock: discord.clock, durability: 'process' })
    const service = new TableService({ games: gameLookup, store })
    const channels = []
    for (let i = 0; i < TABLES; i++) {
      const channel = guild.channel(`table-${i}`)
      channels.push(channel)
      const created = await service.create({
        guildId: guild.id,
        channelId: channel.id,
        game: 'bugami',
        creatorId: ann.id,
        // An admin opening 500 tables: not held to the per-member limit.
        exempt: true,
      })
      if (!created.ok) throw new Error(created.error.code)
    }
    expect(await store.effects.pendingTables()).toHaveLength(TABLES)
    await store.close()

    bot = await startBot({
      token: discord.token,
      discordUrl: discord.url,
      databaseUrl: url,
      clock: discord.clock,
      log: createLogger('silent'),
    })
    // A move at the last table in line, the first click after the restart: its host ends it.
    const last = channels[TABLES - 1]!
    const ended = await ann.slash(last, 'table end')
    const owing = await bot.store.effects.pendingTables()
    expect(ended.content).not.toMatch(/went wrong/i)
    expect(await bot.tables.inChannel(guild.id, last.id)).toBeNull()
    // Answered while most tables still wait for their catch-up.
    expect(owing.length).toBeGreaterThan(TABLES / 2)
    // Another member's first click, elsewhere, is answered too.
    const status = await ben.slash(channels[TABLES - 2]!, 'table status')
    expect(status.ephemeral).toBe(true)
    expect((await bot.store.effects.pendingTables()).length).toBeGreaterThan(TABLES / 2)

    // The move delivered its table's pending effects with its own: one table message, the ended table.
    await bot.idle()
    expect(await bot.store.effects.pendingTables()).toEqual([])
    const posted = discord.messages(last).filter((m) => m.author.bot && m.ephemeralFor === null)
    expect(posted.length).toBeGreaterThan(0)
  }, 180_000)
})
