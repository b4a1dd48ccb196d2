import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  chooseMove,
  componentsOf,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playUntil,
  textOf,
  untilSomeoneActs,
  useControl,
} from './harness.js'

/** A table ended mid-game looks ended everywhere, and says nothing it is not. */

const startWorld = eachTestWorld()

describe('a table closed with /table end now:true mid-game (Manage Server)', () => {
  it('Bugami: answer and table message show no chips, no turn and no controls; an older view is refused', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['alice'] })
    await openAndStart(w, 'bugami start', { target: 500 }, ['bob', 'carol'])
    // Mid-deal: the bids are in and a card is on the table.
    const bugami = engineFor('bugami')!
    const trick = (t: TableSnapshot) => bugami.view(t.state, null) as { phase: string; trick: unknown[] }
    await playUntil(w, (t) => trick(t).phase === 'playing' && trick(t).trick.length > 0)
    const playing = await w.table()
    expect(textOf(w.publicMessage(playing))).toContain('▶')
    const mover = w.member(w.nameOf(playing.waitingFor[0]!))
    const seat = playing.seats.find((s) => s.userId === mover.id)!.position!
    const before = await openHand(w, mover)

    const answer = await w.member('alice').slash(w.channel, 'table end', { now: true })
    expect(answer.ephemeral).toBe(true)
    expect(answer.content).toBe('The table is closed and the game in progress is void.')
    const ended = await w.tableById(playing.id)
    expect(ended.status).toBe('aborted')
    await w.bot.idle()
    const message = w.publicMessage(ended)
    const text = textOf(message)
    expect(text).toContain('The table was closed.')
    expect(text).not.toMatch(/chip|▶|Your turn|to play/i)
    expect(message.components).toEqual([])
    // Nothing left in the channel to press: the turn ping went with the game.
    for (const m of w.channel.publicMessages()) expect(componentsOf(m), m.content).toEqual([])
    // A move from a view opened before the end is refused, and changes nothing.
    const late = await useControl(mover, before, 'bugami', chooseMove(playing, seat))
    expect(late.content).toMatch(/^🙅 That table is closed\./)
    expect((await w.tableById(playing.id)).version).toBe(ended.version)
    await expectNothingHidden(w, ended.id)
  })

  it('Bura: the pot goes back and the log calls it a refund, not a win; an older view is refused', async () => {
    const w = await startWorld(['alice', 'bob'], { admins: ['alice'] })
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const playing = await untilSomeoneActs(w)
    expect(playing.pot).toBeGreaterThan(0)
    // The player on turn opened their view before the end.
    const mover = w.member(w.nameOf(playing.waitingFor[0]!))
    const before = await openHand(w, mover)
    const answer = await w.member('alice').slash(w.channel, 'table end', { now: true })
    expect(answer.content).toBe(
      'The table is closed and the game in progress is void; every chip on it went back to its players (the table message lists them).',
    )
    const ended = await w.tableById(playing.id)
    await w.bot.idle()
    const text = textOf(w.publicMessage(ended))
    for (const s of playing.seats)
      expect(text).toMatch(new RegExp(`<@${s.userId}> gets \\d+ chips back from the pot \\(refund\\)\\.`))
    expect(text).not.toMatch(/ wins |won the pot|▶/)
    expect(w.publicMessage(ended).components).toEqual([])
    // A move from the view opened before the end is refused, and changes nothing.
    const seat = playing.seats.find((s) => s.userId === mover.id)!.position!
    const late = await useControl(mover, before, 'bura', chooseMove(playing, seat))
    expect(late.content).toMatch(/^🙅 That table is closed\./)
    expect((await w.tableById(playing.id)).version).toBe(ended.version)
    for (const n of ['alice', 'bob'])
      expect((await w.bot.store.wallets.get(w.guild.id, w.member(n).id)).balance).toBe(1000)
    await expectNothingHidden(w, ended.id)
  })
})

describe("the host's /table end during a game", () => {
  it('waits for the game to be over, says so on the table, and only Manage Server closes it at once', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const playing = await untilSomeoneActs(w)
    const wallets = async () =>
      Promise.all([alice, bob].map(async (m) => (await w.bot.store.wallets.get(w.guild.id, m.id)).balance))
    const before = await wallets()

    const answer = await alice.slash(w.channel, 'table end')
    expect(answer.content).toBe('The table closes when the game in progress is over; the table message says so.')
    let table = await w.table()
    expect(table).toMatchObject({ id: playing.id, status: 'playing', endAfterGame: true })
    const text = textOf(w.publicMessage(table))
    expect(text).toContain('🏁 This table was ended; it closes when this game is over.')
    expect(text).toContain(`🏁 <@${alice.id}> ended the table; it closes when this game is over.`)
    // Nothing came back: the host cannot take their stake out of the game in play.
    expect(await wallets()).toEqual(before)
    // Closing at once is for Manage Server only; a player who is not the host may not end it at all.
    expect((await alice.slash(w.channel, 'table end', { now: true })).content).toMatch(
      /Only a member with Manage Server/,
    )
    expect((await bob.slash(w.channel, 'table end')).content).toMatch(/creator|Manage Server/i)
    expect((await alice.slash(w.channel, 'table end')).content).toMatch(
      /already closes when the game in progress is over/,
    )

    await playUntil(w, (t) => t.status !== 'playing')
    table = await w.tableById(playing.id)
    expect(table.status).toBe('finished')
    expect(table.gamesPlayed).toBe(1)
    await w.bot.idle()
    expect(textOf(w.publicMessage(table))).toContain('The table has finished.')
    expect((await wallets()).reduce((a, b) => a + b, 0)).toBe(2000)
    // The game counted for both players.
    for (const m of [alice, bob])
      expect(await w.bot.store.stats.get(w.guild.id, m.id)).toEqual([expect.objectContaining({ played: 1 })])
  })
})
