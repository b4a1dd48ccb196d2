import { describe, expect, test } from 'vitest'
import { SeatRecorder } from '../../src/ai/record.js'
import { aiFor, engineFor } from '../../src/games/registry.js'
import { aiSeatId, aiToRemove, freeAiName, isAiSeat, isPracticeTable, parseAiSeat } from '../../src/tables/ai-seats.js'
import { execRaw } from '../support/test-database.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(300)

const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance

async function lobby(game: string, players: string[], buyIn = 150): Promise<string> {
  const created = await fx.tables.create({ guildId: 'g', channelId: game, game, creatorId: players[0]!, buyIn })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  for (const p of players.slice(1)) {
    const joined = await fx.tables.join(created.value.table.id, p)
    if (!joined.ok) throw new Error(refusalText(joined.error, ENGLISH))
  }
  return created.value.table.id
}

/**
 * Plays the current game: AI seats decide from `aiHistory` (checked against a history recorded
 * live, entry by entry), the others play their automatic move; all through `act`.
 */
async function playWithAi(id: string): Promise<number> {
  const first = (await fx.tables.get(id))!
  const engine = engineFor(first.game)!
  const decide = aiFor(first.game)!
  let aiMoves = 0
  for (let step = 0; step < 3000; step++) {
    const t = (await fx.tables.get(id))!
    if (t.status !== 'playing' || t.progress !== 'acting') return aiMoves
    const userId = t.waitingFor[0]!
    const position = t.seats.find((s) => s.userId === userId)!.position!
    let action = engine.autoAction(t.state, position)
    if (isAiSeat(userId)) {
      const history = await fx.tables.aiHistory(t, position)
      // Its last view is what the seat is shown now, and nothing the state holds besides.
      const entries = history.entries
      expect(entries[entries.length - 1]!.view).toEqual(engine.view(t.state, position))
      action = decide(history, { level: 'easy', seed: step })
      aiMoves++
    }
    const out = await fx.tables.act(id, userId, action, { expectedVersion: t.version })
    if (!out.ok) throw new Error(`${userId}: ${JSON.stringify(action)} refused: ${refusalText(out.error, ENGLISH)}`)
  }
  throw new Error('the game did not end')
}

describe('AI seat ids', () => {
  test('carry the name and level, and can never be a Discord user id (digits only)', () => {
    const id = aiSeatId({ name: 'Anna', level: 'strong' })
    expect(id).toBe('ai-anna-strong')
    expect(parseAiSeat(id)).toEqual({ name: 'Anna', level: 'strong' })
    for (const member of ['123456789012345678', '0', 'ai-anna-normal1', 'ai-zed-normal', 'ai-anna-expert'])
      expect(isAiSeat(member)).toBe(false)
  })

  test('each AI at a table has its own name; remove-ai finds the named one or the last one', () => {
    const seats = ['1', 'ai-anna-normal', 'ai-boris-easy'].map((userId) => ({ userId }))
    expect(freeAiName(seats)).toBe('Clara')
    expect(freeAiName([{ userId: 'ai-boris-easy' }])).toBe('Anna')
    expect(aiToRemove(seats)?.userId).toBe('ai-boris-easy')
    expect(aiToRemove(seats, '🤖 anna')?.userId).toBe('ai-anna-normal')
    expect(aiToRemove(seats, 'Hugo')).toBeNull()
    expect(aiToRemove([{ userId: '1' }])).toBeNull()
    expect(isPracticeTable(seats)).toBe(true)
    expect(isPracticeTable([{ userId: '1' }])).toBe(false)
  })
})

