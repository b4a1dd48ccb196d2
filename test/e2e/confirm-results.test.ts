import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import type { Answer, FakeMember } from '../../src/sandbox/discord/index.js'
import {
  buttonLabels,
  componentsOf,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playUntil,
  textOf,
  untilSomeoneActs,
  type World,
} from './harness.js'

/**
 * What cannot be undone is asked once more (Declare 31, leaving a game in progress),
 * a question that outlived its move is refused, and results stay in the channel.
 */

const startWorld = eachTestWorld()

const QUESTION = 'Are you sure?'
const STALE = /out of date|has ended since/i

function button(answer: Answer, label: string | RegExp): string {
  const c = componentsOf(answer).find(
    (x) => x.type === 2 && (typeof label === 'string' ? x.label === label : label.test(x.label ?? '')),
  )
  if (!c) throw new Error(`no ${String(label)} button: ${textOf(answer).slice(0, 800)}`)
  return c.custom_id as string
}

/** A seated player's Declare 31 question, asked from their private view. */
async function askDeclare(w: World, member: FakeMember): Promise<Answer> {
  const view = await openHand(w, member)
  const question = await member.click(view, button(view, 'Declare 31'))
  expect(question.ephemeral).toBe(true)
  expect(question.embeds[0]?.title).toBe(QUESTION)
  return question
}

function seated(t: TableSnapshot): string[] {
  return t.seats.filter((s) => s.status === 'seated' && s.position !== null).map((s) => s.userId)
}

describe('confirming what cannot be undone', () => {
  it('Bura: Declare 31 asks first, Cancel goes back, and a question the game outlived is refused', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob', 'carol'])
    const t0 = await untilSomeoneActs(w)
    const [first, second] = seated(t0).map((id) => w.member(w.nameOf(id)))

    // The question names the price of a false declaration: as many chips as the pot holds.
    const asked = await askDeclare(w, first!)
    expect(asked.embeds[0]!.description).toMatch(/Declare now\?/)
    expect(asked.embeds[0]!.description).toContain(`you pay ${t0.pot} chips into the pot`)
    expect(buttonLabels(asked)).toEqual(['Declare now', 'Cancel'])
    // Asking changed nothing; Cancel brings the private view back, with its Declare 31.
    expect((await w.table()).version).toBe(t0.version)
    const back = await first!.click(asked, button(asked, 'Cancel'))
    expect(back.embeds[0]?.title).toMatch(/Your hand/)
    expect(buttonLabels(back)).toContain('Declare 31')
    expect((await w.table()).version).toBe(t0.version)

    // Both ask; the second declares; the first one's question now belongs to a finished game.
    const old = await askDeclare(w, first!)
    const mine = await askDeclare(w, second!)
    await second!.click(mine, button(mine, 'Declare now'))
    const over = await w.table()
    expect(over.progress).toBe('gameOver')
    expect(over.version).toBe(t0.version + 1)
    const refused = await first!.click(old, button(old, 'Declare now'))
    expect(refused.ephemeral).toBe(true)
    expect(refused.content).toMatch(STALE)
    expect((await w.table()).version).toBe(over.version)
    await expectNothingHidden(w, over.id)
  })

  it('leaving mid-game asks first; Cancel keeps the seat; a question from an ended game is refused', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob', 'carol'])
    const t0 = await untilSomeoneActs(w)
    const leaver = w.member('carol')

    const asked = await leaver.click(w.publicMessage(t0), 'Leave')
    expect(asked.ephemeral).toBe(true)
    expect(asked.embeds[0]?.title).toBe(QUESTION)
    expect(asked.embeds[0]!.description).toMatch(/Leave now\?.*played automatically.*chips go back/s)
    const kept = await leaver.click(asked, button(asked, 'Cancel'))
    expect(kept.embeds[0]?.title).toMatch(/Your hand/)
    expect((await w.table()).seats.find((s) => s.userId === leaver.id)!.status).toBe('seated')

    // Asked again, then the game ends before the answer: the old question is refused.
    const again = await leaver.click(w.publicMessage(t0), 'Leave')
    const declarer = w.member(w.nameOf(seated(t0).find((id) => id !== leaver.id)!))
    const q = await askDeclare(w, declarer)
    await declarer.click(q, button(q, 'Declare now'))
    const over = await w.table()
    expect(over.progress).toBe('gameOver')
    const refused = await leaver.click(again, button(again, 'Leave the game'))
    expect(refused.content).toMatch(STALE)
    expect((await w.table()).seats.find((s) => s.userId === leaver.id)!.status).toBe('seated')

    // Next game: asked and confirmed, the seat plays on automatically.
    await w.member('alice').click(w.publicMessage(over), 'Next game')
    const t1 = await untilSomeoneActs(w, 'alice')
    const fresh = await leaver.click(w.publicMessage(t1), 'Leave')
    const left = await leaver.click(fresh, button(fresh, 'Leave the game'))
    expect(left.content).toMatch(/automatically/)
    expect((await w.table()).seats.find((s) => s.userId === leaver.id)!.status).toBe('left')
    await expectNothingHidden(w, t1.id)
  })
})

