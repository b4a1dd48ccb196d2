import { describe, expect, test } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(700)

const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance
const audited = async () => {
  const report = await fx.t.store.audit()
  expect(report.problems).toEqual([])
  return report
}

async function table(game: string, players: string[], channelId = game, buyIn = 100): Promise<string> {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId,
    game,
    creatorId: players[0]!,
    buyIn,
    ...(game === 'badugi' ? { options: { smallBlind: 1, bigBlind: 2 } } : {}),
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  for (const p of players.slice(1)) {
    const joined = await fx.tables.join(created.value.table.id, p)
    if (!joined.ok) throw new Error(refusalText(joined.error, ENGLISH))
  }
  return created.value.table.id
}

/** Plays the game in progress to its end: every seat waited for plays its biggest wager, else a call or check. */
async function playOut(id: string): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    const t = (await fx.tables.get(id))!
    if (t.status !== 'playing' || t.progress !== 'acting') return
    const who = t.waitingFor[0]!
    const position = t.seats.find((s) => s.userId === who)!.position!
    const engine = engineFor(t.game)!
    const legal = engine.legalActions(t.state, position) as { type: string; amount?: number }[]
    const wager = legal.filter((a) => a.type === 'raise' || a.type === 'bet').at(-1)
    const action = wager ?? legal.find((a) => a.type === 'call') ?? engine.autoAction(t.state, position)
    const out = await fx.tables.act(id, who, action)
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  }
  throw new Error('the game did not end')
}

describe("the host's end during a hand", () => {
  test('waits for the hand: the host who bet cannot take the pot back; the table closes once the hand is over', async () => {
    const id = await table('badugi', ['ann', 'ben'])
    expect((await fx.tables.start(id)).ok).toBe(true)
    // The first to act puts in everything they may; then the host ends the table.
    const t = (await fx.tables.get(id))!
    const first = t.waitingFor[0]!
    const engine = engineFor('badugi')!
    const legal = engine.legalActions(t.state, t.seats.find((s) => s.userId === first)!.position!) as {
      type: string
    }[]
    expect((await fx.tables.act(id, first, legal.filter((a) => a.type === 'raise').at(-1))).ok).toBe(true)
    const wallets = { ann: await balance('ann'), ben: await balance('ben') }

    const ended = await fx.tables.end(id, { userId: 'ann', by: 'ann' })
    if (!ended.ok) throw new Error(refusalText(ended.error, ENGLISH))
    expect(ended.value.table).toMatchObject({ status: 'playing', endAfterGame: true, progress: 'acting' })
    expect(ended.value.tableEvents).toEqual([{ type: 'endRequested', userId: 'ann' }])
    // Nothing came back: the pot stays in play.
    expect({ ann: await balance('ann'), ben: await balance('ben') }).toEqual(wallets)
    expect(ended.value.table.pot).toBeGreaterThan(0)
    // Nobody sits down at a table that is closing, and a second end changes nothing.
    expect(await fx.tables.join(id, 'cat')).toMatchObject({ ok: false, error: { code: 'table-ending' } })
    expect(await fx.tables.end(id, { userId: 'ann' })).toMatchObject({ ok: false, error: { code: 'end-pending' } })

    await playOut(id)
    const closed = (await fx.tables.get(id))!
    expect(closed.status).toBe('finished')
    expect(closed.gamesPlayed).toBe(1)
    expect(closed.seats.every((s) => s.stack === 0 && s.status === 'left')).toBe(true)
    // The hand counted: it is in both players' stats, its pot went to its winner.
    for (const user of ['ann', 'ben'])
      expect(await fx.t.store.stats.get('g', user)).toEqual([expect.objectContaining({ game: 'badugi', played: 1 })])
    expect((await balance('ann')) + (await balance('ben'))).toBe(2000)
    expect(await audited()).toMatchObject({ stacks: 0, pots: 0 })
  })

  test('between games and in the lobby the end is at once', async () => {
    const lobby = await table('bura', ['ann', 'ben'])
    expect(await fx.tables.end(lobby, { userId: 'ann' })).toMatchObject({
      ok: true,
      value: { table: { status: 'aborted' } },
    })
    expect(await balance('ann')).toBe(1000)
  })
})

