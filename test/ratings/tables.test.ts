import type { BadugiState } from '../../src/games/badugi/rules/index.js'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import { ENGLISH } from '../../src/i18n/index.js'
import { refusalText } from '../../src/render/refusals.js'
import { DAY_MS, standing } from '../../src/store/rating-model.js'
import { replay } from '../../src/store/ratings.js'
import type { TableEvent } from '../../src/tables/index.js'
import { execRaw } from '../support/test-database.js'
import { openTable, playGame, playToTheEnd, tableServicePerTest } from '../tables/play.js'

const run = promisify(execFile)

const fx = tableServicePerTest(700)

/** Plays the game in progress with every seat's automatic move (random play mostly declares falsely). */
async function playAuto(id: string) {
  for (let n = 0; n < 500; n++) {
    const t = (await fx.tables.get(id))!
    if (t.status !== 'playing' || t.progress !== 'acting') return
    const userId = t.waitingFor[0]!
    const position = t.seats.find((s) => s.userId === userId)!.position!
    const action = engineFor(t.game)!.autoAction(t.state, position)
    const out = await fx.tables.act(id, userId, action, {
      expectedVersion: t.version,
      interactionId: `auto-${id}-${t.version}`,
    })
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  }
}

/** The stored ratings equal a replay of the stored results in order, and `rebuild` writes the same. */
async function expectReplayEqual() {
  const store = fx.t.store
  const now = fx.t.clock.now()
  await store.ratings.decay(now, 100_000)
  const stored = await store.ratings.all()
  const replayed = [...replay(await store.ratings.results()).values()]
  expect(stored.map(({ score: _s, decayAt: _d, ...r }) => r)).toEqual(
    replayed
      .map(({ score: _s, decayAt: _d, ...r }) => r)
      .sort((a, b) => (a.guildId + a.game + a.userId < b.guildId + b.game + b.userId ? -1 : 1)),
  )
  await store.transaction((repos) => repos.ratings.rebuild(now))
  expect(await store.ratings.all()).toEqual(stored)
}

