import { describe, expect, it } from 'vitest'
import { HttpError } from '../../src/sandbox/discord/errors.js'
import type { Card } from '../../src/core/cards.js'
import { engineFor } from '../../src/games/registry.js'
import { cardText } from '../../src/render/format.js'
import { ENGLISH } from '../../src/i18n/index.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import {
  buttonLabels,
  chooseMove,
  componentsOf,
  eachTestWorld,
  openAndStart,
  openHand,
  playTurn,
  playUntil,
  untilSomeoneActs,
  useControl,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/** 52 cards, 2 jokers and a back; a language's own art for the faces it letters differently (German D, B). */
const EMOJIS = 55
const GERMAN_ART = 8

/** A table message's embed text: descriptions and field values. */
function tableText(m: FakeMessage): string {
  return m.embeds.flatMap((e) => [e.description ?? '', ...(e.fields ?? []).map((f) => f.value)]).join('\n')
}

/** The emojis on a private view's menu options and buttons. */
function controlEmojis(m: Parameters<typeof componentsOf>[0]): { id?: string; name?: string }[] {
  const out: { id?: string; name?: string }[] = []
  for (const c of componentsOf(m)) {
    if (c.emoji) out.push(c.emoji)
    for (const o of c.options ?? []) if (o.emoji) out.push(o.emoji)
  }
  return out
}

/** `<:card_KD:123>`: the emoji the bot uploaded for a card. */
function emojiOf(w: World, c: Card): string {
  return `<:card_${c}:${w.discord.applicationEmojis.emojis.find((e) => e.name === `card_${c}`)!.id}>`
}

/** The cards each Badugi seat showed down at the end of the hand (the spectator view has them). */
function shownDown(t: TableSnapshot): Card[] {
  const view = engineFor('badugi')!.view(t.state, null) as { seats: { hand: Card[] | null }[] }
  return view.seats.flatMap((s) => s.hand ?? [])
}

const badugiPhase = (t: TableSnapshot) => (engineFor('badugi')!.view(t.state, null) as { phase: string }).phase

