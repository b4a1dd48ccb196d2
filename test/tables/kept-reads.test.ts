import { describe, expect, test } from 'vitest'
import { gameLookup } from '../../src/games/registry.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { DEFAULT_SETTINGS, type GuildSettingsValue } from '../../src/store/settings.js'
import { TableService } from '../../src/tables/index.js'
import { SETTINGS_FRESH_MS, SettingsCache } from '../../src/tables/settings-cache.js'
import { tableServicePerTest } from './play.js'

const fx = tableServicePerTest(900)

describe("a server's settings as the bot reads them", () => {
  test('a change through the bot shows in its next read at once', async () => {
    expect((await fx.tables.settings('g')).language).toBeNull()
    expect((await fx.tables.updateSettings('g', { language: 'de' })).ok).toBe(true)
    expect((await fx.tables.settings('g')).language).toBe('de')
    expect((await fx.tables.updateSettings('g', { images: false })).ok).toBe(true)
    expect(await fx.tables.settings('g')).toMatchObject({ language: 'de', images: false })
  })

  test('a change through another process on the same database shows within SETTINGS_FRESH_MS', async () => {
    const other = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => 1 })
    expect((await fx.tables.settings('g')).emojis).toBe(true)
    expect((await other.updateSettings('g', { emojis: false })).ok).toBe(true)
    await fx.t.clock.advance(SETTINGS_FRESH_MS)
    expect((await fx.tables.settings('g')).emojis).toBe(false)
  })

  test('a read that a change overtook keeps nothing: the read after the change has the new settings', async () => {
    const cache = new SettingsCache(new ManualClock(0))
    let finishOld!: (s: GuildSettingsValue) => void
    const old = cache.get('g', () => new Promise((resolve) => (finishOld = resolve)))
    cache.changed('g')
    finishOld(DEFAULT_SETTINGS)
    expect(await old).toBe(DEFAULT_SETTINGS)
    const changed = { ...DEFAULT_SETTINGS, threads: true }
    expect(await cache.get('g', () => Promise.resolve(changed))).toBe(changed)
  })
})

describe("a table's place as the bot reads it", () => {
  test("a table's server and channel, the same after it ended; none for an unknown table", async () => {
    const created = await fx.tables.create({
      guildId: 'g',
      channelId: 'c1',
      game: 'bura',
      creatorId: 'ann',
      buyIn: 100,
    })
    if (!created.ok) throw new Error(created.error.code)
    const id = created.value.table.id
    expect(await fx.tables.place(id)).toEqual({ guildId: 'g', channelId: 'c1' })
    expect((await fx.tables.end(id)).ok).toBe(true)
    expect(await fx.tables.place(id)).toEqual({ guildId: 'g', channelId: 'c1' })
    expect(await fx.tables.place('no-such-table')).toBeNull()
  })
})
