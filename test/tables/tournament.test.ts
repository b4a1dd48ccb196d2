import { describe, expect, test } from 'vitest'
import { Rng, seedRng } from '../../src/core/rng.js'
import type { LedgerRow } from '../../src/store/ledger.js'
import type { TableEvent, TableUpdate } from '../../src/tables/index.js'
import { openTable, playOne, tableServicePerTest } from './play.js'

/**
 * Badugi tournaments through the table service (docs/tournaments.md): entry fees into a prize
 * pool apart from the tournament chips, the pool paid by the prize split, every fee back when a
 * tournament is voided or its lobby expires, and the audit balanced after every change.
 */

const fx = tableServicePerTest(900)

const NAMES = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal']
const FEE = 100

const balances = async (users: string[]) =>
  Promise.all(users.map(async (u) => (await fx.t.store.wallets.get('g', u)).balance))

async function expectBalanced() {
  const report = await fx.t.store.audit()
  expect(report.problems).toEqual([])
  expect(report.difference).toBe(0)
  return report
}

/** Opens a tournament of `players` (fee 100, no limit, turbo blinds rising every hand, so it ends soon). */
function tournament(players: string[], options: Record<string, unknown> = {}) {
  return openTable(fx.tables, 'badugi', players, {
    buyIn: FEE,
    options: { format: 'tournament', structure: 'turbo', levelHands: 1, limit: 'no', ...options },
  })
}

/** Plays the tournament to its end with random moves, auditing after every change; returns the updates. */
async function playAudited(id: string, seed: number): Promise<TableUpdate[]> {
  const rng = new Rng(seedRng(seed))
  const updates: TableUpdate[] = []
  for (let n = 0; n < 5000; n++) {
    const update = await playOne(fx.tables, id, rng, n)
    if (update === null) return updates
    updates.push(update)
    await expectBalanced()
  }
  throw new Error('the tournament did not end')
}

const finalOf = (updates: TableUpdate[]) =>
  updates.flatMap((u) => u.tableEvents).find((e): e is Extract<TableEvent, { type: 'final' }> => e.type === 'final')!

const rowsOf = async (id: string): Promise<LedgerRow[]> => fx.t.store.ledger.list({ tableId: id, limit: 1000 })

describe('a tournament of up to five entrants', () => {
  test('the entry fees go into the prize pool, the stacks are tournament chips, the winner takes the whole pool', async () => {
    const players = NAMES.slice(0, 3)
    const before = await balances(players)
    const id = await tournament(players)
    // In the lobby each fee sits in the pool (real chips), each stack is tournament chips.
    const lobby = await expectBalanced()
    expect(lobby).toMatchObject({ prizes: 3 * FEE, stacks: 0, tournament: 3 * FEE })
    expect((await fx.t.store.tables.get(id))!.prize).toBe(3 * FEE)
    const rows = await rowsOf(id)
    expect(rows.filter((r) => r.reason === 'entry fee').map((r) => [r.from.kind, r.to.kind, r.amount])).toEqual(
      players.map(() => ['wallet', 'prize', FEE]),
    )
    expect(rows.filter((r) => r.reason === 'tournament chips').map((r) => [r.from.kind, r.to.kind])).toEqual(
      players.map(() => ['tournament', 'stack']),
    )
    // /chips balance counts the fee as the member's chips at a table.
    expect((await fx.tables.wallet('g', 'ann')).atTables).toBe(FEE)

    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const final = finalOf(await playAudited(id, 3))
    const winner = final.winners[0]!
    expect(final.prizes).toEqual([{ userId: winner, amount: 3 * FEE, place: 1 }])
    const after = await balances(players)
    players.forEach((p, i) => expect(after[i]! - before[i]!).toBe(p === winner ? 2 * FEE : -FEE))
    const closed = await rowsOf(id)
    expect(closed.filter((r) => r.reason.startsWith('tournament-prize'))).toMatchObject([
      {
        from: { kind: 'prize' },
        to: { kind: 'wallet', userId: winner },
        amount: 3 * FEE,
        reason: 'tournament-prize: place 1',
      },
    ])
    // Every tournament chip went back; the pool is empty; nothing is left at the table.
    expect(await expectBalanced()).toMatchObject({ prizes: 0, tournament: 0, stacks: 0, pots: 0 })
    expect((await fx.t.store.tables.get(id))!.prize).toBe(0)
    // Net chips (the stat) is the prize less the fee, not the tournament chips won in hands.
    const stats = await fx.tables.stats('g', winner)
    expect(stats.find((s) => s.game === 'badugi')).toMatchObject({ netChips: 2 * FEE })
    // Rated once, by finishing order.
    const results = await fx.t.store.ratings.results()
    expect(results).toHaveLength(1)
    expect(results[0]!.placings.find((p) => p.place === 1)!.userId).toBe(winner)
  })

  test('a member who leaves the lobby gets the fee back; the tournament goes on with the others', async () => {
    const id = await tournament(NAMES.slice(0, 3))
    const [benBefore] = await balances(['ben'])
    expect((await fx.tables.leave(id, 'ben')).ok).toBe(true)
    expect((await balances(['ben']))[0]).toBe(benBefore! + FEE)
    expect(await expectBalanced()).toMatchObject({ prizes: 2 * FEE, tournament: 2 * FEE })
    expect((await rowsOf(id)).find((r) => r.to.kind === 'wallet')).toMatchObject({
      from: { kind: 'prize' },
      amount: FEE,
      reason: 'entry fee returned',
    })
  })
})

