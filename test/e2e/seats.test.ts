import { describe, expect, it } from 'vitest'
import { GAMES } from '../../src/games/registry.js'
import type { Answer } from '../../src/sandbox/discord/index.js'
import {
  componentsOf,
  confirm,
  leaveTable,
  advance,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playTurn,
  playUntil,
  textOf,
  untilSomeoneActs,
} from './harness.js'

const startWorld = eachTestWorld()

describe('seats that stop playing', () => {
  it('marks a player away after three missed turns, auto-plays them at once, and welcomes them back', async () => {
    const w = await startWorld(['alice', 'bob'])
    const alice = w.member('alice')
    await openAndStart(w, 'bura start', { buy_in: 100, deadline: '30s' }, ['bob'])
    await untilSomeoneActs(w)

    // Bob plays in time; alice lets every deadline pass.
    for (let t = await w.table(); !t.seats.find((s) => s.userId === alice.id)!.away; t = await w.table()) {
      // Bob may win a game by declaring 31 before alice is away: then the next game is dealt.
      if (t.progress !== 'acting') await untilSomeoneActs(w, 'bob')
      else if (t.waitingFor[0] === alice.id) {
        await advance(w, 30_000)
        expect((await w.table()).version).toBeGreaterThan(t.version)
      } else await playTurn(w, t.waitingFor[0]!)
      await expectNothingHidden(w, t.id)
    }
    let t = await w.table()
    expect(t.seats.find((s) => s.userId === alice.id)!.missedTurns).toBe(3)
    expect(t.waitingFor).not.toContain(alice.id)
    expect(textOf(w.publicMessage(t))).toContain('Away')
    // The table's log says it as it happened.
    expect(textOf(w.publicMessage(t))).toContain(
      `💤 <@${alice.id}> missed three turns: away, auto-played until they act.`,
    )
    await expectNothingHidden(w, t.id)

    // While away she never holds up the game: it only ever waits for bob (in the next game too,
    // if her automatic moves ended this one).
    const before = t.version
    t = await untilSomeoneActs(w, 'bob')
    expect(t.waitingFor).toEqual([w.member('bob').id])
    await playTurn(w, t.waitingFor[0]!)
    await expectNothingHidden(w, t.id)
    t = await w.table()
    expect(t.waitingFor).not.toContain(alice.id)
    expect(t.version).toBeGreaterThan(before)

    // Acting again brings her back: declaring 31 is hers to do at any moment of a game in play
    // (at a final call only in her turn: bob plays on until she may).
    const declareButton = (view: Answer) => componentsOf(view).find((c) => c.type === 2 && /31/.test(c.label ?? ''))
    let view = await openHand(w, alice)
    for (let moves = 0; !declareButton(view) && moves < 50; moves++) {
      t = await untilSomeoneActs(w, 'bob')
      view = await openHand(w, alice)
      if (!declareButton(view)) await playTurn(w, t.waitingFor[0]!)
    }
    await confirm(alice, await alice.click(view, declareButton(view)!.custom_id as string))
    t = await w.table()
    expect(t.seats.find((s) => s.userId === alice.id)!.away).toBe(false)
    expect(textOf(w.publicMessage(t))).toContain(`👋 <@${alice.id}> is back.`)
    await expectNothingHidden(w, t.id)
  })

  it('a Bura player who leaves mid-game is auto-played to the end; the others are never held up', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const bob = w.member('bob')
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob', 'carol'])
    await untilSomeoneActs(w)
    const left = await confirm(bob, await bob.slash(w.channel, 'table leave'))
    expect(left.ephemeral).toBe(true)
    expect(left.content).toMatch(/automatically/)
    await playUntil(w, (t) => {
      expect(t.waitingFor).not.toContain(bob.id)
      return t.progress !== 'acting'
    })
    const over = await w.table()
    expect(over.seats.find((s) => s.userId === bob.id)!.status).toBe('left')
    // Once the game is over, his stack is back in his balance.
    const bobSeat = over.seats.find((s) => s.userId === bob.id)!
    expect(bobSeat.stack).toBe(0)
    expect((await w.bot.store.wallets.get(w.guild.id, bob.id)).balance).toBeGreaterThanOrEqual(900)
  })

  it('a Badugi player who leaves mid-hand folds and gets their stack back at once', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const carol = w.member('carol')
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob', 'carol'])
    const t0 = await w.table()
    const stack = t0.seats.find((s) => s.userId === carol.id)!.stack
    await leaveTable(w, carol)
    const t1 = await w.table()
    expect(t1.seats.find((s) => s.userId === carol.id)!.status).toBe('left')
    expect(t1.waitingFor).not.toContain(carol.id)
    expect((await w.bot.store.wallets.get(w.guild.id, carol.id)).balance).toBe(950 + stack)
    await expectNothingHidden(w, t1.id)
    await playUntil(w, (t) => t.progress !== 'acting')
  })
})

describe('the other commands', () => {
  it('/hand, /table status, /rules, /help and /chips answer privately', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    const none = await alice.slash(w.channel, 'hand')
    expect(none.ephemeral).toBe(true)
    expect(none.content).toMatch(/no table/i)

    await openAndStart(w, 'bugami start', { target: 20 }, ['bob'])
    const t = await w.table()
    expect(t.status).toBe('lobby') // two players: Bugami needs three

    const status = await bob.slash(w.channel, 'table status')
    expect(status.ephemeral).toBe(true)
    expect(status.components).toEqual([])
    expect(textOf(status)).toContain(`<@${bob.id}>`)

    for (const game of Object.keys(GAMES)) {
      const rules = await bob.slash(w.channel, 'rules', { game })
      expect(rules.ephemeral).toBe(true)
      expect(rules.embeds[0]!.title).toMatch(/rules/i)
    }
    const fromButton = await bob.click(w.publicMessage(t), 'Rules')
    expect(fromButton.ephemeral).toBe(true)
    expect(fromButton.embeds[0]!.title).toMatch(/^Bugami/)

    const help = await bob.slash(w.channel, 'help')
    expect(help.ephemeral).toBe(true)
    expect(textOf(help)).toContain('/bura start')

    const daily = await bob.slash(w.channel, 'chips daily')
    expect(daily.ephemeral).toBe(true)
    expect(textOf(daily)).toContain('**1,100** chips')
    const again = await bob.slash(w.channel, 'chips daily')
    expect(again.content).toMatch(/already claimed/i)
    expect((await w.bot.store.wallets.get(w.guild.id, bob.id)).balance).toBe(1100)
    const balance = await alice.slash(w.channel, 'chips balance', { member: bob.id })
    expect(balance.ephemeral).toBe(true)
    expect(textOf(balance)).toContain('**1,100** chips')
  })
})
