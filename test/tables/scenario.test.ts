import { describe, expect, it } from 'vitest'
import { replayScenario, replayText } from '../support/replay.js'
import { engineFor, engineIds } from '../../src/games/registry.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { gameFile, type GameFile } from '../../src/tables/scenario/index.js'
import { playGame, playOne, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'
import { compareDeals, playLog, playScenario, telling, type LogLine, type Played } from '../support/scenario-truth.js'

/** The tables' seeds here: a number no file may contain. */
const TABLE_SEED = 987_654_000

type Line = LogLine & { readonly userId: string | null }

/** A table's log of one run of deals: random moves (the engine's randomAction), the next deal whenever one ends. */
function randomLog(game: string, players: number, options: object, seed: number, moves: number): Line[] {
  const engine = engineFor(game)!
  const rng = new Rng(seedRng(seed))
  const setup = {
    players,
    dealer: seed % players,
    options: engine.optionsSchema.parse(options),
    seed: TABLE_SEED + seed,
  }
  const out = engine.setup(setup as never)
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  let state = out.value.state
  const log: Line[] = [{ kind: 'setup', seat: null, userId: null, payload: setup }]
  for (let made = 0; made < moves;) {
    if (engine.progress(state) !== 'acting') {
      const next = engine.nextDeal(state)
      if (!next.ok) break
      state = next.value.state
      log.push({ kind: 'nextDeal', seat: null, userId: null, payload: null })
      continue
    }
    const seat = rng.pick(engine.waitingFor(state))
    const action = engine.randomAction(state, seat, rng)
    const applied = engine.apply(state, seat, action)
    if (!applied.ok) throw new Error(refusalText(applied.error, ENGLISH))
    state = applied.value.state
    log.push({ kind: 'action', seat, userId: `u${seat}`, payload: action })
    made++
  }
  return log
}

function fileFor(engine: AnyEngine, log: readonly Line[], viewer: number | null, seed: number, steps?: number) {
  const asker = { userId: viewer === null ? 'watcher' : `u${viewer}`, seatNow: viewer }
  return gameFile(engine, log, asker, new Rng(seedRng(seed)), steps)!
}

/**
 * How many times more often than chance the unseen card found most often at its real place is
 * there, over `files`: chance is 1 in the number of cards its deal keeps unseen.
 */
function mostInPlace(real: Played, files: readonly Played[]): number {
  const counts = new Map<string, number>()
  let hidden: number[] = []
  for (const f of files) {
    const seen = compareDeals(real, f)
    hidden = seen.hidden
    for (const [card, same] of seen.inPlace) if (same) counts.set(card, (counts.get(card) ?? 0) + 1)
  }
  return Math.max(0, ...[...counts].map(([card, n]) => (n / files.length) * hidden[Number(card.split(':')[0])]!))
}

/** The file as a user has it: JSON text, read back. */
const asRead = (file: GameFile) => JSON.parse(JSON.stringify(file.scenario)) as Record<string, unknown>

const VARIANT_CASES: readonly [game: string, players: number, options: object, moves: number][] = [
  ['badugi', 3, {}, 60],
  ['badugi', 8, {}, 140],
  ['badugi', 4, { limit: 'no' }, 50],
  ['bura', 2, {}, 50],
  ['bura', 4, { faceDown: true }, 70],
  ['bura', 3, { kozel: true }, 50],
  ['bura', 3, { redealOnCombination: true, showCounts: true }, 50],
  ['bura', 5, { faceDown: true, showCounts: true }, 60],
  ['bugami', 3, {}, 70],
  ['bugami', 4, { jokers: 2, shotgunWedding: true }, 60],
]
// A registered game without variants above is checked with its defaults and fewest players.
const CASES = [
  ...VARIANT_CASES,
  ...engineIds()
    .filter((id) => !VARIANT_CASES.some(([game]) => game === id))
    .map((id) => [id, engineFor(id)!.minPlayers, {}, 50] as const),
]

describe('a scenario file for one asker', () => {
  it.each(CASES)(
    '%s, %i players %j: plays as the asker saw it, to the same end, with every card they saw in its place',
    (game, players, options, most) => {
      const engine = engineFor(game)!
      for (let seed = 1; seed <= 3; seed++) {
        // Stops anywhere: inside a deal, at its end, after several deals.
        const log = randomLog(game, players, options, seed, 1 + ((seed * most) % (most + 1)))
        for (const viewer of [...Array.from({ length: players }, (_, s) => s), null]) {
          const file = fileFor(engine, log, viewer, seed * 10 + (viewer ?? 9))
          const text = JSON.stringify(file.scenario)
          expect(file.kept).toBe(file.moves)
          expect(file.scenario).not.toHaveProperty('seed')
          expect(text).not.toContain(String(TABLE_SEED + seed))
          expect(replayText(text).exitCode).toBe(0)

          const real = playLog(engine, log, viewer)
          const mine = playScenario(engine, JSON.parse(text) as Record<string, unknown>, viewer)
          // Step by step the same views and public events (moves that showed the asker nothing aside).
          expect(telling(mine.observations)).toEqual(telling(real.observations))
          // The same result, as the table shows it to everyone.
          expect(engine.view(mine.end, null)).toEqual(engine.view(real.end, null))
          expect(file.over).toBe(engine.progress(real.end) === 'gameOver')
          expect(compareDeals(real, mine).seenMoved).toEqual([])
        }
      }
    },
  )

  it('names no seed: every deal and reshuffle it plays comes from its decks', () => {
    const engine = engineFor('badugi')!
    const log = randomLog('badugi', 8, {}, 3, 140)
    const file = asRead(fileFor(engine, log, 2, 1))
    expect(file.reshuffles).toBeDefined()
    const plain = replayScenario(file)
    expect(plain.exitCode).toBe(0)
    expect(replayScenario({ ...file, seed: 424242 }).output).toEqual(plain.output)
  })

  it('deals the unseen cards afresh: none in its real place more often than chance, unlike a seeded file', () => {
    for (const [game, players, moves] of [
      ['badugi', 4, 9],
      ['bura', 3, 8],
      ['bugami', 3, 8],
    ] as const) {
      const engine = engineFor(game)!
      const log = randomLog(game, players, {}, 5, moves)
      const real = playLog(engine, log, 0)
      const files = Array.from({ length: 300 }, (_, i) =>
        playScenario(engine, asRead(fileFor(engine, log, 0, i + 1)), 0),
      )
      expect(Math.min(...compareDeals(real, files[0]!).hidden), game).toBeGreaterThan(10)
      expect(mostInPlace(real, files), game).toBeLessThan(3)

      // The file this command used to give, the table's seed and the moves as made, fails it.
      const setup = log[0]!.payload as Record<string, unknown>
      const actions = log.filter((e) => e.kind === 'action').map((e) => ({ seat: e.seat, ...(e.payload as object) }))
      const seeded = playScenario(engine, { game, ...setup, actions }, 0)
      expect(mostInPlace(real, [seeded]), game).toBeGreaterThan(10)
    }
  })

  it('writes another seat’s bid as the table showed it: random while bids are open, then the bid it ended on', () => {
    const engine = engineFor('bugami')!
    const setup = { players: 3, dealer: 2, options: engine.optionsSchema.parse({}), seed: TABLE_SEED }
    const log: Line[] = [
      { kind: 'setup', seat: null, userId: null, payload: setup },
      { kind: 'action', seat: 1, userId: 'u1', payload: { type: 'bid', suit: 'H' } },
      { kind: 'action', seat: 1, userId: 'u1', payload: { type: 'bid', suit: 'S' } },
      { kind: 'action', seat: 2, userId: 'u2', payload: { type: 'bid', misere: true } },
    ]
    const open = new Set<string>()
    for (let seed = 1; seed <= 40; seed++) {
      const { actions } = fileFor(engine, log, 0, seed).scenario
      expect(actions.map((a) => a.seat)).toEqual([1, 2])
      open.add(JSON.stringify(actions))
    }
    expect(open.size).toBeGreaterThan(10)

    log.push({ kind: 'action', seat: 0, userId: 'u0', payload: { type: 'bid', suit: 'D' } })
    expect(fileFor(engine, log, 0, 1).scenario.actions).toEqual([
      { seat: 1, type: 'bid', suit: 'S' },
      { seat: 2, type: 'bid', misere: true },
      { seat: 0, type: 'bid', suit: 'D' },
    ])
    // Seat 1 itself knows its first bid: its file has both.
    expect(fileFor(engine, log, 1, 1).scenario.actions.filter((a) => a.seat === 1)).toEqual([
      { seat: 1, type: 'bid', suit: 'H' },
      { seat: 1, type: 'bid', suit: 'S' },
    ])
  })

  it('writes another seat’s face-down play as laid face down by choice (whether it was shows nowhere)', () => {
    const engine = engineFor('bura')!
    const log = randomLog('bura', 3, { faceDown: true }, 2, 60)
    const real = playLog(engine, log, 0)
    const file = fileFor(engine, log, 0, 3).scenario
    const moves = log.filter((e) => e.kind === 'action')
    let faceDown = 0
    real.observations.slice(1).forEach((o, i) => {
      const hidden = (JSON.parse(o.events) as { type: string; faceDown?: boolean; seat: number }[]).some(
        (e) => e.type === 'play' && e.faceDown && e.seat !== 0,
      )
      if (!hidden) return
      faceDown++
      expect(file.actions[i]).toMatchObject({ seat: moves[i]!.seat, type: 'play', faceDown: true })
    })
    expect(faceDown).toBeGreaterThan(0)
  })

  it('cuts a deal short when no deal of the unseen cards fits within the tries, and counts what it left out', () => {
    const engine = engineFor('bura')!
    const log = randomLog('bura', 2, {}, 1, 80)
    // One try per round: Bura hands that would hold a combination at a trick's start do not fit.
    const file = fileFor(engine, log, 0, 1, 1)
    expect(file.kept).toBeLessThan(file.moves)
    expect(replayText(JSON.stringify(file.scenario)).exitCode).toBe(0)
    const mine = telling(playScenario(engine, asRead(file), 0).observations)
    const real = playLog(engine, log, 0).observations
    expect(mine).toEqual(telling(real.slice(0, file.scenario.actions.length + 1)))
  })
})

describe('which game a table’s file holds', () => {
  const fx = tableServicePerTest(500)
  const engine = engineFor('badugi')!

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
  const fileOf = async (id: string, userId: string) => {
    const table = (await fx.tables.get(id))!
    const seatNow = table.seats.find((s) => s.userId === userId)?.position ?? null
    return gameFile(engine, await fx.t.store.actions.list(id), { userId, seatNow }, new Rng(seedRng(7)))!
  }

  it('the hand in play, with every hand since the deal it was dealt on from', async () => {
    const id = await badugi(['ann', 'ben'])
    await playGame(fx.tables, id, 1)
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
    const rng = new Rng(seedRng(2))
    for (let i = 0; i < 3; i++) await playOne(fx.tables, id, rng, i)
    const log = await fx.t.store.actions.list(id)
    expect(log.filter((e) => e.kind === 'setup')).toHaveLength(1)
    const inPlay = await fileOf(id, 'ann')
    expect(inPlay.over).toBe(false)
    expect(inPlay.scenario.actions).toHaveLength(log.filter((e) => e.kind === 'action' || e.kind === 'auto').length)
    const replayed = replayScenario(JSON.parse(JSON.stringify(inPlay.scenario)))
    expect(replayed.output).toMatchObject({ ok: true, handNo: 2, over: false })

    await playGame(fx.tables, id, 3)
    const over = await fileOf(id, 'ann')
    expect(over.over).toBe(true)
    const { ok: _ok, game: _game, events: _events, ...result } = replayScenario(asRead(over)).output
    const table = (await fx.tables.get(id))!
    // The same result: stacks, winners, the hands shown (a hand won by folds shows none).
    const shown = JSON.parse(JSON.stringify(engine.view(table.state, null))) as { seats: { hand: unknown }[] }
    expect(result).toMatchObject({ pot: 0, winners: engine.summary(table.state).winners })
    ;(result.seats as { stack: number; hand: unknown }[]).forEach((s, i) => {
      expect(s.stack).toBe(engine.summary(table.state).seats[i]!.stack)
      if (shown.seats[i]!.hand) expect(s.hand).toEqual(shown.seats[i]!.hand)
    })
  })

  it('after a fresh deal (the players changed), the new hand from its deal', async () => {
    const id = await badugi(['ann', 'ben'])
    await playGame(fx.tables, id, 1)
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
    const file = await fileOf(id, 'cat')
    expect(file.scenario).toMatchObject({ players: 3, actions: [], gameNo: 2 })
    expect(file.over).toBe(false)
    expect(replayScenario(asRead(file)).output).toMatchObject({ ok: true, handNo: 2, phase: 'betting' })
  })

  it('a freeze-out hand after a stand-up between hands cannot be a scenario: the hand before it is given', async () => {
    const id = await badugi(['ann', 'ben', 'cat'], { format: 'freezeout' })
    await playGame(fx.tables, id, 1)
    expect((await fx.tables.leave(id, 'cat')).ok).toBe(true)
    const before = await fileOf(id, 'ann')
    expect(before.over).toBe(true)
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
    await playGame(fx.tables, id, 2)
    expect(await fileOf(id, 'ann')).toEqual(before)
  })
})