describe('voidTable', () => {
  test('closes a hand at once: every chip back, the ledger names the reason, no stats', async () => {
    const id = await table('badugi', ['ann', 'ben'])
    expect((await fx.tables.start(id)).ok).toBe(true)
    const voided = await fx.tables.voidTable(id, 'channel-deleted')
    if (!voided.ok) throw new Error(refusalText(voided.error, ENGLISH))
    expect(voided.value.table.status).toBe('aborted')
    const event = voided.value.tableEvents.find((e) => e.type === 'voided')
    expect(event).toEqual({
      type: 'voided',
      reason: 'channel-deleted',
      by: null,
      returns: [
        { userId: 'ann', amount: 100 },
        { userId: 'ben', amount: 100 },
      ],
    })
    expect(await balance('ann')).toBe(1000)
    expect(await balance('ben')).toBe(1000)
    const paid = await fx.t.store.prisma.ledgerEntry.findMany({ where: { tableId: id, toKind: 'wallet' } })
    expect(paid.map((e) => e.reason)).toEqual(['closed: channel-deleted', 'closed: channel-deleted'])
    // The blinds' net chips came back with them: nothing played, won or lost.
    for (const user of ['ann', 'ben'])
      expect(await fx.t.store.stats.get('g', user)).toEqual([
        expect.objectContaining({ played: 0, won: 0, netChips: 0 }),
      ])
    expect(await fx.tables.voidTable(id, 'operator')).toMatchObject({ ok: false, error: { code: 'table-ended' } })
    await audited()
  })
})

describe('lobby expiry', () => {
  test('a lobby opened before the cutoff closes with every buy-in back; a younger one stays', async () => {
    const old = await table('bura', ['ann', 'ben'], 'c1')
    await fx.t.clock.advance(60_000)
    const young = await table('bura', ['cat'], 'c2')
    const cutoff = fx.t.clock.now() - 1
    expect(await fx.t.store.tables.lobbiesOpenedBefore(cutoff, 10)).toEqual([{ id: old, guildId: 'g' }])
    expect(await fx.tables.expireLobby(young, cutoff)).toMatchObject({ ok: false, error: { code: 'not-due' } })
    const expired = await fx.tables.expireLobby(old, cutoff)
    if (!expired.ok) throw new Error(refusalText(expired.error, ENGLISH))
    expect(expired.value.table.status).toBe('aborted')
    expect(expired.value.tableEvents).toContainEqual(
      expect.objectContaining({ type: 'voided', reason: 'lobby-expired' }),
    )
    expect(await balance('ann')).toBe(1000)
    expect(await balance('ben')).toBe(1000)
    expect((await fx.tables.get(young))!.status).toBe('lobby')
    // A started table is no lobby any more.
    expect(await fx.tables.expireLobby(old, cutoff)).toMatchObject({ ok: false, error: { code: 'not-lobby' } })
    await audited()
  })
})

describe('open tables per member', () => {
  test('at most the setting (default 3) per member and server; Manage Server is exempt', async () => {
    for (const c of ['c1', 'c2', 'c3']) await table('bura', ['ann'], c)
    const input = { guildId: 'g', channelId: 'c4', game: 'bura', creatorId: 'ann' }
    expect(await fx.tables.check(input)).toMatchObject({
      ok: false,
      error: { code: 'table-limit', params: { count: 3, max: 3 } },
    })
    expect(await fx.tables.create(input)).toMatchObject({ ok: false, error: { code: 'table-limit' } })
    // Another member, another server: their own count.
    expect((await fx.tables.create({ ...input, creatorId: 'ben' })).ok).toBe(true)
    expect((await fx.tables.create({ ...input, guildId: 'h', channelId: 'c1' })).ok).toBe(true)
    expect(refusalText({ code: 'table-limit', params: { count: 3, max: 3 } }, ENGLISH)).toMatch(
      /^You already have 3 open tables on this server/,
    )
    // A closed table frees its place; a lower setting counts at once.
    const open = await fx.t.store.tables.active()
    await fx.tables.end(open.find((t) => t.channelId === 'c1' && t.guildId === 'g')!.id)
    expect((await fx.tables.create({ ...input, channelId: 'c6' })).ok).toBe(true)
    expect((await fx.tables.create({ ...input, channelId: 'c5', exempt: true })).ok).toBe(true)
    expect((await fx.tables.updateSettings('g', { maxTables: 1 })).ok).toBe(true)
    expect(await fx.tables.create({ ...input, creatorId: 'ben', channelId: 'c7' })).toMatchObject({
      ok: false,
      error: { code: 'table-limit', params: { count: 1, max: 1 } },
    })
  })
})
