import { describe, expect, test } from 'vitest'
import { MAX_GUILD_CHIPS } from '../../src/store/wallets.js'
import { TABLE_BOUNDS } from '../../src/tables/bounds.js'
import { playGame, tableServicePerTest } from './play.js'

// Balances are 64-bit on both databases and bounded so that no sum of a server's chips passes
// JavaScript's safe integers: the largest allowed balances go through a whole game on SQLite and
// PostgreSQL, the audit adds them up exactly, and no grant takes a server past its bound.
const fx = tableServicePerTest(700)

describe('the largest allowed balances', () => {
  test('go through a whole game, cash out exactly, and the audit balances', async () => {
    expect(MAX_GUILD_CHIPS * 8).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER)
    const start = (await fx.tables.wallet('g', 'ann')).balance + (await fx.tables.wallet('g', 'ben')).balance
    const half = Math.floor((MAX_GUILD_CHIPS - start) / 2)
    const annGrant = await fx.tables.grant('g', 'ann', half, 'admin')
    expect(annGrant.ok).toBe(true)
    const benGrant = await fx.tables.grant('g', 'ben', MAX_GUILD_CHIPS - start - half, 'admin')
    expect(benGrant.ok).toBe(true)
    const ann = (await fx.tables.wallet('g', 'ann')).balance
    const ben = (await fx.tables.wallet('g', 'ben')).balance
    expect(ann + ben).toBe(MAX_GUILD_CHIPS)
    expect(ann).toBeGreaterThan(2 ** 47)

    // The server is at its bound: no grant creates a chip more; a new wallet starts empty.
    expect(await fx.tables.grant('g', 'ann', 1, 'admin')).toMatchObject({
      ok: false,
      error: { code: 'wallet.server-full' },
    })
    expect((await fx.tables.wallet('g', 'cat')).balance).toBe(0)

    const created = await fx.tables.create({
      guildId: 'g',
      channelId: 'c',
      game: 'badugi',
      creatorId: 'ann',
      buyIn: TABLE_BOUNDS.buyIn.max,
    })
    if (!created.ok) throw new Error(created.error.code)
    const id = created.value.table.id
    expect((await fx.tables.join(id, 'ben')).ok).toBe(true)
    expect((await fx.tables.start(id)).ok).toBe(true)
    await playGame(fx.tables, id, 3)
    const ended = await fx.tables.end(id)
    expect(ended.ok).toBe(true)
    const annAfter = (await fx.tables.wallet('g', 'ann')).balance
    const benAfter = (await fx.tables.wallet('g', 'ben')).balance
    expect(annAfter + benAfter).toBe(MAX_GUILD_CHIPS)
    expect(annAfter).not.toBe(ann)
    const report = await fx.t.store.audit()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(MAX_GUILD_CHIPS)
    expect(report.wallets).toBe(MAX_GUILD_CHIPS)
  })
})
