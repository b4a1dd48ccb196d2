import { TextChannel } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { rankOf, type Card } from '../../src/core/cards.js'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { cardText } from '../../src/render/format.js'
import { engineFor } from '../../src/games/registry.js'
import { cardPattern, eachTestWorld, expectNothingHidden, openAndStart, type World } from './harness.js'
import type { TableSnapshot } from '../../src/tables/index.js'

const startWorld = eachTestWorld()

/** A card hidden from the next seat but not from alice: one of alice's own. */
function cardOfAlice(w: World, table: TableSnapshot): Card {
  const aliceSeat = table.seats.find((s) => s.userId === w.member('alice').id)!.position!
  const engine = engineFor('bugami')!
  const fromAlice = new Set(engine.hiddenFrom(table.state, aliceSeat))
  return engine.hiddenFrom(table.state, (aliceSeat + 1) % 3).find((c) => !fromAlice.has(c))!
}

describe('the privacy oracle the game tests rely on', () => {
  it('catches a hidden card posted in the channel', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const table = await w.table()
    await expectNothingHidden(w, table.id)

    const aliceCard = cardOfAlice(w, table)
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send(`psst: alice holds ${cardText(aliceCard, ENGLISH)}`)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(/can see .*hidden from them/)
  })

  it('catches a hidden card written in German letters (D for the queen, B for the jack)', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const table = await w.table()
    await expectNothingHidden(w, table.id)
    // A queen or jack someone cannot see: with 17 cards a seat, the other 35 hold some.
    const bobSeat = table.seats.find((s) => s.userId === w.member('bob').id)!.position!
    const face = engineFor('bugami')!
      .hiddenFrom(table.state, bobSeat)
      .find((c) => rankOf(c) === 'Q' || rankOf(c) === 'J')!
    const german = cardText(face, langOf('de'))
    expect(german).not.toBe(cardText(face, ENGLISH))
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send(`psst: jemand hat ${german}`)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(new RegExp(`can see ${face}, hidden from them`))
  })

  it('catches a hidden card written only as its emoji', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await w.bot.emojisSettled
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const table = await w.table()
    await expectNothingHidden(w, table.id)
    const aliceCard = cardOfAlice(w, table)
    const emoji = w.discord.applicationEmojis.emojis.find((e) => e.name === `card_${aliceCard}`)!
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send(`psst: alice holds <:${emoji.name}:${emoji.id}>`)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(new RegExp(`can see ${aliceCard}, hidden from them`))
  })
})

describe('the privacy oracle on scenario files', () => {
  /** A Bugami table of three just dealt, and a scenario file of its deal as it really lies (no seed). */
  async function dealtTable(w: World) {
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const table = await w.table()
    await expectNothingHidden(w, table.id)
    const [setup] = await w.bot.store.actions.list(table.id)
    const params = setup!.payload as { seed: number } & Record<string, unknown>
    const dealt = engineFor('bugami')!.setup({ ...params, record: true } as never)
    if (!dealt.ok) throw new Error('the setup does not deal again')
    const deck = (dealt.value.state as { supply: { record: { cards: Card[] }[] } }).supply.record[0]!.cards
    const { seed, ...rest } = params
    return { table, seed, truth: { game: 'bugami', ...rest, decks: [deck], actions: [] as unknown[] } }
  }

  async function post(w: World, file: object): Promise<void> {
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send({ files: [{ attachment: Buffer.from(JSON.stringify(file)), name: 'bugami-log.json' }] })
  }

  it('catches a file with the cards a member never saw where they really lie', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const { table, truth } = await dealtTable(w)
    await post(w, truth)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(
      /has all \d+ cards alice never saw where they really lay/,
    )
  })

  it('catches a file that names the table’s seed', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const { table, seed, truth } = await dealtTable(w)
    const { decks: _decks, ...seeded } = truth
    await post(w, { ...seeded, seed })
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(/names a seed of the table/)
  })

  it('catches a file that does not show a member what they saw', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const { table, truth } = await dealtTable(w)
    const aliceCard = cardOfAlice(w, table)
    const deck = truth.decks[0]!.slice()
    // Alice's card swapped with one of the leftovers (the last card dealt is nobody's).
    const at = deck.indexOf(aliceCard)
    ;[deck[at], deck[deck.length - 1]] = [deck[deck.length - 1]!, deck[at]!]
    await post(w, { ...truth, decks: [deck] })
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(/shows alice a game the table did not show them/)
  })

  it('lets the file /table log gives pass', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const { table } = await dealtTable(w)
    const answer = await w.member('alice').slash(w.channel, 'table log')
    expect(answer.attachments).toHaveLength(1)
    await expectNothingHidden(w, table.id)
  })
})

describe('the oracle reads a card', () => {
  it('as its code, its label or its emoji (by name, or by the id of the emoji that draws it)', () => {
    const kd = cardPattern('KD', ['777'])
    for (const text of ['KD', 'a K♦ b', '<:card_KD:123>', '<a:card_KD:123>', '<:anything:777>', '"name":"card_KD"'])
      expect(kd.test(text), text).toBe(true)
    expect(kd.test('"name":"card_KD_de"')).toBe(true)
    // Not inside an id (table ids are base64url: letters, digits, - and _).
    for (const text of [
      'KDX',
      'AK♦',
      '<:card_KC:123>',
      '<:card_QD:7777>',
      '<:anything:7771>',
      '4PJ8F_KD_jJT',
      'x-KD-y',
    ])
      expect(kd.test(text), text).toBe(false)
    // Every language's letters: the queen of spades is Q♠ and, in German, D♠.
    for (const text of ['QS', 'a Q♠ b', 'a D♠ b']) expect(cardPattern('QS').test(text), text).toBe(true)
    for (const text of ['D♦', 'B♠', 'AD♠']) expect(cardPattern('QS').test(text), text).toBe(false)
  })
})