describe('AI seats at a table', () => {
  test('the first AI makes a Bura lobby a practice table: buy-ins go back, games touch no wallet or stat', async () => {
    const id = await lobby('bura', ['ann', 'ben'])
    expect(await balance('ann')).toBe(850)
    const added = await fx.tables.addAi(id, { userId: 'ann', level: 'easy' })
    expect(added.ok && added.value.table.seats.map((s) => [s.userId, s.stack])).toEqual([
      ['ann', 150],
      ['ben', 150],
      ['ai-anna-easy', 150],
    ])
    expect([await balance('ann'), await balance('ben')]).toEqual([1000, 1000])
    // A member joining a practice table pays nothing either.
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect(await balance('cat')).toBe(1000)
    expect((await fx.tables.start(id)).ok).toBe(true)
    expect(await playWithAi(id)).toBeGreaterThan(0)
    const report = await fx.t.store.audit()
    expect(report.problems).toEqual([])
    expect(report).toMatchObject({ stacks: 0, pots: 0, practice: 600 })
    for (const u of ['ann', 'ben', 'cat', 'ai-anna-easy']) expect(await fx.t.store.stats.get('g', u)).toEqual([])
    expect(await fx.t.store.ledger.list({ tableId: id, limit: 200 })).not.toContainEqual(
      expect.objectContaining({ to: { kind: 'wallet', userId: 'cat' } }),
    )

    expect((await fx.tables.end(id)).ok).toBe(true)
    expect([await balance('ann'), await balance('ben'), await balance('cat')]).toEqual([1000, 1000, 1000])
    expect(await fx.t.store.audit()).toMatchObject({ ok: true, practice: 0, difference: 0 })
  })

  test('the audit checks practice chips apart: a practice stack changed behind the ledger is found', async () => {
    const id = await lobby('bura', ['ann'])
    await fx.tables.addAi(id, { userId: 'ann' })
    expect(await fx.t.store.audit()).toMatchObject({ ok: true, practice: 300, stacks: 0 })
    await execRaw(fx.t.url, `UPDATE "TableSeat" SET stack = stack + 5 WHERE "userId" = 'ai-anna-normal'`)
    const report = await fx.t.store.audit()
    expect(report).toMatchObject({ ok: false, difference: 0 })
    expect(report.problems).toEqual([
      `practice table ${id} holds 305 chips but took 300 practice chips`,
      `stack of ai-anna-normal at table ${id} holds 155 but its ledger rows add up to 150`,
    ])
  })

  test('refusals change nothing: not the host, full, after the start, no AI to remove', async () => {
    const id = await lobby('bura', ['ann', 'ben'])
    expect(await fx.tables.addAi(id, { userId: 'ben' })).toMatchObject({
      ok: false,
      error: { code: 'ai-not-host.add' },
    })
    expect(await fx.tables.removeAi(id, { userId: 'ann' })).toMatchObject({
      ok: false,
      error: { code: 'ai-not-seated' },
    })
    expect(await balance('ben')).toBe(850)
    for (let i = 0; i < 4; i++) expect((await fx.tables.addAi(id, { userId: 'ann' })).ok).toBe(true)
    expect(await fx.tables.addAi(id, { userId: 'ann' })).toMatchObject({ ok: false, error: { code: 'table-full' } })
    const removed = await fx.tables.removeAi(id, { userId: 'ann', name: 'Clara' })
    expect(removed.ok && removed.value.table.seats.find((s) => s.userId === 'ai-clara-normal')?.status).toBe('left')
    expect((await fx.tables.start(id)).ok).toBe(true)
    const version = (await fx.tables.get(id))!.version
    expect(await fx.tables.addAi(id, { userId: 'ann' })).toMatchObject({ ok: false, error: { code: 'ai-lobby-only' } })
    expect(await fx.tables.removeAi(id, { userId: 'ann' })).toMatchObject({
      ok: false,
      error: { code: 'ai-lobby-only' },
    })
    expect((await fx.tables.get(id))!.version).toBe(version)
  })

  test('the table closes when its last member leaves: AI seats never play on alone', async () => {
    const id = await lobby('badugi', ['ann'])
    await fx.tables.addAi(id, { userId: 'ann' })
    await fx.tables.addAi(id, { userId: 'ann' })
    expect((await fx.tables.start(id)).ok).toBe(true)
    const left = await fx.tables.leave(id, 'ann')
    expect(left.ok && left.value.table.status).toMatch(/finished|aborted/)
    expect(await balance('ann')).toBe(1000)
    expect((await fx.t.store.audit()).problems).toEqual([])
  })

  test('a Bugami table with AI seats books no stats', async () => {
    const id = await lobby('bugami', ['ann'])
    await fx.tables.addAi(id, { userId: 'ann', level: 'easy' })
    await fx.tables.addAi(id, { userId: 'ann', level: 'easy' })
    expect((await fx.tables.start(id)).ok).toBe(true)
    for (let deal = 0; deal < 40 && (await fx.tables.get(id))!.status === 'playing'; deal++) {
      await playWithAi(id)
      const t = (await fx.tables.get(id))!
      if (t.status === 'playing' && t.progress !== 'acting') await fx.tables.nextDeal(id)
    }
    expect((await fx.tables.get(id))!.status).toBe('finished')
    expect(await fx.t.store.stats.get('g', 'ann')).toEqual([])
  })

  test('the history rebuilt from the log is the one a recorder kept live', async () => {
    const id = await lobby('bura', ['ann'])
    await fx.tables.addAi(id, { userId: 'ann' })
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    const engine = engineFor('bura')!
    const ai = started.value.table.seats.find((s) => isAiSeat(s.userId))!
    // Live: after every change, its state and events as the service answered them (one transition each).
    const live = new SeatRecorder(engine, ai.position!, 2, started.value.table.options)
    live.record(started.value.table.state, started.value.events, null, null)
    for (let t = started.value.table; t.progress === 'acting';) {
      const userId = t.waitingFor[0]!
      const position = t.seats.find((s) => s.userId === userId)!.position!
      const action = engine.autoAction(t.state, position)
      const out = await fx.tables.act(id, userId, action)
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      t = out.value.table
      live.record(t.state, out.value.events, position, engine.actionSchema.parse(action))
      expect(await fx.tables.aiHistory(t, ai.position!)).toEqual(live.history())
    }
  })
})
