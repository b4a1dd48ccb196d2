import { describe, expect, it } from 'vitest'
import {
  buttonLabels,
  eachTestWorld,
  everyChipIn,
  expectNothingHidden,
  openAndStart,
  openHand,
  privateAnswer,
  playChoosing,
  playUntil,
  textOf,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/**
 * Plays hands with every chip in (pressing Next hand between them) until a seated player has no
 * chips left; returns them.
 */
async function playUntilBusted(w: World, hands = 10): Promise<string> {
  for (let hand = 1; hand <= hands; hand++) {
    await playChoosing(w, everyChipIn)
    const table = await w.table()
    const busted = table.seats.find((s) => s.status === 'seated' && s.stack === 0)?.userId
    if (busted) return busted
    await w
      .member(w.nameOf(table.seats.find((s) => s.status === 'seated')!.userId))
      .click(w.publicMessage(table), 'Next hand')
  }
  throw new Error(`nobody ran out of chips in ${hands} hands`)
}

describe('a Badugi cash table over a session', () => {
  it('seats a newcomer mid-hand for the next, counts hands on, offers a rebuy at 0, pays a leaver', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = [w.member('alice'), w.member('bob'), w.member('carol')]
    await openAndStart(w, 'badugi start', { buy_in: 4, small_blind: 1, big_blind: 2 }, ['bob'])
    let table = await w.table()
    expect(textOf(w.publicMessage(table))).toContain('Hand 1 ·')

    // Mid-hand: carol sits down at once and is told when she plays.
    expect(buttonLabels(w.publicMessage(table))).toContain('Join')
    const joined = await privateAnswer(w, await carol.click(w.publicMessage(table), 'Join'))
    expect(joined.content).toBe('You sit down with 4 chips: you are dealt in when this hand ends, at hand 2.')
    table = await w.table()
    expect(textOf(w.publicMessage(table))).toContain(`🪑 Dealt in at the next hand: <@${carol.id}>`)
    expect((await openHand(w, carol)).content).toBe('You are dealt in at the next hand.')

    // Hands until someone has no chips left; each new hand counts on from the last.
    let busted: string | undefined
    for (let hand = 1; hand <= 40 && !busted; hand++) {
      await playUntil(w, (t) => t.progress !== 'acting')
      table = await w.table()
      busted = table.seats.find((s) => s.status === 'seated' && s.stack === 0)?.userId
      if (busted) break
      expect(buttonLabels(w.publicMessage(table))).toContain('Next hand')
      await alice.click(w.publicMessage(table), 'Next hand')
      table = await w.table()
      expect(textOf(w.publicMessage(table))).toContain(`Hand ${hand + 1} ·`)
      if (hand === 1) expect(table.seats.find((s) => s.userId === carol.id)!.position).not.toBeNull()
    }
    expect(busted).toBeDefined()
    const out = w.member(w.nameOf(busted!))
    const message = w.publicMessage(table)
    expect(textOf(message)).toContain(`💸 Out of chips: <@${out.id}>`)
    expect(buttonLabels(message)).toContain('Rebuy')
    const view = await openHand(w, out)
    expect(buttonLabels(view)).toEqual(expect.arrayContaining(['Rebuy', 'Stand up']))

    const wallet = (await w.bot.store.wallets.get(w.guild.id, out.id)).balance
    const rebought = await out.click(view, 'Rebuy')
    expect(rebought.content).toBe('Rebought: you have 4 chips at the table, taken from your balance.')
    expect((await w.bot.store.wallets.get(w.guild.id, out.id)).balance).toBe(wallet - 4)
    const ledger = await w.bot.store.prisma.ledgerEntry.findMany({ where: { reason: 'rebuy' } })
    expect(ledger.map((e) => [e.fromKind, e.fromUserId, e.toKind, Number(e.amount)])).toEqual([
      ['wallet', out.id, 'stack', 4],
    ])
    // A second click has nothing left to top up and changes nothing.
    expect((await out.click(view, 'Rebuy')).content).toMatch(/nothing to top up/)
    expect((await w.bot.store.wallets.get(w.guild.id, out.id)).balance).toBe(wallet - 4)
    table = await w.table()
    expect(textOf(w.publicMessage(table))).not.toContain('Out of chips')
    expect(textOf(w.publicMessage(table))).toContain(`🪑 <@${out.id}> rebought for 4 chips from their balance.`)

    // Standing up between hands pays out at once, and the table message says so.
    const leaver = [alice, bob, carol].find(
      (m) => m.id !== out.id && table.seats.find((s) => s.userId === m.id)!.stack > 0,
    )!
    const stack = table.seats.find((s) => s.userId === leaver.id)!.stack
    const before = (await w.bot.store.wallets.get(w.guild.id, leaver.id)).balance
    // Leave updates the table message in its own callback; the private answer follows it.
    const left = await privateAnswer(w, await leaver.click(w.publicMessage(table), 'Leave'))
    expect(left.content).toBe(`You left the table: ${stack} chip${stack === 1 ? '' : 's'} went back to your balance.`)
    expect((await w.bot.store.wallets.get(w.guild.id, leaver.id)).balance).toBe(before + stack)
    table = await w.table()
    expect(textOf(w.publicMessage(table))).toContain(`🚪 <@${leaver.id}> stood up: ${stack} chips paid out`)
  })
  it('a rebuy takes what the balance holds when less than the buy-in; a player at 0 may stand up instead', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    // New wallets start with 6 chips: after a buy-in of 4, 2 are left for a rebuy.
    await w.member('carol').slash(w.channel, 'settings set', { starting_chips: 6 })
    await openAndStart(w, 'badugi start', { buy_in: 4, small_blind: 1, big_blind: 2 }, ['bob'])
    const balance = async (id: string) => (await w.bot.store.wallets.get(w.guild.id, id)).balance

    const rebought = await playUntilBusted(w)
    const first = w.member(w.nameOf(rebought))
    expect(await balance(first.id)).toBe(2)
    const view = await openHand(w, first)
    expect((await first.click(view, 'Rebuy')).content).toBe(
      'Rebought: you have 2 chips at the table, taken from your balance.',
    )
    expect(await balance(first.id)).toBe(0)
    let table = await w.table()
    expect(table.seats.find((s) => s.userId === first.id)!.stack).toBe(2)
    expect(textOf(w.publicMessage(table))).toContain(`🪑 <@${first.id}> rebought for 2 chips from their balance.`)

    // Someone is at 0 again: with an empty balance there is nothing to rebuy; Stand up leaves the
    // table, paying out what the seat holds (nothing), and the table's log says so.
    await w.member('alice').click(w.publicMessage(table), 'Next hand')
    const out = w.member(w.nameOf(await playUntilBusted(w)))
    const before = await balance(out.id)
    const outView = await openHand(w, out)
    if (before === 0) expect((await out.click(outView, 'Rebuy')).content).toMatch(/Your balance is empty/)
    const stood = await out.click(outView, 'Stand up')
    expect(stood.ephemeral).toBe(true)
    expect(stood.content).toBe('You left the table.')
    expect(await balance(out.id)).toBe(before)
    table = await w.table()
    expect(table.seats.find((s) => s.userId === out.id)!.status).toBe('left')
    const text = textOf(w.publicMessage(table))
    expect(text).toContain(`🚪 <@${out.id}> stood up.`)
    expect(text).not.toContain('Out of chips')
    await expectNothingHidden(w, table.id)
  })
})
