import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import {
  advance,
  buttonLabels,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playTurn,
  textOf,
  untilSomeoneActs,
  useControl,
  World,
} from './harness.js'

const startWorld = eachTestWorld()

async function openBura(w: World, options: Record<string, string | number | boolean>) {
  await openAndStart(w, 'bura start', { buy_in: 100, ...options }, ['bob'])
  return untilSomeoneActs(w)
}

describe('asynchronous play on the injected clock', () => {
  it('reminds before the deadline, plays the automatic move at it, and pings the next player', async () => {
    const w = await startWorld(['alice', 'bob'])
    let t0 = await openBura(w, { deadline: '2m' })
    // The automatic move is to lead a trick: an answer could take the trick and leave the same
    // player on turn. A deal that led a combination is answered first.
    if ((engineFor('bura')!.view(t0.state, null) as { trick: { plays: unknown[] } | null }).trick?.plays.length) {
      await playTurn(w, t0.waitingFor[0]!)
      t0 = await w.table()
    }
    const first = t0.waitingFor[0]!
    expect(t0.deadlineAt).toBe(w.discord.clock.now() + 120_000)
    const firstPing = await w.channel.waitFor(
      (m) => m.content.includes(`<@${first}>`) && m.content.includes('your turn'),
    )

    // A quarter of the turn before the deadline: one reminder for the player on turn.
    await advance(w, 91_000)
    await w.channel.waitFor((m) => /reminder/i.test(m.content) && m.content.includes(`<@${first}>`))

    // The deadline: the engine's automatic move is played for them and the next player is pinged.
    // Exactly to it: the clock must not move on while the move is written (a slower database
    // would otherwise start the next turn later than the deadline).
    await advance(w, 29_000)
    const t1 = await w.table()
    expect(t1.version).toBeGreaterThan(t0.version)
    expect(t1.seats.find((s) => s.userId === first)!.missedTurns).toBe(1)
    const next = t1.waitingFor[0]!
    expect(next).not.toBe(first)
    await w.channel.waitFor(
      (m) => m.content.includes(`<@${next}>`) && m.content.includes('your turn') && m.createdAt >= t0.deadlineAt!,
    )
    expect(t1.deadlineAt).toBe(t0.deadlineAt! + 120_000)
    // The table message shows the new deadline as a Discord relative timestamp.
    expect(textOf(w.publicMessage(t1))).toContain(`<t:${Math.floor(t1.deadlineAt! / 1000)}:R>`)
    const turnPings = w.channel
      .publicMessages()
      .filter((m) => m.content.includes('your turn') && !/reminder/i.test(m.content))
    // The new turn ping replaced the first one: one turn ping in the channel, for the player on turn.
    expect(turnPings.map((m) => m.content.includes(`<@${next}>`))).toEqual([true])
    expect(w.discord.message(firstPing.id)).toBeUndefined()
    await expectNothingHidden(w, t1.id)
  })

  it('re-arms deadlines after a restart and plays the move when it passed while the bot was down', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await openBura(w, { deadline: '10m' })
    await w.bot.stop()
    await w.discord.clock.advance(11 * 60_000)
    await w.boot()
    await w.bot.idle()
    const t1 = await w.table()
    expect(t1.version).toBeGreaterThan(t0.version)
    expect(t1.seats.find((s) => s.userId === t0.waitingFor[0])!.missedTurns).toBe(1)
    await w.channel.waitFor((m) => m.content.includes(`<@${t1.waitingFor[0]}>`) && m.createdAt > t0.deadlineAt!)
  })

  it('posts a reminder that fell due while the bot was down once it is back, and only once', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await openBura(w, { deadline: '10m' })
    const first = t0.waitingFor[0]!
    const isReminder = (m: { content: string }) => /reminder/i.test(m.content) && m.content.includes(`<@${first}>`)
    // Down from before the reminder (at 7.5 minutes) until after it, back before the deadline.
    await w.bot.stop()
    await w.discord.clock.advance(8 * 60_000)
    await w.boot()
    await w.channel.waitFor(isReminder)
    await w.bot.idle()
    expect((await w.table()).remindedFor).toBe(t0.deadlineAt)
    // Another restart before the deadline does not post it again; the turn is still waiting.
    await w.restart()
    await w.bot.idle()
    expect(w.channel.publicMessages().filter(isReminder)).toHaveLength(1)
    expect((await w.table()).version).toBe(t0.version)
  })

  it('posts a fresh table message once the old one is over an hour old; old buttons keep working', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await openBura(w, { deadline: '2h' })
    const oldMessage = w.publicMessage(t0)
    await advance(w, 61 * 60_000)
    await playTurn(w, t0.waitingFor[0]!)
    const t1 = await w.table()
    expect(t1.messageId).not.toBe(t0.messageId)
    const fresh = w.publicMessage(t1)
    expect(buttonLabels(fresh)).toContain('Your hand')
    expect(
      w.channel
        .publicMessages()
        .filter((m) => buttonLabels(m).includes('Your hand'))
        .at(-1)!.id,
    ).toBe(fresh.id)
    // Discord refused to edit the hour-old message (30046): it stays, and its buttons still route.
    const stillThere = w.discord.message(oldMessage.id)!
    const view = await w.member(w.nameOf(t1.waitingFor[0]!)).click(stillThere, 'Your hand')
    expect(view.ephemeral).toBe(true)
    expect(view.components.length).toBeGreaterThan(0)
    await playTurn(w, t1.waitingFor[0]!)
    expect((await w.table()).version).toBeGreaterThan(t1.version)
    expect(textOf(w.publicMessage(await w.table()))).toContain('Bura')
  })

  it('a private view older than 15 minutes (token expired) still plays: every click is a new interaction', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await openBura(w, { deadline: '2h' })
    const player = w.member(w.nameOf(t0.waitingFor[0]!))
    const view = await openHand(w, player)
    await advance(w, 20 * 60_000)
    const seat = t0.seats.find((s) => s.userId === player.id)!.position!
    const answer = await useControl(player, view, 'bura', engineFor('bura')!.autoAction(t0.state, seat))
    expect(answer.ephemeral).toBe(true)
    expect((await w.table()).version).toBe(t0.version + 1)
  })
})