describe('card emojis', () => {
  it('are uploaded once as application emojis, reused after a restart, and shown on the hand controls', async () => {
    const w = await startWorld(['alice', 'bob'], { admins: ['alice'] })
    await w.bot.emojisSettled
    const app = w.discord.applicationEmojis
    expect(app.uploads).toBe(EMOJIS + GERMAN_ART)
    expect(app.emojis.map((e) => e.name)).toEqual(
      expect.arrayContaining(['card_KD', 'card_TH', 'card_X2', 'card_back', 'card_QS_de', 'card_JC_de']),
    )
    const ids = app.emojis.map((e) => e.id)

    await w.restart()
    await w.bot.emojisSettled
    expect(app.uploads).toBe(EMOJIS + GERMAN_ART)
    expect(app.emojis.map((e) => e.id)).toEqual(ids)
    // Every language has an emoji for every face: its own art where its letters differ.
    const [en, de] = [w.bot.cardEmojis()?.get('en'), w.bot.cardEmojis()?.get('de')]
    expect([en?.size, de?.size]).toEqual([EMOJIS, EMOJIS])
    expect([en?.get('QS')?.name, de?.get('QS')?.name, de?.get('KD')?.name]).toEqual([
      'card_QS',
      'card_QS_de',
      'card_KD',
    ])

    // Bura: the player to lead has one button per card.
    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob'])
    const table = await untilSomeoneActs(w)
    const leaderId = table.waitingFor[0]!
    const leader = w.member(w.nameOf(leaderId))
    const view = await openHand(w, leader)
    const shown = controlEmojis(view)
    expect(shown.length).toBeGreaterThan(0)
    for (const e of shown) expect(ids).toContain(e.id)
    // The hand in text: each card led by its emoji, the name staying ("<:card_KD:1> **K♦**").
    const emojiOf = (c: Card) => `<:card_${c}:${app.emojis.find((e) => e.name === `card_${c}`)!.id}>`
    const hand = (table.state as { hands: Card[][] }).hands[table.seats.find((s) => s.userId === leaderId)!.position!]!
    for (const c of hand) expect(view.embeds[0]!.description).toContain(`${emojiOf(c)} **${cardText(c, ENGLISH)}**`)

    // The lead shows in the public table message with its emojis.
    const lead = chooseMove(await w.table(), table.seats.find((s) => s.userId === leaderId)!.position!)
    await useControl(leader, view, 'bura', lead)
    const led = lead.cards as Card[]
    const publicText = tableText(w.publicMessage(await w.table()))
    for (const c of led) expect(publicText).toContain(`${emojiOf(c)} ${cardText(c, ENGLISH)}`)

    // Emojis off for the server: the text form only, on the private view and the table message.
    await w.member('alice').slash(w.channel, 'settings set', { emojis: 'off' })
    const next = await w.table()
    const follower = w.member(w.nameOf(next.waitingFor[0]!))
    const plain = await openHand(w, follower)
    expect(controlEmojis(plain)).toEqual([])
    expect(plain.embeds[0]!.description).not.toContain('<:card_')
    await playTurn(w, next.waitingFor[0]!)
    const plainText = tableText(w.publicMessage(await w.table()))
    expect(plainText).not.toContain('<:card_')
    for (const c of led) expect(plainText).toContain(cardText(c, ENGLISH))
  })

  it('a failed upload leaves the cards as text, and nothing else breaks', async () => {
    const w = await startWorld(['alice', 'bob'])
    await w.bot.emojisSettled
    await w.bot.stop()
    const app = w.discord.applicationEmojis
    app.emojis.splice(0)
    app.failUploads = new HttpError(500, { message: '500: Internal Server Error', code: 0 })
    await w.boot()
    await w.bot.emojisSettled
    expect(w.bot.cardEmojis()).toBeNull()
    expect(app.emojis).toEqual([])
    expect(w.logLines.some((l) => l.includes('card emojis unavailable'))).toBe(true)

    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob'])
    const table = await untilSomeoneActs(w)
    const view = await openHand(w, w.member(w.nameOf(table.waitingFor[0]!)))
    expect(componentsOf(view).length).toBeGreaterThan(0)
    expect(controlEmojis(view)).toEqual([])
    expect(view.embeds[0]!.description).not.toContain('<:card_')
    expect(view.attachments).toHaveLength(1)
  })

  it('Badugi: discard options and the hand result show card emojis; with emojis off, text', async () => {
    const w = await startWorld(['alice', 'bob'], { admins: ['alice'] })
    await w.bot.emojisSettled
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob'])
    const drawing = await playUntil(w, (t) => t.progress !== 'acting' || badugiPhase(t) === 'drawing').then(() =>
      w.table(),
    )
    expect(badugiPhase(drawing)).toBe('drawing')
    const drawer = w.member(w.nameOf(drawing.waitingFor[0]!))
    const menu = componentsOf(await openHand(w, drawer)).find((c) => c.type === 3)!
    expect(menu.options!.length).toBeGreaterThan(0)
    for (const o of menu.options!) expect(`<:${o.emoji!.name}:${o.emoji!.id}>`).toBe(emojiOf(w, o.value as Card))

    await playUntil(w, (t) => t.progress !== 'acting')
    const first = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Badugi** — Hand 1'))
    const shown = shownDown(await w.table())
    expect(shown.length).toBeGreaterThan(0)
    for (const c of shown) expect(first.content).toContain(`${emojiOf(w, c)} ${cardText(c, ENGLISH)}`)

    await w.member('alice').slash(w.channel, 'settings set', { emojis: 'off' })
    const over = w.publicMessage(await w.table())
    await w.member('bob').click(
      over,
      buttonLabels(over).find((l) => /^Next (game|hand)$/.test(l))!,
    )
    await playUntil(w, (t) => t.progress !== 'acting')
    const second = await w.channel.waitFor((m) => m.content.startsWith('🏁 **Badugi** — Hand 2'))
    const shownAgain = shownDown(await w.table())
    expect(shownAgain.length).toBeGreaterThan(0)
    expect(second.content).not.toContain('<:card_')
    for (const c of shownAgain) expect(second.content).toContain(cardText(c, ENGLISH))
  })
})