describe('rated results at the tables', () => {
  test('a Bugami match of three rates all three by their final points', async () => {
    const id = await openTable(fx.tables, 'bugami', ['ann', 'ben', 'cat'], { options: { target: 10 } })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    await playToTheEnd(fx.tables, id, 3)
    const [result] = await fx.t.store.ratings.results()
    expect(result!.placings.map((p) => p.userId).sort()).toEqual(['ann', 'ben', 'cat'])
    const final = (await fx.tables.get(id))!
    expect(final.status).toBe('finished')
    const ratings = await Promise.all(['ann', 'ben', 'cat'].map((u) => fx.t.store.ratings.member('g', 'bugami', u)))
    const byPlace = result!.placings.slice().sort((a, b) => a.place - b.place)
    const score = (u: string) => ratings.find((r, i) => ['ann', 'ben', 'cat'][i] === u)!.score
    expect(score(byPlace[0]!.userId)).toBeGreaterThanOrEqual(score(byPlace[2]!.userId))
    for (const r of ratings) expect(r).toMatchObject({ results: 1, provisional: true, rated: 3 })
    await expectReplayEqual()

    // The CLI: --check finds a rating that is not what the results give, --rebuild puts it right.
    const cli = (arg: string) =>
      run(process.execPath, ['--import', 'tsx', 'src/cli/ratings.ts', arg], {
        env: { ...process.env, DATABASE_URL: fx.t.url },
      }).catch((e: { code: number; stdout: string }) => e)
    const stored = await fx.t.store.ratings.all()
    expect(JSON.parse((await cli('--check')).stdout)).toMatchObject({ ok: true, ratings: 3 })
    await execRaw(fx.t.url, `UPDATE "Rating" SET "mu" = "mu" + 1 WHERE "userId" = 'ben'`)
    const bad = await cli('--check')
    expect(bad).toMatchObject({ code: 1 })
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, differ: [JSON.stringify(['g', 'bugami', 'ben'])] })
    expect(JSON.parse((await cli('--rebuild')).stdout)).toEqual({ rebuilt: true, results: 1 })
    // (The CLI's clock is the real one: the figures shown may have decayed since the test clock's time.)
    const skills = (rows: typeof stored) => rows.map(({ score: _s, decayAt: _d, ...r }) => r)
    expect(skills(await fx.t.store.ratings.all())).toEqual(skills(stored))
  })

  test('Bura at a chip table: every game with a winner is rated, the winner first and the others tied', async () => {
    const id = await openTable(fx.tables, 'bura', ['ann', 'ben', 'cat'], { buyIn: 900, options: { ante: 1 } })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    let won = 0
    for (let g = 0; g < 60 && won < 3; g++) {
      await playAuto(id)
      const t = (await fx.tables.get(id))!
      const summary = (t.state as { end?: { winner?: number } | null }).end
      if (summary && 'winner' in summary) won++
      await fx.t.clock.advance(2 * DAY_MS)
      if (!(await fx.tables.nextDeal(id)).ok) break
    }
    const results = await fx.t.store.ratings.results()
    expect(won).toBeGreaterThan(0)
    expect(results).toHaveLength(won)
    for (const r of results) {
      expect(r.placings.filter((p) => p.place === 1)).toHaveLength(1)
      expect(r.placings.filter((p) => p.place === 2)).toHaveLength(r.placings.length - 1)
    }
    const ann = await fx.t.store.ratings.member('g', 'bura', 'ann')
    expect(ann!.changes).toHaveLength(won)
    expect(ann!.changes[0]!.resultId).toBeGreaterThan(ann!.changes.at(-1)!.resultId)
    await fx.t.clock.advance(40 * DAY_MS)
    const fresh = await fx.t.store.ratings.all()
    await expectReplayEqual()
    // The sweep brought every shown figure down to what 40 idle days give, buckets included.
    const now = fx.t.clock.now()
    const swept = await fx.t.store.ratings.all()
    for (const [i, r] of swept.entries()) {
      expect(r.score).toBe(standing(r, now).score)
      expect(r.score).toBeLessThan(fresh[i]!.score)
      const rank = 1 + swept.filter((o) => o.score > r.score).length
      expect(await fx.t.store.ratings.member('g', 'bura', r.userId)).toMatchObject({ rank, rated: swept.length })
    }
  })

  test('a Badugi freeze-out is rated once, by finishing order; the hands are not', async () => {
    const id = await openTable(fx.tables, 'badugi', ['ann', 'ben', 'cat'], {
      buyIn: 30,
      options: { format: 'freezeout', limit: 'no' },
    })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const updates = await playToTheEnd(fx.tables, id, 5)
    const final = updates
      .flatMap((u) => u.tableEvents)
      .find((e): e is Extract<TableEvent, { type: 'final' }> => e.type === 'final')!
    const results = await fx.t.store.ratings.results()
    expect(results).toHaveLength(1)
    const places = Object.fromEntries(results[0]!.placings.map((p) => [p.userId, p.place]))
    expect(places[final.winners[0]!]).toBe(1)
    expect(Object.values(places).sort()).not.toContain(undefined)
    expect(Object.keys(places).sort()).toEqual(['ann', 'ben', 'cat'])
    // The knock-outs, in order: the last one out ranks second (or ties when both went in one hand).
    const { out } = (await fx.t.store.tables.get(id))!.knockouts
    expect(out).toHaveLength(2)
    const [first, last] = out
    if (first!.hand === last!.hand && first!.stack === last!.stack) expect(places[first!.userId]).toBe(2)
    else expect([places[last!.userId], places[first!.userId]]).toEqual([2, 3])
    await expectReplayEqual()
  })

  test('a Badugi tournament climbs the blind levels, pays the pool to its winner and is rated once', async () => {
    const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance
    const before = await Promise.all(['ann', 'ben', 'cat'].map(balance))
    const id = await openTable(fx.tables, 'badugi', ['ann', 'ben', 'cat'], {
      buyIn: 60,
      options: { format: 'tournament', structure: 'turbo', levelHands: 1, limit: 'no' },
    })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const updates = await playToTheEnd(fx.tables, id, 11)
    const final = updates
      .flatMap((u) => u.tableEvents)
      .find((e): e is Extract<TableEvent, { type: 'final' }> => e.type === 'final')!
    expect(final.reason).toBe('freezeout')
    expect(final.winners).toHaveLength(1)
    const closed = (await fx.tables.get(id))!.state as BadugiState
    // Level 2 (big blind 20) or later was reached: one hand per level.
    expect(closed.handNo).toBeGreaterThanOrEqual(2)
    expect(closed.options.bigBlind).toBeGreaterThanOrEqual(20)
    // The whole pool (3 x 60) went to the winner's wallet; the others lost their entry fee.
    const after = await Promise.all(['ann', 'ben', 'cat'].map(balance))
    const won = ['ann', 'ben', 'cat'].indexOf(final.winners[0]!)
    after.forEach((b, i) => expect(b - before[i]!).toBe(i === won ? 120 : -60))
    expect(await fx.t.store.audit()).toMatchObject({ ok: true, difference: 0 })
    const results = await fx.t.store.ratings.results()
    expect(results).toHaveLength(1)
    expect(results[0]!.placings.find((p) => p.place === 1)!.userId).toBe(final.winners[0])
    await expectReplayEqual()
  })

  test('cash Badugi, a practice table and a game cut short change no rating', async () => {
    const cash = await openTable(fx.tables, 'badugi', ['ann', 'ben'], { buyIn: 50 })
    expect((await fx.tables.start(cash, { userId: 'ann' })).ok).toBe(true)
    await playGame(fx.tables, cash, 1)
    expect((await fx.tables.end(cash, { userId: 'ann' })).ok).toBe(true)

    const practice = await openTable(fx.tables, 'bura', ['ann'], { buyIn: 100 })
    expect((await fx.tables.addAi(practice, { userId: 'ann' })).ok).toBe(true)
    expect((await fx.tables.start(practice, { userId: 'ann' })).ok).toBe(true)
    await playAuto(practice)
    expect((await fx.tables.get(practice))!.progress).toBe('gameOver')

    expect(await fx.t.store.ratings.results()).toEqual([])
    expect(await fx.t.store.ratings.all()).toEqual([])
  })
})
