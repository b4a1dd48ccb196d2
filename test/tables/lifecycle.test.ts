import { describe, expect, test } from 'vitest'
import { ENGINES, gameLookup } from '../../src/games/registry.js'
import { rebuildState, TableService } from '../../src/tables/index.js'
import { playGame, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { describeTableEvents } from '../../src/messages/event-lines.js'
import type { TableEvent } from '../../src/tables/types.js'

const fx = tableServicePerTest(11)

const HOUR = 3_600_000

async function bugamiTable(players = ['ann', 'ben', 'cat'], options: Record<string, unknown> = { target: 1 }) {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: 'c',
    game: 'bugami',
    creatorId: players[0]!,
    options,
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of players.slice(1)) expect((await fx.tables.join(id, p)).ok).toBe(true)
  return id
}

describe('table lifecycle (Bugami)', () => {
  test('create: one open table per channel, options checked by the engine, deadline limits', async () => {
    const id = await bugamiTable()
    expect(await fx.tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'channel-busy-game', params: { game: 'Bugami' } },
    })
    expect(
      await fx.tables.create({
        guildId: 'g',
        channelId: 'd',
        game: 'bugami',
        creatorId: 'x',
        options: { trumps: true },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad-options' },
    })
    // A rule between options refuses with its own code, in words a player reads in their language.
    const blinds = await fx.tables.create({
      guildId: 'g',
      channelId: 'd',
      game: 'badugi',
      creatorId: 'x',
      options: { smallBlind: 20, bigBlind: 10 },
    })
    expect(blinds).toMatchObject({ ok: false, error: { code: 'badugi.blinds' } })
    expect(!blinds.ok && refusalText(blinds.error, langOf('de'))).toBe(
      'Der Small Blind darf nicht größer sein als der Big Blind.',
    )
    const kozel = await fx.tables.create({
      guildId: 'g',
      channelId: 'd',
      game: 'bura',
      creatorId: 'x',
      options: { kozel: true, moscow: true },
    })
    expect(kozel).toMatchObject({
      ok: false,
      error: { code: 'bura.not-with-kozel', params: { option: { game: 'bura', option: 'moscow' } } },
    })
    expect(await fx.tables.create({ guildId: 'g', channelId: 'd', game: 'chess', creatorId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'unknown-game' },
    })
    expect(
      await fx.tables.create({ guildId: 'g', channelId: 'd', game: 'bugami', creatorId: 'x', turnSeconds: 10 }),
    ).toMatchObject({ ok: false, error: { code: 'bad-turn-deadline' } })
    const table = (await fx.tables.inChannel('g', 'c'))!
    expect(table).toMatchObject({ id, status: 'lobby', turnMs: 12 * HOUR, creatorId: 'ann', options: { target: 1 } })
    expect(table.seats.map((s) => s.userId)).toEqual(['ann', 'ben', 'cat'])
    // A refused create wrote nothing: the other channel is still free.
    expect(await fx.tables.inChannel('g', 'd')).toBeNull()
  })

  test('lobby: join twice, leave, start by the creator only, too few players', async () => {
    const id = await bugamiTable(['ann', 'ben'])
    expect(await fx.tables.join(id, 'ben')).toMatchObject({ ok: false, error: { code: 'already-seated' } })
    const tooFew = await fx.tables.start(id, { userId: 'ann' })
    expect(tooFew).toMatchObject({ ok: false, error: { code: 'too-few-players' } })
    expect(!tooFew.ok && refusalText(tooFew.error, ENGLISH)).toBe('Bugami needs at least 3 players; 2 are seated.')
    expect(!tooFew.ok && refusalText(tooFew.error, langOf('de'))).toBe(
      'Bugami braucht mindestens 3 Spieler; es sitzen erst 2.',
    )
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect(await fx.tables.start(id, { userId: 'ben' })).toMatchObject({ ok: false, error: { code: 'not-creator' } })
    expect((await fx.tables.leave(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.join(id, 'dan')).ok).toBe(true)
    const started = await fx.tables.start(id, { userId: 'ann' })
    expect(started.ok).toBe(true)
    if (!started.ok) return
    const table = started.value.table
    expect(table.status).toBe('playing')
    expect(table.seats.filter((s) => s.position !== null).map((s) => [s.userId, s.position])).toEqual([
      ['ann', 0],
      ['ben', 1],
      ['dan', 2],
    ])
    // Bugami bids are open to everyone at once: all are pinged, with a 12 h deadline.
    expect([...started.value.ping].sort()).toEqual(['ann', 'ben', 'dan'])
    expect(started.value.deadlineAt).toBe(fx.t.clock.now() + 12 * HOUR)
    expect(await fx.tables.join(id, 'eve')).toMatchObject({ ok: false, error: { code: 'join-running' } })
  })

  test('a match played to the end: finished, stats and board written, state rebuilt from seed + log', async () => {
    const id = await bugamiTable()
    await fx.tables.start(id)
    const moves = await playGame(fx.tables, id, 3)
    const table = (await fx.tables.get(id))!
    expect(table.status).toBe('finished')
    expect(table.deadlineAt).toBeNull()
    expect(table.gamesPlayed).toBe(1)
    expect(await fx.tables.inChannel('g', 'c')).toBeNull()
    const log = await fx.t.store.actions.list(id)
    expect(log[0]).toMatchObject({ kind: 'setup', seq: 0 })
    expect(log.filter((e) => e.kind === 'action')).toHaveLength(moves)
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i))
    expect(rebuildState(ENGINES.bugami, log)).toEqual(table.state)
    const board = await fx.tables.leaderboard('g', 'bugami', 'ann')
    expect(board.rows).toHaveLength(3)
    expect(board.rows.reduce((a, r) => a + r.value, 0)).toBe(1)
    const summary = ENGINES.bugami.summary(table.state)
    const winner = table.seats.find((s) => s.position === summary.winners![0])!.userId
    expect(board.rows[0]!.userId).toBe(winner)
    // The channel is free again.
    expect((await fx.tables.create({ guildId: 'g', channelId: 'c', game: 'bugami', creatorId: 'ann' })).ok).toBe(true)
  })

  test('moves: wrong player, malformed move, stale version and a repeated interaction change nothing', async () => {
    const id = await bugamiTable()
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    const v = started.value.table.version
    expect(await fx.tables.act(id, 'zed', { type: 'bid', suit: 'H' })).toMatchObject({
      ok: false,
      error: { code: 'not-playing-here' },
    })
    expect(await fx.tables.act(id, 'ann', { type: 'dance' })).toMatchObject({
      ok: false,
      error: { code: 'bad-action' },
    })
    expect(await fx.tables.act(id, 'ann', { type: 'play', card: '2H' })).toMatchObject({ ok: false })
    const first = await fx.tables.act(
      id,
      'ann',
      { type: 'bid', suit: 'H' },
      { interactionId: 'i-1', expectedVersion: v },
    )
    expect(first).toMatchObject({ ok: true, value: { duplicate: false, table: { version: v + 1 } } })
    const again = await fx.tables.act(
      id,
      'ann',
      { type: 'bid', suit: 'H' },
      { interactionId: 'i-1', expectedVersion: v },
    )
    expect(again).toMatchObject({ ok: true, value: { duplicate: true, table: { version: v + 1 } } })
    const stale = await fx.tables.act(
      id,
      'ben',
      { type: 'bid', suit: 'S' },
      { interactionId: 'i-2', expectedVersion: v },
    )
    expect(stale).toMatchObject({ ok: false, error: { code: 'stale' } })
    expect(!stale.ok && refusalText(stale.error, ENGLISH)).toBe(
      'The table changed while you were deciding. Have another look and try again.',
    )
    expect((await fx.tables.get(id))!.version).toBe(v + 1)
    expect((await fx.t.store.actions.list(id)).filter((e) => e.kind === 'action')).toHaveLength(1)
  })

  test('deadlines: automatic moves, 3 missed turns make a seat away, acting again brings it back', async () => {
    const id = await bugamiTable()
    const started = await fx.tables.start(id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    // ann and ben bid in time; cat does not.
    await fx.tables.act(id, 'ann', { type: 'bid', suit: 'H' })
    await fx.tables.act(id, 'ben', { type: 'bid', suit: 'S' })
    let table = (await fx.tables.get(id))!
    expect(table.waitingFor).toEqual(['cat'])
    // Bids left do not move the deadline.
    expect(table.deadlineAt).toBe(started.value.deadlineAt)
    expect(await fx.tables.expire(id, table.deadlineAt!)).toMatchObject({ ok: false, error: { code: 'not-due' } })
    await fx.t.clock.advance(12 * HOUR)
    expect(await fx.tables.expire(id, table.deadlineAt! - 1)).toMatchObject({
      ok: false,
      error: { code: 'deadline-moved' },
    })
    const expired = await fx.tables.expire(id, table.deadlineAt!)
    expect(expired.ok).toBe(true)
    if (!expired.ok) return
    expect(expired.value.tableEvents).toContainEqual(expect.objectContaining({ type: 'autoMove', userId: 'cat' }))
    expect(expired.value.table.seats.find((s) => s.userId === 'cat')).toMatchObject({ missedTurns: 1, away: false })
    expect(expired.value.deadlineAt).toBe(fx.t.clock.now() + 12 * HOUR)
    // Let every deadline pass: each seat's misses count up, the third makes it away.
    for (let i = 0; i < 12; i++) {
      table = (await fx.tables.get(id))!
      if (table.status !== 'playing') break
      await fx.t.clock.advance(12 * HOUR)
      const r = await fx.tables.expire(id, table.deadlineAt!)
      expect(r.ok).toBe(true)
    }
    table = (await fx.tables.get(id))!
    const away = table.seats.filter((s) => s.away)
    expect(away.length).toBeGreaterThan(0)
    expect(away.every((s) => s.missedTurns >= 3)).toBe(true)
    // An away seat that is waited for is played at once, so an away player never holds the table up.
    if (table.status === 'playing')
      for (const u of table.waitingFor) expect(table.seats.find((s) => s.userId === u)!.away).toBe(false)
    expect((await fx.t.store.actions.list(id)).some((e) => e.kind === 'auto')).toBe(true)
    expect(rebuildState(ENGINES.bugami, await fx.t.store.actions.list(id))).toEqual(table.state)
  })

  test('a match nobody plays any more closes at the end of the deal, not played on to its target', async () => {
    // The highest target a table may set: played to it by automatic moves alone, one change
    // would run thousands of deals (and fail past its cap, leaving the table stuck for good).
    const id = await bugamiTable(['ann', 'ben', 'cat'], { target: 100_000 })
    await fx.tables.start(id)
    let table = (await fx.tables.get(id))!
    let expiries = 0
    let events: readonly TableEvent[] = []
    while (table.status === 'playing') {
      await fx.t.clock.advance(12 * HOUR)
      const r = await fx.tables.expire(id, table.deadlineAt!)
      if (!r.ok) throw new Error(refusalText(r.error, ENGLISH))
      expiries++
      table = r.value.table
      events = r.value.tableEvents
    }
    // The table says why it closed.
    expect(describeTableEvents(ENGLISH, events)).toContain(
      '💤 Nobody is playing any more (every player missed three turns in a row or left): the table closes.',
    )
    // Three missed turns each make everyone away (a deadline at a time: the bids together, then
    // each play); then the first deal is played out and the table closes.
    expect(expiries).toBeLessThanOrEqual(3 * 3 + 1)
    expect(table.status).toBe('aborted')
    expect(table.state).toMatchObject({ phase: 'between', deals: 1 })
    expect(await fx.tables.inChannel('g', 'c')).toBeNull()
  })

  test('leaving mid-match: the seat is played automatically; when everyone left the table closes', async () => {
    const id = await bugamiTable()
    await fx.tables.start(id)
    const left = await fx.tables.leave(id, 'cat')
    expect(left.ok).toBe(true)
    // cat's bid was made for them at once.
    expect([...(await fx.tables.get(id))!.waitingFor].sort()).toEqual(['ann', 'ben'])
    await fx.tables.leave(id, 'ben')
    const last = await fx.tables.leave(id, 'ann')
    expect(last).toMatchObject({ ok: true, value: { table: { status: 'aborted' } } })
    expect(await fx.tables.inChannel('g', 'c')).toBeNull()
  })

  test('restart: active tables are listed with their deadlines from the database', async () => {
    const lobby = await bugamiTable()
    const created = await fx.tables.create({
      guildId: 'g',
      channelId: 'c2',
      game: 'bugami',
      creatorId: 'x',
      turnSeconds: 60,
    })
    if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
    for (const u of ['y', 'z']) await fx.tables.join(created.value.table.id, u)
    const started = await fx.tables.start(created.value.table.id)
    if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
    await fx.t.store.close()
    const { openStore } = await import('../../src/store/index.js')
    const reopened = await openStore({ url: fx.t.url, clock: fx.t.clock, durability: 'process' })
    const again = new TableService({ games: gameLookup, store: reopened })
    // Both were created at the same instant on the manual clock: their order is not the point.
    const active = [...(await again.activeTables())].sort((a, b) => a.status.localeCompare(b.status))
    expect(active).toEqual([
      expect.objectContaining({ id: lobby, status: 'lobby', deadlineAt: null }),
      expect.objectContaining({
        id: created.value.table.id,
        status: 'playing',
        deadlineAt: fx.t.clock.now() + 60_000,
        game: 'bugami',
        channelId: 'c2',
      }),
    ])
    fx.t.store = reopened
  })

  test('ending a table: only the creator (or an admin without a user id); ended tables refuse moves', async () => {
    const id = await bugamiTable()
    await fx.tables.start(id)
    expect(await fx.tables.end(id, { userId: 'ben' })).toMatchObject({ ok: false, error: { code: 'not-creator-end' } })
    // During the match the host's end waits for it to be over; a void closes it at once.
    expect(await fx.tables.end(id)).toMatchObject({
      ok: true,
      value: { table: { status: 'playing', endAfterGame: true } },
    })
    expect(await fx.tables.end(id)).toMatchObject({ ok: false, error: { code: 'end-pending' } })
    expect(await fx.tables.voidTable(id, 'voided')).toMatchObject({
      ok: true,
      value: { table: { status: 'aborted', deadlineAt: null } },
    })
    expect(await fx.tables.act(id, 'ann', { type: 'bid', suit: 'H' })).toMatchObject({
      ok: false,
      error: { code: 'not-playing' },
    })
    expect(await fx.tables.end(id)).toMatchObject({ ok: false, error: { code: 'table-ended' } })
    expect((await fx.tables.activeTables()).map((a) => a.id)).not.toContain(id)
  })
})
