import { describe, expect, test } from 'vitest'
import { refundPot } from '../../src/core/chips.js'
import { ENGINES } from '../../src/games/registry.js'
import { rebuildState } from '../../src/tables/index.js'
import { playGame, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(100)

const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance
const audited = async () => {
  const report = await fx.t.store.audit()
  expect(report.problems).toEqual([])
  return report
}

async function chipTable(
  game: 'bura' | 'badugi',
  players: string[],
  buyIn: number,
  options: Record<string, unknown> = {},
) {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: game,
    game,
    creatorId: players[0]!,
    buyIn,
    options,
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of players.slice(1)) {
    const joined = await fx.tables.join(id, p)
    if (!joined.ok) throw new Error(refusalText(joined.error, ENGLISH))
  }
  return id
}

/** Plays games until one ends with chips left in the pot (Bura carries it), at most `max`. */
async function playUntilCarriedPot(id: string, max = 8): Promise<boolean> {
  for (let g = 0; g < max; g++) {
    await playGame(fx.tables, id, 50 + g)
    const table = (await fx.tables.get(id))!
    if (table.status !== 'playing') return false
    if (table.pot > 0) return true
    const next = await fx.tables.nextDeal(id)
    if (!next.ok) return false
  }
  return false
}

describe('chips at the table', () => {
  test('buy-in: the wallet pays the stack; a buy-in above the balance seats nobody and moves nothing', async () => {
    const id = await chipTable('bura', ['ann', 'ben'], 150)
    expect(await balance('ann')).toBe(850)
    expect((await fx.tables.get(id))!.seats.map((s) => s.stack)).toEqual([150, 150])
    const short = await fx.tables.join(id, 'cat', { buyIn: 5000 })
    expect(short).toMatchObject({ ok: false, error: { code: 'wallet.not-enough-chips' } })
    expect(!short.ok && refusalText(short.error, ENGLISH)).toBe('You have 1,000 chips, not 5,000.')
    expect((await fx.tables.get(id))!.seats.map((s) => s.userId)).toEqual(['ann', 'ben'])
    expect(await fx.tables.wallet('g', 'ann')).toMatchObject({ balance: 850, atTables: 150 })
    // The refused join rolled back everything, even the newcomer's first-use wallet.
    expect(await fx.t.store.wallets.peek('g', 'cat')).toBeNull()
    expect(await audited()).toMatchObject({ wallets: 850 + 850, stacks: 300, pots: 0 })
    // Leaving the lobby cashes out.
    await fx.tables.leave(id, 'ann')
    expect(await balance('ann')).toBe(1000)
    await audited()
  })

  test('Bura: antes go to the pot as ledger rows; a game books stats and net chips, matching the engine', async () => {
    const id = await chipTable('bura', ['ann', 'ben', 'cat'], 100)
    const started = await fx.tables.start(id)
    expect(started.ok).toBe(true)
    if (!started.ok) return
    // Default stakes: the server's 10 as the ante.
    expect(started.value.table.options.ante).toBe(10)
    expect(started.value.table.pot).toBe(30)
    expect(started.value.table.seats.map((s) => s.stack)).toEqual([90, 90, 90])
    const rows = await fx.t.store.ledger.list({ tableId: id })
    expect(rows.filter((r) => r.to.kind === 'pot')).toHaveLength(3)
    await audited()
    await playGame(fx.tables, id, 7)
    const table = (await fx.tables.get(id))!
    expect(table.progress).toBe('gameOver')
    const totals = ENGINES.bura.chipTotals(table.state)!
    expect(table.pot).toBe(totals.pot)
    expect(table.seats.map((s) => s.stack)).toEqual([...totals.stacks])
    const stats = await Promise.all(['ann', 'ben', 'cat'].map((u) => fx.t.store.stats.get('g', u)))
    expect(stats.every((s) => s[0]?.played === 1)).toBe(true)
    // Net chips: what left the players went into the pot.
    expect(stats.reduce((a, s) => a + s[0]!.netChips, 0)).toBe(-table.pot)
    expect(rebuildState(ENGINES.bura, await fx.t.store.actions.list(id))).toEqual(table.state)
    await audited()
  })

  test('Bura between games: a leaver cashes out, a newcomer buys in, the carried pot and shares follow', async () => {
    const id = await chipTable('bura', ['ann', 'ben', 'cat'], 300)
    await fx.tables.start(id)
    const carried = await playUntilCarriedPot(id)
    expect(carried).toBe(true)
    const before = (await fx.tables.get(id))!
    const annStack = before.seats.find((s) => s.userId === 'ann')!.stack
    expect(await fx.tables.act(id, 'ann', { type: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'deal-next-game' },
    })
    expect(await fx.tables.leave(id, 'ann')).toMatchObject({
      ok: true,
      value: { tableEvents: [{ type: 'left', userId: 'ann', cashedOut: annStack, by: null }] },
    })
    expect(await balance('ann')).toBe(700 + annStack)
    expect((await fx.tables.join(id, 'dan', { buyIn: 200 })).ok).toBe(true)
    await audited()
    const next = await fx.tables.nextDeal(id, { userId: 'ben' })
    expect(next.ok).toBe(true)
    if (!next.ok) return
    const table = next.value.table
    expect(table.seats.filter((s) => s.position !== null).map((s) => s.userId)).toEqual(['ben', 'cat', 'dan'])
    // The new game starts the log of the game now at the table; replayed, it gives the events the table saw.
    const current = await fx.t.store.actions.currentGame(id)
    expect(current.map((e) => e.kind)).toEqual(['setup'])
    expect(current[0]!.seq).toBeGreaterThan(0)
    expect((await fx.tables.currentGameEvents(table)).events).toEqual(next.value.events)
    // The carried pot is still there, plus three antes.
    expect(table.pot).toBe(before.pot + 30)
    const state = table.state as { potShares: number[] }
    expect(state.potShares.reduce((a, b) => a + b, 0)).toBe(table.pot)
    expect(next.value.tableEvents).toContainEqual(expect.objectContaining({ type: 'nextGame' }))
    expect(rebuildState(ENGINES.bura, await fx.t.store.actions.list(id))).toEqual(table.state)
    await audited()
  })

  test('Bura: a void mid-game returns the pot in proportion to what each paid in, then every stack', async () => {
    const id = await chipTable('bura', ['ann', 'ben', 'cat'], 300)
    await fx.tables.start(id)
    await playUntilCarriedPot(id)
    if ((await fx.tables.get(id))!.progress === 'gameOver') await fx.tables.nextDeal(id)
    const table = (await fx.tables.get(id))!
    expect(table.progress).toBe('acting')
    const shares = (table.state as { potShares: number[] }).potShares
    const expected = refundPot(table.pot, shares)
    const ended = await fx.tables.voidTable(id, 'voided', { by: 'admin' })
    expect(ended.ok).toBe(true)
    if (!ended.ok) return
    expect(ended.value.table.status).toBe('aborted')
    const voided = ended.value.tableEvents.find((e) => e.type === 'voided')
    if (voided?.type !== 'voided') throw new Error('no voided event')
    expect(voided.by).toBe('admin')
    // What each seat got back: its stack and its share of the pot, paid to its wallet as "closed: voided".
    const paid = await fx.t.store.prisma.ledgerEntry.findMany({ where: { tableId: id, toKind: 'wallet' } })
    expect(new Set(paid.map((e) => e.reason))).toEqual(new Set(['closed: voided']))
    expect(Object.fromEntries(voided.returns.map((r) => [r.userId, r.amount]))).toEqual(
      Object.fromEntries(paid.map((e) => [e.toUserId, Number(e.amount)])),
    )
    const closing = ended.value.tableEvents.find((e) => e.type === 'ended')
    if (closing?.type !== 'ended') throw new Error('no ended event')
    expect(closing.status).toBe('aborted')
    const byUser = Object.fromEntries(closing.refunds.map((r) => [r.userId, r.amount]))
    table.seats.forEach((s) => expect(byUser[s.userId] ?? 0).toBe(expected[s.position!]))
    const report = await audited()
    expect(report).toMatchObject({ stacks: 0, pots: 0, wallets: 3000 })
  })

  test('Bura: who leaves between games and sits down again has lost their share of the carried pot', async () => {
    const id = await chipTable('bura', ['ann', 'ben', 'cat'], 300)
    await fx.tables.start(id)
    expect(await playUntilCarriedPot(id)).toBe(true)
    expect((await fx.tables.leave(id, 'ann')).ok).toBe(true)
    expect((await fx.tables.join(id, 'ann', { buyIn: 100 })).ok).toBe(true)
    const ended = await fx.tables.end(id)
    expect(ended.ok).toBe(true)
    if (!ended.ok) return
    const closing = ended.value.tableEvents.find((e) => e.type === 'ended')
    if (closing?.type !== 'ended') throw new Error('no ended event')
    expect(closing.refunds.map((r) => r.userId)).not.toContain('ann')
    expect(await audited()).toMatchObject({ stacks: 0, pots: 0, wallets: 3000 })
  })

  test('Badugi: standing up mid-hand folds, cashes out at once; the hand goes on, the next without them', async () => {
    const id = await chipTable('badugi', ['ann', 'ben', 'cat'], 80)
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    // Default stakes 10: blinds 5/10.
    expect(started.value.table.options).toMatchObject({ smallBlind: 5, bigBlind: 10 })
    const table = started.value.table
    const leaver = table.seats.find((s) => !table.waitingFor.includes(s.userId))!.userId
    const stack = table.seats.find((s) => s.userId === leaver)!.stack
    const left = await fx.tables.leave(id, leaver)
    expect(left.ok).toBe(true)
    if (!left.ok) return
    expect(left.value.events).toContainEqual(expect.objectContaining({ type: 'leave' }))
    expect(await balance(leaver)).toBe(920 + stack)
    expect(left.value.table.seats.find((s) => s.userId === leaver)).toMatchObject({ status: 'left', stack: 0 })
    await audited()
    await playGame(fx.tables, id, 9)
    expect((await fx.tables.get(id))!.progress).toBe('gameOver')
    const next = await fx.tables.nextDeal(id)
    expect(next.ok).toBe(true)
    if (!next.ok) return
    expect(
      next.value.table.seats
        .filter((s) => s.position !== null)
        .map((s) => s.userId)
        .sort(),
    ).toEqual(['ann', 'ben', 'cat'].filter((u) => u !== leaver))
    expect(rebuildState(ENGINES.badugi, await fx.t.store.actions.list(id))).toEqual(next.value.table.state)
    await audited()
    // The Badugi leave action sent through act does the same.
    const someone = next.value.table.seats.find((s) => s.status === 'seated')!.userId
    expect((await fx.tables.act(id, someone, { type: 'leave' })).ok).toBe(true)
    await audited()
  })

  test('hands played to the end put net chips on the Badugi board; the chip board ranks wallets', async () => {
    const id = await chipTable('badugi', ['ann', 'ben'], 100)
    await fx.tables.start(id)
    for (let hand = 0; hand < 3; hand++) {
      await playGame(fx.tables, id, 20 + hand)
      if (hand < 2 && !(await fx.tables.nextDeal(id)).ok) break
    }
    const board = await fx.tables.leaderboard('g', 'badugi', 'ben')
    expect(board.unit).toBe('netChips')
    expect(board.rows.reduce((a, r) => a + r.value, 0)).toBe(0)
    const wins = await fx.tables.leaderboard('g', 'badugi', 'ben', 10, { board: 'wins' })
    expect(wins.unit).toBe('wins')
    // Every hand played counts for both; a split pot can have two winners.
    for (const e of wins.entries) expect(e.games).toBe(3)
    expect(wins.entries.reduce((a, e) => a + e.value, 0)).toBeGreaterThanOrEqual(3)
    await fx.tables.end(id)
    const chips = await fx.tables.leaderboard('g', null, 'ann')
    expect(chips.rows.reduce((a, r) => a + r.value, 0)).toBe(2000)
    await audited()
  })

  test('between chip games the deadline deals the next game, and closes a table where everyone is away', async () => {
    const id = await chipTable('bura', ['ann', 'ben'], 200, {})
    await fx.tables.start(id)
    await playGame(fx.tables, id, 4)
    let table = (await fx.tables.get(id))!
    expect(table.progress).toBe('gameOver')
    await fx.t.clock.advance(table.turnMs)
    const dealt = await fx.tables.expire(id, table.deadlineAt!)
    expect(dealt).toMatchObject({ ok: true, value: { table: { progress: 'acting' } } })
    // Nobody plays any more: deadlines pass until both are away and the table closes.
    for (let i = 0; i < 40; i++) {
      table = (await fx.tables.get(id))!
      if (table.status !== 'playing') break
      await fx.t.clock.advance(table.turnMs)
      expect((await fx.tables.expire(id, table.deadlineAt!)).ok).toBe(true)
    }
    expect(table.status).not.toBe('playing')
    expect(await audited()).toMatchObject({ stacks: 0, pots: 0 })
  })
})