describe('confirming a leave in a Bugami match', () => {
  it('asks first, Cancel keeps the seat, a leave plays it on; a question the match outlived is refused', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    // Target 1: the match is over after a deal or two.
    await openAndStart(w, 'bugami start', { target: 1 }, ['bob', 'carol'])
    const t0 = await w.table()
    expect(t0.progress).toBe('acting')
    const [bob, carol] = [w.member('bob'), w.member('carol')]

    const asked = await carol.click(w.publicMessage(t0), 'Leave')
    expect(asked.ephemeral).toBe(true)
    expect(asked.embeds[0]?.title).toBe(QUESTION)
    const question = asked.embeds[0]!.description ?? ''
    expect(question).toMatch(/Leave now\?.*played automatically until the match ends/s)
    // Bugami plays for points, not chips.
    expect(question).not.toMatch(/chip/i)
    expect(buttonLabels(asked)).toEqual(['Leave the game', 'Cancel'])
    expect((await w.table()).version).toBe(t0.version)
    const kept = await carol.click(asked, button(asked, 'Cancel'))
    expect(kept.embeds[0]?.title).toMatch(/Your hand/)
    expect((await w.table()).seats.find((s) => s.userId === carol.id)!.status).toBe('seated')

    // Carol asks again and waits; meanwhile Bob asks and confirms: his seat plays on automatically.
    const old = await carol.click(w.publicMessage(t0), 'Leave')
    const bobAsked = await bob.click(w.publicMessage(t0), 'Leave')
    const left = await bob.click(bobAsked, button(bobAsked, 'Leave the game'))
    expect(left.content).toMatch(/automatically/)
    const t1 = await w.table()
    expect(t1.status).toBe('playing')
    expect(t1.seats.find((s) => s.userId === bob.id)!.status).toBe('left')

    // The match ends before Carol answers: her old question is refused and she stays.
    await playUntil(w, (t) => t.status !== 'playing')
    const over = await w.tableById(t0.id)
    expect(over.status).toBe('finished')
    const refused = await carol.click(old, button(old, 'Leave the game'))
    expect(refused.ephemeral).toBe(true)
    expect(refused.content).toMatch(STALE)
    const after = await w.tableById(t0.id)
    expect(after.version).toBe(over.version)
    expect(after.seats.find((s) => s.userId === carol.id)!.status).toBe('seated')
    await expectNothingHidden(w, t0.id)
  }, 120_000)
})

