import { expect, test } from 'vitest'
import { replayScenario } from '../../src/games/replay.js'
import { engineFor } from '../../src/games/registry.js'
import { lastFinishedGame } from '../../src/tables/scenario.js'
import { playGame, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(500)

async function badugi(players: string[], options: Record<string, unknown> = {}) {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: 'c',
    game: 'badugi',
    creatorId: players[0]!,
    options,
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of players.slice(1)) expect((await fx.tables.join(id, p)).ok).toBe(true)
  expect((await fx.tables.start(id)).ok).toBe(true)
  return id
}

const engine = engineFor('badugi')!

test('hands dealt from one shuffle: written once the table closed, each hand since the deal in a file', async () => {
  const id = await badugi(['ann', 'ben'])
  await playGame(fx.tables, id, 1)
  expect((await fx.tables.nextDeal(id)).ok).toBe(true)
  await playGame(fx.tables, id, 2)
  const log = await fx.t.store.actions.list(id)
  expect(log.filter((e) => e.kind === 'setup')).toHaveLength(1)
  expect(lastFinishedGame(engine, log, true)).toBeNull()
  const file = lastFinishedGame(engine, log, false)!
  const replayed = replayScenario(JSON.parse(JSON.stringify(file.scenario)))
  expect(replayed.exitCode).toBe(0)
  const { ok: _ok, game: _game, events: _events, ...result } = replayed.output
  expect(result).toEqual(JSON.parse(JSON.stringify(engine.summary((await fx.tables.get(id))!.state))))
})

test('a fresh deal closes the run before it: its last hand is written out while the table plays on', async () => {
  const id = await badugi(['ann', 'ben'])
  await playGame(fx.tables, id, 1)
  const first = engine.summary((await fx.tables.get(id))!.state)
  expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
  expect((await fx.tables.nextDeal(id)).ok).toBe(true)
  const file = lastFinishedGame(engine, await fx.t.store.actions.list(id), true)!
  const {
    ok: _ok,
    game: _game,
    events: _events,
    ...result
  } = replayScenario(JSON.parse(JSON.stringify(file.scenario))).output
  expect(result).toEqual(JSON.parse(JSON.stringify(first)))
})

test('a freeze-out hand after a stand-up between hands cannot be a scenario: the hand before it is given', async () => {
  const id = await badugi(['ann', 'ben', 'cat'], { format: 'freezeout' })
  await playGame(fx.tables, id, 1)
  expect((await fx.tables.leave(id, 'cat')).ok).toBe(true)
  const before = lastFinishedGame(engine, await fx.t.store.actions.list(id), false)!
  expect((await fx.tables.nextDeal(id)).ok).toBe(true)
  await playGame(fx.tables, id, 2)
  expect(lastFinishedGame(engine, await fx.t.store.actions.list(id), false)).toEqual(before)
})
