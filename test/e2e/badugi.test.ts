import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/core/cards.js'
import { cardText } from '../../src/render/format.js'
import { ENGLISH } from '../../src/i18n/index.js'
import { engineFor } from '../../src/games/registry.js'
import {
  buttonLabels,
  eachTestWorld,
  everyChipIn,
  expectNothingHidden,
  openAndStart,
  playChoosing,
  playUntil,
  textOf,
} from './harness.js'

const startWorld = eachTestWorld()

describe('Badugi through Discord', () => {
  it('plays a hand from /badugi start to the showdown; stacks go back to balances at the end', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))

    await openAndStart(w, 'badugi start', { buy_in: 50, small_blind: 1, big_blind: 2 }, ['bob', 'carol'])
    const started = await w.table()
    await expectNothingHidden(w, started.id)

    await playUntil(w, (t) => t.progress !== 'acting')
    const over = await w.table()
    expect(over.progress).toBe('gameOver')
    const stacks = over.seats.map((s) => s.stack)
    expect(stacks.reduce((a, b) => a + b, 0)).toBe(150)
    await expectNothingHidden(w, over.id)
    // Everyone called down to the showdown, so every hand is shown to the table.
    const shown = textOf(w.publicMessage(over))
    const summary = engineFor('badugi')!.summary(over.state) as unknown as { seats: { hand: Card[] }[] }
    for (const seat of summary.seats) for (const c of seat.hand) expect(shown).toContain(cardText(c, ENGLISH))

    await alice!.slash(w.channel, 'table end')
    const ended = await w.tableById(over.id)
    expect(ended.status).toBe('finished')
    const balances = await Promise.all(
      [alice, bob, carol].map(async (m) => (await w.bot.store.wallets.get(w.guild.id, m!.id)).balance),
    )
    expect(balances).toEqual(stacks.map((s) => 950 + s))

    // Net chips per player on the Badugi board match the balances.
    const board = await bob!.slash(w.channel, 'leaderboard', { game: 'badugi' })
    const best = Math.max(...balances) - 1000
    expect(board.embeds[0]!.description).toContain(`**${best.toLocaleString('en-US')}** net chips`)
  })

  it('between hands a newcomer joins, a player deals the next hand; voiding mid-hand returns every chip', async () => {
    const w = await startWorld(['alice', 'bob', 'dave'], { admins: ['alice'] })
    const [alice, bob, dave] = ['alice', 'bob', 'dave'].map((n) => w.member(n))
    await openAndStart(w, 'badugi start', { buy_in: 40 }, ['bob'])
    await playUntil(w, (t) => t.progress !== 'acting')
    const between = await w.table()
    expect(between.progress).toBe('gameOver')
    expect(buttonLabels(w.publicMessage(between))).toEqual(expect.arrayContaining(['Next hand', 'Join']))

    await dave!.click(w.publicMessage(between), 'Join')
    await bob!.click(w.publicMessage(between), 'Next hand')
    const second = await w.table()
    expect(second.progress).toBe('acting')
    expect(second.gamesPlayed).toBe(1)
    expect(
      second.seats
        .filter((s) => s.position !== null)
        .map((s) => w.nameOf(s.userId))
        .sort(),
    ).toEqual(['alice', 'bob', 'dave'])
    await expectNothingHidden(w, second.id)

    await alice!.slash(w.channel, 'table end', { now: true })
    const aborted = await w.tableById(second.id)
    expect(aborted.status).toBe('aborted')
    // The blinds in the pot go back, and the log says so as a refund: nobody won them.
    const closed = textOf(w.publicMessage(aborted))
    expect(closed).toMatch(/<@\d+> gets \d+ chips? back \(refund\)\./)
    expect(closed).not.toMatch(/ wins /)
    const balances = await Promise.all(
      [alice, bob, dave].map(async (m) => (await w.bot.store.wallets.get(w.guild.id, m!.id)).balance),
    )
    expect(balances.reduce((a, b) => a + b, 0)).toBe(3000)
  })

  it('takes one blind and makes the other follow it, as the option help says', async () => {
    const w = await startWorld(['alice'])
    const alice = w.member('alice')
    // The server's stakes (10) would give 5/10: naming the big blind alone sets both.
    expect((await alice.slash(w.channel, 'badugi start', { big_blind: 20 })).ephemeral).toBe(true)
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const label of ['small blind 10', 'big blind 20', 'small bet 20', 'big bet 40'])
      expect(textOf(lobby)).toContain(label)
    expect((await w.table()).options).toMatchObject({ smallBlind: 10, bigBlind: 20, smallBet: 20, bigBet: 40 })

    await alice.slash(w.channel, 'table end')
    const opened = await alice.slash(w.channel, 'badugi start', { small_blind: 3 })
    expect(textOf(opened)).not.toContain('cannot be larger')
    const second = await w.channel.waitFor((m) => m.id !== lobby.id && buttonLabels(m).includes('Join'))
    for (const label of ['small blind 3', 'big blind 6', 'small bet 6', 'big bet 12'])
      expect(textOf(second)).toContain(label)
    expect((await w.table()).options).toMatchObject({ smallBlind: 3, bigBlind: 6, smallBet: 6, bigBet: 12 })
  })

  it('side pots: the result names each pot with its winner and hand; the footer says the stakes in words', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'badugi start', { buy_in: 100, limit: 'no', small_blind: 5, big_blind: 10 }, ['bob', 'carol'])
    let table = await w.table()
    // The footer: the stakes of this no-limit table in words, and nothing of fixed-limit bet sizes.
    const footer = w.publicMessage(table).embeds[0]!.footer!.text
    expect(footer).toMatch(/^no limit · small blind 5 · big blind 10 · cash table · turn time .+ · break .+$/)
    expect(footer).not.toMatch(/bet|[a-z][A-Z]/)

    // Hand 1 makes the stacks unequal: the first to act raises to 20, the blinds fold (115, 95, 90).
    let raised = false
    await playChoosing(w, (legal) => {
      if (raised) return legal.find((a) => a.type === 'fold')!
      raised = true
      return legal.find((a) => a.type === 'raise')!
    })
    table = await w.table()
    expect(table.seats.map((s) => s.stack).sort((a, b) => a - b)).toEqual([90, 95, 115])
    await w.member('alice').click(w.publicMessage(table), 'Next hand')

    // Hand 2: everyone puts every chip in. The main pot holds 90 from each, the side pot the 5
    // more that the two deeper stacks both put in; the rest of the deepest stack goes back.
    await playChoosing(w, everyChipIn)
    const result = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Badugi** — Hand 2: '))
    const headline = result.content.split('\n')[0]!
    // Each pot with its own winner (or winners with their shares), each named with their hand.
    const rank = '(10|[2-9TJQKA])'
    const hand = `with (${rank}(-${rank}){3} badugi|[1-3]-card ${rank}(-${rank})*)`
    const winners = `(→ <@\\d+> ${hand}|split → <@\\d+> \\d+ ${hand}(, <@\\d+> \\d+ ${hand})+)`
    expect(headline).toMatch(
      new RegExp(`^🏁 \\*\\*Badugi\\*\\* — Hand 2: main pot 270 ${winners}; side pot 10 ${winners}\\.$`),
    )
    expect(headline).not.toMatch(/<@\d+> and <@\d+> wins?/)
    await expectNothingHidden(w, table.id)
  })
})
