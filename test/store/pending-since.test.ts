import { describe, expect, test } from 'vitest'
import { tableServicePerTest } from '../tables/play.js'

// The outbox sweep's look-up: tables whose effects have waited since before a moment, with their
// servers (a process sweeps only its own servers' tables).
const fx = tableServicePerTest(700)

async function lobby(guildId: string, channelId: string): Promise<string> {
  const created = await fx.tables.create({ guildId, channelId, game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  return created.value.table.id
}

describe('effects pending since', () => {
  test('lists each table with an effect older than the moment once, with its server; delivered ones drop out', async () => {
    const a = await lobby('g1', 'c1')
    const b = await lobby('g2', 'c2')
    const since = fx.t.clock.now() + 1
    await fx.t.clock.advance(5000)
    // A newer change: b's effects now span both sides of the moment, c's are all newer.
    expect((await fx.tables.join(b, 'ben')).ok).toBe(true)
    const c = await lobby('g1', 'c3')

    const byTable = <T extends { tableId: string }>(rows: T[]) =>
      [...rows].sort((x, y) => (x.tableId < y.tableId ? -1 : 1))
    expect(byTable(await fx.t.store.effects.pendingSince(since))).toEqual(
      byTable([
        { tableId: a, guildId: 'g1' },
        { tableId: b, guildId: 'g2' },
      ]),
    )
    expect((await fx.t.store.effects.pendingSince(fx.t.clock.now() + 1)).map((p) => p.tableId).sort()).toEqual(
      [a, b, c].sort(),
    )

    await fx.tables.outbox.done((await fx.tables.outbox.pending(a)).map((e) => e.id))
    expect(await fx.t.store.effects.pendingSince(since)).toEqual([{ tableId: b, guildId: 'g2' }])
  })
})
