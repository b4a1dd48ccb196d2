import { describe, expect, test, vi } from 'vitest'
import { engineFor, gameLookup } from '../../src/games/registry.js'
import { TableService } from '../../src/tables/index.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(21)

/** The pending effects of a table as [kind, version] pairs, oldest first. */
async function pending(tableId: string) {
  return (await fx.t.store.effects.pending(tableId)).map((e) => [e.kind, e.version])
}

async function badugiHand() {
  const created = await fx.tables.create({ guildId: 'g', channelId: 'c', game: 'badugi', creatorId: 'ann' })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  expect((await fx.tables.join(id, 'ben')).ok).toBe(true)
  const started = await fx.tables.start(id)
  if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
  return started.value.table
}

describe('effects written with each change (the outbox)', () => {
  test('create, join, start write the refresh of their version; start swaps any ping for one to who acts', async () => {
    const table = await badugiHand()
    expect(await pending(table.id)).toEqual([
      ['refresh', 1],
      ['refresh', 2],
      ['unping', 3],
      ['refresh', 3],
      ['ping', 3],
    ])
    const [ping] = (await fx.t.store.effects.pending(table.id)).filter((e) => e.kind === 'ping')
    expect(ping!.payload).toEqual({ users: table.waitingFor, about: 'turn' })
    expect(ping!.nonce).toMatch(/^[A-Za-z0-9_-]{1,25}$/)
  })

  test('a refused change writes no effect; a game end writes unping, refresh, its result, a result ping', async () => {
    const table = await badugiHand()
    const effects = fx.t.store.effects
    await effects.done((await effects.pending(table.id)).map((e) => e.id))
    const notOnTurn = table.seats.find((s) => !table.waitingFor.includes(s.userId))!.userId
    expect((await fx.tables.act(table.id, notOnTurn, { type: 'fold' })).ok).toBe(false)
    expect(await pending(table.id)).toEqual([])

    const folded = await fx.tables.act(table.id, table.waitingFor[0]!, { type: 'fold' })
    if (!folded.ok) throw new Error(refusalText(folded.error, ENGLISH))
    expect(folded.value.table.progress).toBe('gameOver')
    expect(await pending(table.id)).toEqual([
      ['unping', 4],
      ['refresh', 4],
      ['result', 4],
      ['ping', 4],
    ])
    const [ping] = (await effects.pending(table.id)).filter((e) => e.kind === 'ping')
    // Everyone who played the hand hears how it ended, the folder too.
    expect(ping!.payload).toEqual({ users: table.seats.map((s) => s.userId), about: 'result' })
    const [result] = (await effects.pending(table.id)).filter((e) => e.kind === 'result')
    // The result is drawn later from the state the hand ended in, with that hand's seats.
    expect(engineFor('badugi')!.progress(result!.payload.state)).toBe('gameOver')
    expect(result!.payload.seats).toEqual(
      folded.value.table.seats.map((s) => ({ userId: s.userId, position: s.position })),
    )
  })

  test('a failed delivery is retried later; a delivery reads the pings still up with the pending effects', async () => {
    const table = await badugiHand()
    const effects = fx.t.store.effects
    const all = await effects.pending(table.id)
    const ping = all.find((e) => e.kind === 'ping')!
    await effects.done(
      all.filter((e) => e !== ping).map((e) => e.id),
      null,
    )
    await effects.retry([ping.id], fx.t.clock.now() + 2000, false)
    const [again] = await effects.pending(table.id)
    expect(again).toMatchObject({ id: ping.id, attempts: 1, dueAt: fx.t.clock.now() + 2000 })
    await effects.done([ping.id], '123')
    expect((await effects.forDelivery(table.id)).posted.map((e) => e.messageId)).toEqual(['123'])
    // An unping delivered once that ping's message is deleted: both marked, the ping forgotten.
    await effects.add(table.id, table.version, [{ kind: 'unping' }])
    const [unping] = await effects.pending(table.id)
    await effects.delivered([{ id: unping!.id, messageId: null }], [ping.id])
    const read = await effects.forDelivery(table.id)
    expect(read).toMatchObject({
      pending: [],
      posted: [],
      table: null, // no effect row to read the table with
    })
    expect(read.latestResult()).toBeNull()
    expect(await effects.pending(table.id)).toEqual([])
    expect(await effects.pendingTables()).toEqual([])
  })

  test("a delivery's marks in one statement: each effect as its own message, taken-back pings forgotten", async () => {
    const table = await badugiHand()
    const effects = fx.t.store.effects
    const all = await effects.pending(table.id)
    const ping = all.find((e) => e.kind === 'ping')!
    await effects.delivered(
      all.map((e) => ({ id: e.id, messageId: e === ping ? '55' : null })),
      [],
    )
    let read = await effects.forDelivery(table.id)
    expect(read.pending).toEqual([])
    expect(read.posted.map((e) => [e.id, e.messageId])).toEqual([[ping.id, '55']])
    await effects.add(table.id, table.version, [{ kind: 'unping' }, { kind: 'refresh' }])
    const [unping, refresh] = await effects.pending(table.id)
    // The refresh shown as message 66, the unping with its ping's message deleted, together.
    await effects.delivered(
      [
        { id: unping!.id, messageId: null },
        { id: refresh!.id, messageId: '66' },
      ],
      [ping.id],
    )
    read = await effects.forDelivery(table.id)
    expect(read).toMatchObject({ pending: [], posted: [] })
  })

  test("a delivery reads the table's newest result with its effects, delivered or not, and reads it again for a later version", async () => {
    const table = await badugiHand()
    const effects = fx.t.store.effects
    let read = await fx.tables.outbox.read(table.id)
    expect(await read.latestResult((await read.table())!)).toBeNull()
    // Hand 1 ends; its result is delivered (no longer pending), and hand 2 is dealt.
    const folded = await fx.tables.act(table.id, table.waitingFor[0]!, { type: 'fold' })
    if (!folded.ok) throw new Error(refusalText(folded.error, ENGLISH))
    const [first] = (await effects.pending(table.id)).filter((e) => e.kind === 'result')
    await effects.done((await effects.pending(table.id)).map((e) => e.id))
    const dealt = await fx.tables.nextDeal(table.id)
    if (!dealt.ok) throw new Error(refusalText(dealt.error, ENGLISH))
    const latestRead = vi.spyOn(effects, 'latestResult')
    read = await fx.tables.outbox.read(table.id)
    expect(read.posted).toEqual([])
    expect(read.pending.map((e) => e.kind)).not.toContain('result')
    const drawn = (await read.table())!
    expect(drawn.version).toBe(dealt.value.table.version)
    expect((await read.latestResult(drawn))?.id).toBe(first!.id)
    expect(latestRead).not.toHaveBeenCalled()
    // Hand 2 ends after the read: the table as it is now has a newer result, read on its own.
    const again = await fx.tables.act(table.id, dealt.value.table.waitingFor[0]!, { type: 'fold' })
    if (!again.ok) throw new Error(refusalText(again.error, ENGLISH))
    const [second] = (await effects.pending(table.id)).filter((e) => e.kind === 'result')
    expect((await read.latestResult(again.value.table))?.id).toBe(second!.id)
    expect(latestRead).toHaveBeenCalledTimes(1)
  })

  test('a delivery reads the table with its effects: no read of its own when this process wrote its version', async () => {
    const table = await badugiHand()
    const tables = fx.t.store.tables
    const readTable = vi.spyOn(tables, 'get')
    let read = await fx.tables.outbox.read(table.id)
    expect(read.pending.map((e) => e.kind)).toEqual(['refresh', 'refresh', 'unping', 'refresh', 'ping'])
    expect(await read.table()).toEqual(await fx.tables.get(table.id))
    readTable.mockClear()
    await fx.tables.outbox.read(table.id).then((r) => r.table())
    expect(readTable).not.toHaveBeenCalled()
    // A column written without a version bump (the message posted, by whichever process) is the stored one.
    await tables.setMessageId(table.id, '777')
    read = await fx.tables.outbox.read(table.id)
    expect((await read.table())?.messageId).toBe('777')
    expect(readTable).not.toHaveBeenCalled()
    // Another process changed the table: its version is read.
    const other = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => 1 })
    const folded = await other.act(table.id, table.waitingFor[0]!, { type: 'fold' })
    if (!folded.ok) throw new Error(refusalText(folded.error, ENGLISH))
    read = await fx.tables.outbox.read(table.id)
    expect(await read.table()).toEqual(folded.value.table)
    expect(readTable).toHaveBeenCalledTimes(1)
  })
})
