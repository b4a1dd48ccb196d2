import { describe, expect, test } from 'vitest'
import { Rng, seedRng } from '../../src/core/rng.js'
import type { TableEvent, TableUpdate } from '../../src/tables/index.js'
import { openTable, playGame, playOne, playToTheEnd, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(300)

const HOUR = 3_600_000
const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance
const finalOf = (updates: TableUpdate[]) =>
  updates.flatMap((u) => u.tableEvents).find((e): e is Extract<TableEvent, { type: 'final' }> => e.type === 'final')

describe('Badugi freeze-out at the table', () => {
  test('one buy-in, no joining after the start, a departed seat stays in play, the winner booked once', async () => {
    const players = ['ann', 'ben', 'cat']
    const before = await Promise.all(players.map(balance))
    const id = await openTable(fx.tables, 'badugi', ['ann', 'ben'], {
      buyIn: 30,
      options: { format: 'freezeout', limit: 'no' },
    })
    const other = await fx.tables.join(id, 'cat', { buyIn: 50 })
    expect(!other.ok && refusalText(other.error, ENGLISH)).toBe(
      'In a freeze-out everyone buys in the same amount: 30 chips.',
    )
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    expect(await fx.tables.join(id, 'dan')).toMatchObject({ ok: false, error: { code: 'freezeout-started' } })

    // Ben stands up: his seat keeps its chips and its place; nothing goes back to his wallet yet.
    const left = await fx.tables.leave(id, 'ben')
    expect(left.ok).toBe(true)
    const ben = (await fx.tables.get(id))!.seats.find((s) => s.userId === 'ben')!
    expect(ben).toMatchObject({ status: 'left', position: 1 })
    expect(ben.stack).toBeGreaterThan(0)
    expect(await balance('ben')).toBe(before[1]! - 30)

    const updates = [left.ok ? left.value : null!, ...(await playToTheEnd(fx.tables, id, 5))]
    const closed = (await fx.tables.get(id))!
    expect(closed.status).toBe('finished')
    const final = finalOf(updates)!
    expect(final.reason).toBe('freezeout')
    // One player holds all 90 chips: a result of +60; the others lost their 30.
    expect(final.standings.map((s) => s.result).sort((a, b) => a - b)).toEqual([-30, -30, 60])
    expect(final.winners).toHaveLength(1)
    const winner = final.winners[0]!
    expect(final.standings[0]).toEqual({ userId: winner, stack: 90, result: 60 })
    expect(await balance(winner)).toBe(before[players.indexOf(winner)]! + 60)
    // The match, not each hand, is in the stats: played once by all three, won by the winner.
    for (const p of players) {
      const row = (await fx.t.store.stats.get('g', p)).find((r) => r.game === 'badugi')!
      expect(row).toMatchObject({ played: 1, won: p === winner ? 1 : 0 })
    }
    const wins = await fx.tables.leaderboard('g', 'badugi', 'ann', 10, { board: 'wins' })
    expect(wins.entries[0]).toMatchObject({ userId: winner, wins: 1 })
    expect((await fx.t.store.audit()).problems).toEqual([])
  })
})

describe('an agreed end', () => {
  test('only Bura and Badugi, from 1 minute to 30 days', async () => {
    expect(
      await fx.tables.create({ guildId: 'g', channelId: 'x', game: 'bugami', creatorId: 'ann', endsInMs: HOUR }),
    ).toMatchObject({ ok: false, error: { code: 'no-agreed-end' } })
    expect(
      await fx.tables.create({
        guildId: 'g',
        channelId: 'x',
        game: 'bura',
        creatorId: 'ann',
        endsInMs: 31 * 24 * HOUR,
      }),
    ).toMatchObject({ ok: false, error: { code: 'bad-agreed-end' } })
    const ok = await fx.tables.create({
      guildId: 'g',
      channelId: 'x',
      game: 'bura',
      creatorId: 'ann',
      endsInMs: 2 * HOUR,
    })
    expect(ok.ok && ok.value.table.endsAt).toBe(fx.t.clock.now() + 2 * HOUR)
  })

  test('the game in progress is played out, then the table closes with the best result winning', async () => {
    const id = await openTable(fx.tables, 'bura', ['ann', 'ben', 'cat'], {
      buyIn: 100,
      options: { ante: 5 },
      endsInMs: 2 * HOUR,
    })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    await playGame(fx.tables, id, 1)
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
    // The end passes during game 2: the game goes on to its end.
    await fx.t.clock.advance(3 * HOUR)
    const rng = new Rng(seedRng(2))
    const updates: TableUpdate[] = []
    for (let n = 0; (await fx.tables.get(id))!.status === 'playing'; n++) {
      expect((await fx.tables.get(id))!.progress).toBe('acting')
      updates.push((await playOne(fx.tables, id, rng, n))!)
    }
    const closed = (await fx.tables.get(id))!
    expect(closed).toMatchObject({ status: 'finished', gamesPlayed: 2 })
    const final = finalOf(updates)!
    expect(final.reason).toBe('agreedEnd')
    // Each result is what the player's wallet gained or lost; they add up to nothing.
    for (const s of final.standings) expect(await balance(s.userId)).toBe(1000 + s.result)
    expect(final.standings.reduce((a, s) => a + s.result, 0)).toBe(0)
    const best = Math.max(...final.standings.map((s) => s.result))
    expect(final.winners).toEqual(final.standings.filter((s) => s.result === best).map((s) => s.userId))
    for (const p of ['ann', 'ben', 'cat']) {
      const row = (await fx.t.store.stats.get('g', p)).find((r) => r.game === 'bura')!
      expect(row).toMatchObject({ played: 1, won: final.winners.includes(p) ? 1 : 0 })
    }
    expect((await fx.t.store.audit()).problems).toEqual([])
  })

  test('between games the table wakes at the agreed end and closes', async () => {
    const id = await openTable(fx.tables, 'badugi', ['ann', 'ben'], {
      buyIn: 50,
      endsInMs: HOUR / 2,
      breakSeconds: 3600,
    })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    await playGame(fx.tables, id, 3)
    const between = (await fx.tables.get(id))!
    expect(between.progress).toBe('gameOver')
    // The break (an hour) is cut to the agreed end.
    expect(between.deadlineAt).toBe(between.endsAt)
    await fx.t.clock.advance(HOUR)
    const expired = await fx.tables.expire(id, between.deadlineAt!)
    expect(expired.ok && finalOf([expired.value])?.reason).toBe('agreedEnd')
    expect((await fx.tables.get(id))!.status).toBe('finished')
  })
})