describe('a tournament of six to eight entrants', () => {
  test('pays 65% to the winner and 35% to the runner-up', async () => {
    const players = NAMES.slice(0, 6)
    const before = await balances(players)
    const id = await tournament(players)
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const final = finalOf(await playAudited(id, 5))
    const placings = (await fx.t.store.ratings.results())[0]!.placings
    const at = (place: number) => placings.filter((p) => p.place === place).map((p) => p.userId)
    const paid = new Map(final.prizes!.map((p) => [p.userId, p.amount]))
    expect(at(1)).toEqual(final.winners)
    expect(paid.get(at(1)[0]!)).toBe(390)
    // A runner-up alone takes 210; two tied for second share the second and third prizes (210 + 0).
    const second = at(2)
    expect(second.reduce((a, u) => a + (paid.get(u) ?? 0), 0)).toBe(210)
    expect([...paid.values()].reduce((a, b) => a + b, 0)).toBe(6 * FEE)
    const after = await balances(players)
    players.forEach((p, i) => expect(after[i]! - before[i]!).toBe((paid.get(p) ?? 0) - FEE))
    const prizeRows = (await rowsOf(id)).filter((r) => r.reason.startsWith('tournament-prize'))
    expect(prizeRows.map((r) => r.reason).sort()).toEqual([
      'tournament-prize: place 1',
      ...second.map(() => 'tournament-prize: place 2'),
    ])
  })

  test('prizes:winner-takes-all pays the whole pool to the winner', async () => {
    const id = await tournament(NAMES.slice(0, 6), { prizes: 'winner-takes-all' })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const final = finalOf(await playAudited(id, 6))
    expect(final.prizes).toEqual([{ userId: final.winners[0], amount: 6 * FEE, place: 1 }])
  })
})

describe('a tournament closed before it is decided', () => {
  test('voided mid-hand: every entry fee back, busted entrants included, nothing rated', async () => {
    const players = NAMES.slice(0, 4)
    const before = await balances(players)
    const id = await tournament(players)
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const rng = new Rng(seedRng(11))
    // Play a few hands, then void in the middle of one.
    for (let n = 0; n < 400; n++) {
      const t = (await fx.tables.get(id))!
      if (t.gamesPlayed >= 2 && t.progress === 'acting') break
      expect(await playOne(fx.tables, id, rng, n)).not.toBeNull()
    }
    const voided = await fx.tables.voidTable(id, 'voided', { by: 'ann' })
    expect(voided.ok).toBe(true)
    if (!voided.ok) return
    const event = voided.value.tableEvents.find((e) => e.type === 'voided')!
    expect(event).toMatchObject({ returns: players.map((userId) => ({ userId, amount: FEE })) })
    expect(await balances(players)).toEqual(before)
    expect((await rowsOf(id)).filter((r) => r.from.kind === 'prize').map((r) => r.reason)).toEqual(
      players.map(() => 'closed: voided'),
    )
    expect(await expectBalanced()).toMatchObject({ prizes: 0, tournament: 0 })
    expect(await fx.t.store.ratings.results()).toEqual([])
    // /chips balance tells what came back and why.
    expect((await fx.tables.wallet('g', 'ben')).returned).toEqual([
      expect.objectContaining({ reason: 'voided', amount: FEE }),
    ])
  })

  test('the operator close and an expired lobby pay every fee back', async () => {
    const players = NAMES.slice(0, 3)
    const before = await balances(players)
    const lobby = await tournament(players)
    await fx.t.clock.advance(25 * 3_600_000)
    expect((await fx.tables.expireLobby(lobby, fx.t.clock.now() - 24 * 3_600_000)).ok).toBe(true)
    expect(await balances(players)).toEqual(before)
    const started = await openTable(fx.tables, 'badugi', players, {
      channelId: 'other',
      buyIn: FEE,
      options: { format: 'tournament', limit: 'no' },
    })
    expect((await fx.tables.start(started, { userId: 'ann' })).ok).toBe(true)
    expect((await fx.tables.voidTable(started, 'operator')).ok).toBe(true)
    expect(await balances(players)).toEqual(before)
    expect(await expectBalanced()).toMatchObject({ prizes: 0, tournament: 0 })
  })

  test("the host's end between hands shares the pool by the chips each entrant holds", async () => {
    const players = NAMES.slice(0, 3)
    const before = await balances(players)
    // Fixed limit and a deep stack: nobody can bust in the first hand.
    const id = await openTable(fx.tables, 'badugi', players, {
      buyIn: 10 * FEE,
      options: { format: 'tournament', structure: 'slow', levelHands: 100, limit: 'fixed' },
    })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const rng = new Rng(seedRng(2))
    for (let n = 0; n < 400; n++) {
      const t = (await fx.tables.get(id))!
      if (t.progress === 'gameOver') break
      await playOne(fx.tables, id, rng, n)
    }
    const t = (await fx.tables.get(id))!
    expect(t.status).toBe('playing')
    const stacks = new Map(t.seats.map((s) => [s.userId, s.stack]))
    expect((await fx.tables.end(id, { userId: 'ann' })).ok).toBe(true)
    const after = await balances(players)
    // As many tournament chips as the pool holds: each gets back as many chips as they hold.
    players.forEach((p, i) => expect(after[i]! - before[i]!).toBe(stacks.get(p)! - 10 * FEE))
    expect((await rowsOf(id)).filter((r) => r.from.kind === 'prize').map((r) => r.reason)).toEqual(
      players.map(() => 'tournament-prize: chip count'),
    )
    expect(await expectBalanced()).toMatchObject({ prizes: 0, tournament: 0 })
  })
})

