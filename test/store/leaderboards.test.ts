import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { balanceBucket, bucketEnd } from '../../src/store/balance-buckets.js'
import { tempStore } from './temp-db.js'

let t: Awaited<ReturnType<typeof tempStore>>
beforeEach(async () => {
  t = await tempStore()
  await t.store.settings.update('g', { startingGrant: 0 })
})
afterEach(async () => {
  await t.cleanup()
})

/** Wallets with these balances (grants from a zero starting grant). */
async function balances(entries: Record<string, number>) {
  for (const [user, amount] of Object.entries(entries)) {
    if (amount > 0) await t.store.wallets.grant('g', user, amount)
    else await t.store.wallets.get('g', user)
  }
}

describe('leaderboards', () => {
  test('chips: highest first, exact ties share a rank and are listed by user id', async () => {
    await balances({ carol: 300, bob: 500, alice: 300, dave: 100, erin: 500 })
    const board = await t.store.leaderboards.chips('g', 'dave', 10)
    expect(board.rows).toEqual([
      { rank: 1, userId: 'bob', value: 500 },
      { rank: 1, userId: 'erin', value: 500 },
      { rank: 3, userId: 'alice', value: 300 },
      { rank: 3, userId: 'carol', value: 300 },
      { rank: 5, userId: 'dave', value: 100 },
    ])
    expect(board.caller).toEqual({ rank: 5, userId: 'dave', value: 100 })
  })

  test("the caller's own rank is there when they are far outside the top 10, ties included", async () => {
    const many: Record<string, number> = {}
    for (let i = 0; i < 30; i++) many[`p${String(i).padStart(2, '0')}`] = 1000 - i * 10
    many.me = 800 // tied with p20
    await balances(many)
    const board = await t.store.leaderboards.chips('g', 'me', 10)
    expect(board.rows).toHaveLength(10)
    expect(board.rows.map((r) => r.userId)).not.toContain('me')
    expect(board.caller).toEqual({ rank: 21, userId: 'me', value: 800 })
    expect((await t.store.leaderboards.chips('g', 'p20', 10)).caller).toEqual({ rank: 21, userId: 'p20', value: 800 })
    expect((await t.store.leaderboards.chips('g', 'p29', 10)).caller).toEqual({ rank: 31, userId: 'p29', value: 710 })
    // Near the top the wallets ahead are counted, near the bottom those at or below: same ranks.
    expect((await t.store.leaderboards.chips('g', 'p12', 10)).caller).toEqual({ rank: 13, userId: 'p12', value: 880 })
    await t.store.wallets.grant('g', 'p28', 10) // now tied with p27 at 730
    expect((await t.store.leaderboards.chips('g', 'p28', 10)).caller).toEqual({ rank: 29, userId: 'p28', value: 730 })
    expect((await t.store.leaderboards.chips('g', 'p29', 10)).caller).toEqual({ rank: 31, userId: 'p29', value: 710 })
  })

  test('chips: every rank is 1 + the wallets with more chips, through grants and buy-ins across ranges', async () => {
    // Balances around range edges (127/128, 255/256, 1023/1024, ...) and far apart.
    const amount = fc.oneof(
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 1, max: 5_000_000 }),
      fc.constantFrom(1, 127, 128, 255, 256, 1023, 1024, 65_535, 65_536),
    )
    const users = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10', 'u11']
    const step = fc.record({ user: fc.constantFrom(...users), amount, out: fc.boolean() })
    let guild = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const g = `prop${guild++}`
        await t.store.settings.update(g, { startingGrant: 0 })
        for (const s of steps) {
          const w = await t.store.wallets.get(g, s.user)
          // Out: a buy-in of up to the balance; in: a grant.
          if (s.out && w.balance > 0)
            await t.store.wallets.withdraw(
              g,
              s.user,
              Math.min(w.balance, s.amount),
              { kind: 'stack', userId: s.user },
              null,
              'buy-in',
            )
          else await t.store.wallets.grant(g, s.user, s.amount)
        }
        const held = new Map<string, number>()
        for (const u of users) {
          const w = await t.store.wallets.peek(g, u)
          if (w) held.set(u, w.balance)
        }
        for (const [u, balance] of held) {
          const board = await t.store.leaderboards.chips(g, u, 1)
          expect(board.caller).toEqual({
            rank: 1 + [...held.values()].filter((b) => b > balance).length,
            userId: u,
            value: balance,
          })
        }
      }),
      { numRuns: 40, seed: 29_11_2026 },
    )
  })

  test('balance ranges: ordered like the balances, ending where the next begins', () => {
    const wrong: number[] = []
    for (let b = 1; b < 70_000; b++) {
      const [before, now] = [balanceBucket(b - 1), balanceBucket(b)]
      if (!(now === before || (now === before + 1 && bucketEnd(b - 1) === b))) wrong.push(b)
    }
    expect(wrong).toEqual([])
    expect(balanceBucket(2 ** 31 - 1)).toBeLessThan(1664)
    expect(bucketEnd(26_000) - 26_000).toBeLessThanOrEqual(26_000 / 64)
  })

  test('a caller without a wallet gets no row, and the board does not create one', async () => {
    await balances({ a: 10 })
    expect((await t.store.leaderboards.chips('g', 'stranger')).caller).toBeNull()
    expect(await t.store.wallets.peek('g', 'stranger')).toBeNull()
  })

  test('games won: ties broken by fewer games played, then shared', async () => {
    const s = t.store.stats
    await s.recordGame('g', 'bura', [
      { userId: 'a', won: true },
      { userId: 'b', won: false },
      { userId: 'c', won: false },
    ])
    await s.recordGame('g', 'bura', [
      { userId: 'b', won: true },
      { userId: 'c', won: true },
    ])
    await s.recordGame('g', 'bura', [{ userId: 'd', won: false }])
    const board = await t.store.leaderboards.wins('g', 'bura', 'd')
    // a: 1 won of 1; b, c: 1 won of 2; d: 0 of 1.
    expect(board.rows).toEqual([
      { rank: 1, userId: 'a', value: 1, secondary: 1 },
      { rank: 2, userId: 'b', value: 1, secondary: 2 },
      { rank: 2, userId: 'c', value: 1, secondary: 2 },
      { rank: 4, userId: 'd', value: 0, secondary: 1 },
    ])
    expect((await t.store.leaderboards.wins('g', 'bura', 'c', 1)).caller).toEqual({
      rank: 2,
      userId: 'c',
      value: 1,
      secondary: 2,
    })
    expect((await t.store.leaderboards.wins('g', 'badugi', 'a')).rows).toEqual([])
  })

  test('per-game boards: every rank is 1 + the players strictly ahead on the figure, then the tie-break', async () => {
    const users = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
    const game = fc.record({
      players: fc.subarray(users, { minLength: 2 }),
      winner: fc.nat(),
      points: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
      chips: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 8, maxLength: 8 }),
    })
    let guild = 0
    await fc.assert(
      fc.asyncProperty(fc.array(game, { minLength: 1, maxLength: 12 }), async (games) => {
        const g = `stats${guild++}`
        for (const x of games) {
          const won = x.players[x.winner % x.players.length]
          for (const name of ['bura', 'bugami'])
            await t.store.stats.recordGame(
              g,
              name,
              x.players.map((u, i) => ({ userId: u, won: u === won, points: x.points[i]! })),
            )
          await t.store.stats.addNetChips(g, 'bura', new Map(x.players.map((u, i) => [u, x.chips[i]!])))
        }
        const figures = new Map<
          string,
          { bura: { won: number; played: number; netChips: number }; bugami: { won: number; points: number } }
        >()
        for (const u of users) {
          const rows = await t.store.stats.get(g, u)
          const bura = rows.find((r) => r.game === 'bura')
          const bugami = rows.find((r) => r.game === 'bugami')
          if (bura && bugami) figures.set(u, { bura, bugami })
        }
        const all = [...figures.values()]
        for (const [u, mine] of figures) {
          const ahead = {
            wins: all.filter(
              (o) => o.bura.won > mine.bura.won || (o.bura.won === mine.bura.won && o.bura.played < mine.bura.played),
            ).length,
            net: all.filter((o) => o.bura.netChips > mine.bura.netChips).length,
            bugami: all.filter(
              (o) =>
                o.bugami.won > mine.bugami.won ||
                (o.bugami.won === mine.bugami.won && o.bugami.points > mine.bugami.points),
            ).length,
          }
          expect((await t.store.leaderboards.wins(g, 'bura', u, 1)).caller?.rank).toBe(1 + ahead.wins)
          expect((await t.store.leaderboards.netChips(g, 'bura', u, 1)).caller?.rank).toBe(1 + ahead.net)
          expect((await t.store.leaderboards.points(g, 'bugami', u, 1)).caller?.rank).toBe(1 + ahead.bugami)
        }
      }),
      { numRuns: 30, seed: 29_11_2026 },
    )
  })

  test('net chips per chip game and Bugami wins then total points', async () => {
    const s = t.store.stats
    await s.recordGame('g', 'badugi', [
      { userId: 'a', won: true },
      { userId: 'b', won: false },
    ])
    await s.addNetChips(
      'g',
      'badugi',
      new Map([
        ['a', 40],
        ['b', -40],
      ]),
    )
    expect((await t.store.leaderboards.netChips('g', 'badugi', 'b')).rows).toEqual([
      { rank: 1, userId: 'a', value: 40 },
      { rank: 2, userId: 'b', value: -40 },
    ])
    await s.recordGame('g', 'bugami', [
      { userId: 'x', won: true, points: 250 },
      { userId: 'y', won: false, points: 260 },
      { userId: 'z', won: false, points: 90 },
    ])
    await s.recordGame('g', 'bugami', [
      { userId: 'y', won: true, points: 255 },
      { userId: 'x', won: false, points: 100 },
      { userId: 'z', won: false, points: 10 },
    ])
    const board = await t.store.leaderboards.points('g', 'bugami', 'z', 2)
    expect(board.rows).toEqual([
      { rank: 1, userId: 'y', value: 1, secondary: 515 },
      { rank: 2, userId: 'x', value: 1, secondary: 350 },
    ])
    expect(board.caller).toEqual({ rank: 3, userId: 'z', value: 0, secondary: 100 })
  })
})
