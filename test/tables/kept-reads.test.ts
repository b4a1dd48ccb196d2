import { describe, expect, test, vi } from 'vitest'
import { engineFor, gameLookup } from '../../src/games/registry.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { DEFAULT_SETTINGS, type GuildSettingsValue } from '../../src/store/settings.js'
import { TableService } from '../../src/tables/index.js'
import { SETTINGS_FRESH_MS, SettingsCache } from '../../src/tables/settings-cache.js'
import { openTable, tableServicePerTest } from './play.js'

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

describe("whether a player's latest move was automatic, as their private view asks", () => {
  /** A Bura game of ann and bob, started; moves its waited-for player's first legal move through `service`. */
  async function buraGame() {
    const id = await openTable(fx.tables, 'bura', ['ann', 'bob'], { buyIn: 100 })
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(started.error.code)
    const move = async (service: TableService) => {
      const table = (await service.get(id))!
      const userId = table.waitingFor[0]!
      const position = table.seats.find((s) => s.userId === userId)!.position!
      const action = engineFor('bura')!.legalActions(table.state, position)[0]
      const out = await service.act(id, userId, action, { expectedVersion: table.version })
      if (!out.ok) throw new Error(out.error.code)
      return userId
    }
    return { id, move }
  }

  test('after the changes this process made, answered without the database, as the database would', async () => {
    const { id, move } = await buraGame()
    await move(fx.tables)
    await move(fx.tables)
    let table = (await fx.tables.get(id))!
    const late = table.waitingFor[0]!
    await fx.t.clock.advance(table.deadlineAt! - fx.t.clock.now())
    expect((await fx.tables.expire(id, table.deadlineAt!)).ok).toBe(true)
    table = (await fx.tables.get(id))!
    const other = ['ann', 'bob'].find((u) => u !== late)!
    const asked = vi.spyOn(fx.t.store.actions, 'lastMoveKind')
    expect(await fx.tables.lastMoveAutomatic(table, late)).toBe(true)
    expect(await fx.tables.lastMoveAutomatic(table, other)).toBe(false)
    expect(asked).not.toHaveBeenCalled()
    // Another process keeps nothing of this table: it asks the database, which says the same.
    const fresh = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => 1 })
    expect(await fresh.lastMoveAutomatic(table, late)).toBe(true)
    expect(await fresh.lastMoveAutomatic(table, other)).toBe(false)
    expect(asked).toHaveBeenCalledTimes(2)
  })

  test('a table another process changed since is asked of the database: its automatic move shows', async () => {
    const { id, move } = await buraGame()
    // Moves through this process until the player waited for has made one of them.
    const movers = new Set<string>()
    let table = (await fx.tables.get(id))!
    while (!movers.has(table.waitingFor[0]!)) {
      movers.add(await move(fx.tables))
      table = (await fx.tables.get(id))!
    }
    const late = table.waitingFor[0]!
    const asked = vi.spyOn(fx.t.store.actions, 'lastMoveKind')
    expect(await fx.tables.lastMoveAutomatic(table, late)).toBe(false)
    expect(asked).not.toHaveBeenCalled()
    const other = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => 1 })
    await fx.t.clock.advance(table.deadlineAt! - fx.t.clock.now())
    expect((await other.expire(id, table.deadlineAt!)).ok).toBe(true)
    table = (await fx.tables.get(id))!
    expect(await fx.tables.lastMoveAutomatic(table, late)).toBe(true)
    // The next change through this process starts from the other's version and keeps it right.
    await move(fx.tables)
    table = (await fx.tables.get(id))!
    expect(await fx.tables.lastMoveAutomatic(table, late)).toBe(
      (await fx.t.store.actions.lastMoveKind(id, late)) === 'auto',
    )
  })
})

describe('what the bot keeps of the tables it changed', () => {
  test('a table another process closed is forgotten by the upkeep sweep; open ones are kept', async () => {
    const ids = [
      await openTable(fx.tables, 'bura', ['ann', 'bob'], { buyIn: 100, channelId: 'c1' }),
      await openTable(fx.tables, 'bura', ['cat', 'dan'], { buyIn: 100, channelId: 'c2' }),
    ]
    for (const id of ids) expect((await fx.tables.start(id)).ok).toBe(true)
    // This process wrote both tables' last changes; another one closes the first (an operator's
    // `npm run tables -- close`), which this process never sees as a change of its own.
    const other = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => 1 })
    expect((await other.voidTable(ids[0]!, 'operator')).ok).toBe(true)
    const open = new Set((await fx.tables.activeTables()).map((t) => t.id))
    expect(open).toEqual(new Set([ids[1]]))
    // The open table's view learns once what cat's latest move was; the database is not asked again.
    const table = (await fx.tables.get(ids[1]!))!
    await fx.tables.lastMoveAutomatic(table, 'cat')
    expect(fx.tables.forgetClosed(open)).toBe(1)
    expect(fx.tables.forgetClosed(open)).toBe(0)
    const asked = vi.spyOn(fx.t.store.actions, 'lastMoveKind')
    await fx.tables.lastMoveAutomatic(table, 'cat')
    expect(asked).not.toHaveBeenCalled()
  })
})
