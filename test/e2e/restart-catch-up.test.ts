import { afterEach, describe, expect, it } from 'vitest'
import { startBot, type Bot } from '../../src/bot.js'
import { createLogger } from '../../src/lib/log.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { tablesOwingEffects } from '../support/tables-owing.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'

// A bot killed while 500 tables still owe Discord their effects: after the restart, interactions
// are routed as soon as the gateway is ready, while the catch-up (47 requests a second for every
// table) runs beside them. The order is the test's own, not the machine's speed: Discord holds the
// catch-up's requests (every table but the two clicked at) until the clicks are answered, so
// those tables are still owed then, whatever the speed; a click that waited for the catch-up
// would never be answered. A move on a table still owing effects supersedes them.

const TABLES = 500

let discord: FakeDiscord
let bot: Bot | null = null
let url: string
let release: () => void = () => {}

afterEach(async () => {
  release()
  await bot?.stop()
  bot = null
  await discord.stop()
  await dropDatabase(url)
})

describe('a restart with 500 tables owing effects', () => {
  it('answers the first clicks before the catch-up is done; a move supersedes its table’s pending effects', async () => {
    discord = await startFakeDiscord()
    url = freshDatabaseUrl()
    const { ann, ben, guild, channels } = await tablesOwingEffects(discord, url, TABLES)
    const last = channels[TABLES - 1]!
    const other = channels[TABLES - 2]!
    const held = new Set(channels.slice(0, TABLES - 2).map((c) => c.id))
    const released = new Promise<void>((r) => (release = r))
    discord.injectFaults((_method, path) =>
      held.has(/^\/channels\/(\d+)/.exec(path)?.[1] ?? '') ? { kind: 'hold', until: released } : null,
    )

    bot = await startBot({
      token: discord.token,
      discordUrl: discord.url,
      databaseUrl: url,
      clock: discord.clock,
      log: createLogger('silent'),
    })
    // A move at the last table in line, the first click after the restart: its host ends it.
    const ended = await ann.slash(last, 'table end')
    expect(ended.content).not.toMatch(/went wrong/i)
    expect(await bot.tables.inChannel(guild.id, last.id)).toBeNull()
    // Another member's first click, elsewhere, is answered too.
    const status = await ben.slash(other, 'table status')
    expect(status.ephemeral).toBe(true)
    // Answered while every table whose catch-up Discord holds is still owed.
    const owing = new Set(await bot.store.effects.pendingTables())
    const heldTables = (await bot.tables.activeTables()).filter((t) => held.has(t.channelId))
    expect(heldTables).toHaveLength(TABLES - 2)
    for (const t of heldTables) expect(owing.has(t.id)).toBe(true)

    // Discord takes the held requests: the catch-up finishes, and every table shows its message.
    discord.injectFaults(null)
    release()
    await bot.idle()
    expect(await bot.store.effects.pendingTables()).toEqual([])
    // The move delivered its table's pending effects with its own: the ended table's message.
    const posted = discord.messages(last).filter((m) => m.author.bot && m.ephemeralFor === null)
    expect(posted.length).toBeGreaterThan(0)
    for (const channel of [other, channels[0]!])
      expect(discord.messages(channel).filter((m) => m.author.bot && m.ephemeralFor === null).length).toBeGreaterThan(0)
  }, 180_000)
})
