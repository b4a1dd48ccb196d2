import { describe, expect, test } from 'vitest'
import { ENGINES } from '../../src/games/registry.js'
import { rebuildState } from '../../src/tables/index.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(7)

async function startedBura(): Promise<string> {
  const created = await fx.tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'ann', buyIn: 500 })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  await fx.tables.join(id, 'ben')
  const started = await fx.tables.start(id)
  if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
  return id
}

describe('racing actions', () => {
  test('many clicks on the same version: exactly one wins, the rest are told the table changed', async () => {
    const id = await startedBura()
    const engine = ENGINES.bura
    for (let round = 0; round < 6; round++) {
      const table = (await fx.tables.get(id))!
      if (table.progress !== 'acting') break
      const userId = table.waitingFor[0]!
      const position = table.seats.find((s) => s.userId === userId)!.position!
      const legal = engine.legalActions(table.state, position)
      // Twelve different interactions race, each a legal move of the player to act.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          fx.tables.act(id, userId, legal[i % legal.length], {
            interactionId: `r${round}-${i}`,
            expectedVersion: table.version,
          }),
        ),
      )
      const winners = results.filter((r) => r.ok)
      expect(winners).toHaveLength(1)
      for (const r of results) if (!r.ok) expect(r.error.code).toBe('stale')
      const after = (await fx.tables.get(id))!
      expect(after.version).toBe(table.version + 1)
    }
    const log = await fx.t.store.actions.list(id)
    // One log entry per winning click, no gaps, and the state is exactly the log replayed.
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i))
    expect(rebuildState(engine, log)).toEqual((await fx.tables.get(id))!.state)
    expect((await fx.t.store.audit()).ok).toBe(true)
  })

  test('without a version, racing moves are applied one after another: no lost update', async () => {
    const created = await fx.tables.create({
      guildId: 'g',
      channelId: 'c',
      game: 'bugami',
      creatorId: 'a',
      options: { target: 1 },
    })
    if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
    const id = created.value.table.id
    for (const u of ['b', 'c', 'd']) await fx.tables.join(id, u)
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    // All four bids at once: each lands, none overwrites another.
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((u, i) =>
        fx.tables.act(id, u, { type: 'bid', suit: 'SHDC'[i] }, { interactionId: `bid-${u}` }),
      ),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    const table = (await fx.tables.get(id))!
    expect(table.version).toBe(started.value.table.version + 4)
    const bids = (await fx.t.store.actions.list(id)).filter((e) => e.kind === 'action')
    expect(bids.map((e) => e.userId).sort()).toEqual(['a', 'b', 'c', 'd'])
    expect(rebuildState(ENGINES.bugami, await fx.t.store.actions.list(id))).toEqual(table.state)
  })

  test('the same interaction delivered many times at once is applied once', async () => {
    const id = await startedBura()
    const table = (await fx.tables.get(id))!
    const userId = table.waitingFor[0]!
    const position = table.seats.find((s) => s.userId === userId)!.position!
    const action = ENGINES.bura.legalActions(table.state, position)[0]
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fx.tables.act(id, userId, action, { interactionId: 'same' })),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    expect(results.filter((r) => r.ok && !r.value.duplicate)).toHaveLength(1)
    expect((await fx.tables.get(id))!.version).toBe(table.version + 1)
    expect((await fx.t.store.actions.list(id)).filter((e) => e.interactionId === 'same')).toHaveLength(1)
  })
})