describe('results stay in the channel', () => {
  it('Bura: the game result is posted, stays after the next game starts; the table message repeats it', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const t0 = await untilSomeoneActs(w)
    const q = await askDeclare(w, w.member(w.nameOf(t0.waitingFor[0]!)))
    await w.member(w.nameOf(t0.waitingFor[0]!)).click(q, button(q, 'Declare now'))
    const over = await w.table()
    const result = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Bura** — Game'))
    expect(result.content).toMatch(/declared/)
    expect(result.id).not.toBe(over.messageId)
    // Over: no turn marker, no move buttons for anyone.
    expect(textOf(w.publicMessage(over))).not.toContain('▶')

    await w.member('alice').click(w.publicMessage(over), 'Next game')
    const next = await untilSomeoneActs(w, 'alice')
    await w.bot.idle()
    // The table message repeats the game before: the first, unless the next game ended as it was
    // dealt (untilSomeoneActs then dealt another), which posted a result of its own.
    const previous = w.channel
      .publicMessages()
      .filter((m) => m.content.startsWith('🏁 **Bura** — Game'))
      .at(-1)!
    const headline = previous.content.split('\n')[0]!.replace('🏁 **Bura** — ', '')
    expect(w.publicMessage(next).embeds[0]!.description).toContain(`⏮ ${headline}`)
    expect(w.channel.publicMessages().some((m) => m.id === result.id && m.content === result.content)).toBe(true)
    await expectNothingHidden(w, next.id)
  })

  it('Bugami: each deal posts tricks, bugs and points per player with the last trick; it stays', async () => {
    const names = ['alice', 'bob', 'carol']
    const w = await startWorld(names)
    await openAndStart(w, 'bugami start', { target: 500 }, names.slice(1))
    const bugami = engineFor('bugami')!
    const deal = (t: TableSnapshot) => (bugami.view(t.state, null) as { deal: number }).deal
    await playUntil(w, (t) => t.status !== 'playing' || deal(t) >= 2)
    const t = await w.table()
    expect(deal(t)).toBe(2)
    const result = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Bugami** — Deal 1:'))
    for (const n of names) expect(result.content).toContain(`<@${w.member(n).id}> — bid`)
    expect(result.content).toMatch(/trick/)
    expect(result.content).toMatch(/Last trick: .* — taken by <@\d+>/)
    expect(result.content).not.toMatch(/chip/i)
    // The second deal is under way and the table message sums the first up in one line.
    expect(w.publicMessage(t).embeds[0]!.description).toMatch(/⏮ Deal 1: /)
    expect(w.channel.publicMessages().some((m) => m.id === result.id)).toBe(true)
    await expectNothingHidden(w, t.id)
  })

  it('Badugi: the hand result names each pot with its winner and stays after the next hand starts', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob'])
    await playUntil(w, (t) => t.progress !== 'acting')
    const over = await w.table()
    const result = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Badugi** — Hand 1: pot '))
    // Nobody folds (the test players call): the winner is named with the hand that won.
    const rank = '(10|[2-9TJQKA])'
    const hand = `(${rank}(-${rank}){3} badugi|[1-3]-card ${rank}(-${rank})*)`
    expect(result.content.split('\n')[0]).toMatch(
      new RegExp(`^🏁 \\*\\*Badugi\\*\\* — Hand 1: pot \\d+ (→ <@\\d+>|split → <@\\d+> \\d+) with ${hand}[,.]`),
    )
    expect(result.content).not.toMatch(/ and <@\d+> wins?/)
    expect(textOf(w.publicMessage(over))).not.toContain('▶')

    // The button's word may be "Next hand" at a cash table; either starts the next hand.
    const deal = buttonLabels(w.publicMessage(over)).find((l) => /^Next (game|hand)$/.test(l))!
    await w.member('bob').click(w.publicMessage(over), deal)
    const next = await w.table()
    expect(next.progress).toBe('acting')
    const headline = result.content.split('\n')[0]!.replace('🏁 **Badugi** — ', '')
    expect(w.publicMessage(next).embeds[0]!.description).toContain(`⏮ ${headline}`)
    expect(w.channel.publicMessages().some((m) => m.id === result.id)).toBe(true)
    await expectNothingHidden(w, next.id)
  })
})
