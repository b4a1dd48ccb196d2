import { describe, expect, test } from 'vitest'
import { playGame, tableServicePerTest } from './play.js'
import { gameLookup } from '../../src/games/registry.js'
import { TableService } from '../../src/tables/index.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(300)

const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance

async function badugi(players: string[], buyIn: number, options: Record<string, unknown> = {}) {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: 'c',
    game: 'badugi',
    creatorId: players[0]!,
    buyIn,
    options: { smallBlind: 1, bigBlind: 2, ...options },
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of players.slice(1)) expect((await fx.tables.join(id, p)).ok).toBe(true)
  expect((await fx.tables.start(id)).ok).toBe(true)
  return id
}

/** Plays hands until a seated player has no chips left; returns that player. */
async function untilBusted(id: string): Promise<string> {
  for (let hand = 0; hand < 60; hand++) {
    await playGame(fx.tables, id, 7 + hand)
    const t = (await fx.tables.get(id))!
    const out = t.seats.find((s) => s.status === 'seated' && s.stack === 0)
    if (out) return out.userId
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
  }
  throw new Error('nobody ran out of chips')
}

describe('Badugi cash table', () => {
  test('a newcomer waits for the next hand, which counts on; leaving before it pays out at once', async () => {
    const id = await badugi(['ann', 'ben'], 20)
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.get(id))!.seats.find((s) => s.userId === 'cat')).toMatchObject({
      position: null,
      stack: 20,
    })
    expect(await fx.tables.rebuy(id, 'ann')).toMatchObject({ ok: false, error: { code: 'in-game' } })
    expect((await fx.tables.leave(id, 'cat')).ok).toBe(true)
    expect(await balance('cat')).toBe(1000)
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    await playGame(fx.tables, id, 3)
    expect((await fx.tables.nextDeal(id)).ok).toBe(true)
    const t = (await fx.tables.get(id))!
    expect(t.seats.find((s) => s.userId === 'cat')!.position).not.toBeNull()
    expect((t.state as { handNo: number }).handNo).toBe(2)
  })

  test('a member who sits down again is listed after those who came meanwhile, as a fresh read lists them', async () => {
    const id = await badugi(['ann', 'ben'], 20)
    expect((await fx.tables.join(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.leave(id, 'cat')).ok).toBe(true)
    expect((await fx.tables.join(id, 'dan')).ok).toBe(true)
    const back = await fx.tables.join(id, 'cat')
    if (!back.ok) throw new Error(refusalText(back.error, ENGLISH))
    const waiting = (seats: readonly { userId: string; status: string; position: number | null }[]) =>
      seats.filter((s) => s.status === 'seated' && s.position === null).map((s) => s.userId)
    expect(waiting(back.value.table.seats)).toEqual(['dan', 'cat'])
    // Another process reads the table from the database: the same seats in the same order.
    const other = new TableService({ games: gameLookup, store: fx.t.store })
    expect((await other.get(id))!.seats).toEqual(back.value.table.seats)
    expect((await fx.tables.get(id))!.seats).toEqual(back.value.table.seats)
  })

  test('a player who folded out of a hand sits down again only once it is over', async () => {
    const id = await badugi(['ann', 'ben', 'cat'], 20)
    expect((await fx.tables.leave(id, 'ann')).ok).toBe(true)
    expect(await fx.tables.join(id, 'ann')).toMatchObject({ ok: false, error: { code: 'left-this-game' } })
  })

  test('rebuy: up to the buy-in from the balance; a busted player who does not stands up next deal', async () => {
    await fx.t.store.settings.update('g', { startingGrant: 7 })
    const id = await badugi(['ann', 'ben', 'cat', 'dan'], 4)
    const out = await untilBusted(id)
    // The balance (3 after the buy-in) is less than the buy-in: the rebuy takes all of it.
    expect(await balance(out)).toBe(3)
    expect((await fx.tables.rebuy(id, out)).ok).toBe(true)
    expect((await fx.tables.get(id))!.seats.find((s) => s.userId === out)!.stack).toBe(3)
    expect(await balance(out)).toBe(0)
    expect(await fx.tables.rebuy(id, out)).toMatchObject({ ok: false, error: { code: 'balance-empty' } })
    expect(await fx.tables.rebuy(id, 'nobody')).toMatchObject({ ok: false, error: { code: 'not-seated' } })
    expect((await fx.t.store.audit()).problems).toEqual([])

    const second = await untilBusted(id)
    const next = await fx.tables.nextDeal(id)
    expect(next.ok).toBe(true)
    if (next.ok) expect(next.value.tableEvents).toContainEqual({ type: 'left', userId: second, cashedOut: 0, by: null })
    const t = (await fx.tables.get(id))!
    expect(t.seats.find((s) => s.userId === second)).toMatchObject({ status: 'left', position: null })
    expect((await fx.t.store.audit()).problems).toEqual([])
  })

  test('a freeze-out has no rebuy', async () => {
    const id = await badugi(['ann', 'ben'], 20, { format: 'freezeout' })
    await playGame(fx.tables, id, 1)
    expect(await fx.tables.rebuy(id, 'ann')).toMatchObject({ ok: false, error: { code: 'no-rebuy' } })
  })
})