describe('a practice tournament', () => {
  test('plays with practice chips: no wallet pays a fee, no prize is paid', async () => {
    const before = await balances(['ann', 'ben'])
    const id = await tournament(['ann', 'ben'])
    expect((await fx.tables.addAi(id, { userId: 'ann' })).ok).toBe(true)
    // The fees taken at sitting down came back when the table turned practice.
    expect(await balances(['ann', 'ben'])).toEqual(before)
    expect(await expectBalanced()).toMatchObject({ prizes: 0, tournament: 0, practice: 3 * FEE })
    expect((await fx.tables.start(id, { userId: 'ann' })).ok).toBe(true)
    const rng = new Rng(seedRng(4))
    for (let n = 0; n < 5000; n++) {
      const t = (await fx.tables.get(id))!
      if (t.status !== 'playing') break
      // The AI seat moves when the scheduler would: here by its automatic move.
      const ai = t.waitingFor.find((u) => u.startsWith('ai-'))
      if (ai && t.progress === 'acting') {
        const { engineFor } = await import('../../src/games/registry.js')
        const position = t.seats.find((s) => s.userId === ai)!.position!
        const out = await fx.tables.act(id, ai, engineFor('badugi')!.autoAction(t.state, position))
        expect(out.ok).toBe(true)
      } else await playOne(fx.tables, id, rng, n)
      await expectBalanced()
    }
    expect((await fx.tables.get(id))!.status).toBe('finished')
    expect(await balances(['ann', 'ben'])).toEqual(before)
    expect((await rowsOf(id)).some((r) => r.reason.startsWith('tournament-prize'))).toBe(false)
    expect(await fx.t.store.ratings.results()).toEqual([])
  })
})

describe('property: the audit balances at every point of any tournament', () => {
  test('random entrants (2-8), random play, a void at a random change or played to the end', async () => {
    for (let run = 0; run < 6; run++) {
      const rng = new Rng(seedRng(100 + run))
      const players = NAMES.slice(0, 2 + rng.int(7))
      const before = await balances(players)
      const id = await openTable(fx.tables, 'badugi', players, {
        channelId: `p${run}`,
        buyIn: 10 + rng.int(200),
        options: { format: 'tournament', structure: 'turbo', levelHands: 1 + rng.int(3), limit: 'no' },
      })
      await expectBalanced()
      expect((await fx.tables.start(id, { userId: players[0] })).ok).toBe(true)
      const voidAt = rng.int(2) === 0 ? rng.int(60) : -1
      for (let n = 0; n < 5000; n++) {
        if (n === voidAt) {
          expect((await fx.tables.voidTable(id, 'voided')).ok).toBe(true)
          expect(await balances(players)).toEqual(before)
        }
        if ((await playOne(fx.tables, id, rng, n)) === null) break
        await expectBalanced()
      }
      expect((await fx.tables.get(id))!.status).not.toBe('playing')
      const report = await expectBalanced()
      expect(report).toMatchObject({ prizes: 0, tournament: 0 })
      // No chip created or lost among the entrants: what they hold now is what they held before.
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
      expect(sum(await balances(players))).toBe(sum(before))
    }
  })
})
