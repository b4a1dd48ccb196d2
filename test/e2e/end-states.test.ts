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

describe('a table ended with /table end mid-game', () => {
  it('Bugami: answer and table message show no chips, no turn and no controls; an older view is refused', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
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

    const answer = await w.member('alice').slash(w.channel, 'table end')
    expect(answer.ephemeral).toBe(true)
    expect(answer.content).toBe('The table is closed.')
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
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const playing = await untilSomeoneActs(w)
    expect(playing.pot).toBeGreaterThan(0)
    // The player on turn opened their view before the end.
    const mover = w.member(w.nameOf(playing.waitingFor[0]!))
    const before = await openHand(w, mover)
    const answer = await w.member('alice').slash(w.channel, 'table end')
    expect(answer.content).toBe('The table is closed; every chip on it went back to its players.')
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
