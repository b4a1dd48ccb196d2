import { describe, expect, it } from 'vitest'
import { HttpError } from '../../src/sandbox/discord/errors.js'
import { componentsOf, eachTestWorld, openAndStart, openHand, untilSomeoneActs } from './harness.js'

const startWorld = eachTestWorld()

/** 52 cards, 2 jokers and a back. */
const EMOJIS = 55

/** The emojis on a private view's menu options and buttons. */
function controlEmojis(m: Parameters<typeof componentsOf>[0]): { id?: string; name?: string }[] {
  const out: { id?: string; name?: string }[] = []
  for (const c of componentsOf(m)) {
    if (c.emoji) out.push(c.emoji)
    for (const o of c.options ?? []) if (o.emoji) out.push(o.emoji)
  }
  return out
}

describe('card emojis', () => {
  it('are uploaded once as application emojis, reused after a restart, and shown on the hand controls', async () => {
    const w = await startWorld(['alice', 'bob'], { admins: ['alice'] })
    await w.bot.emojisSettled
    const app = w.discord.applicationEmojis
    expect(app.uploads).toBe(EMOJIS)
    expect(app.emojis.map((e) => e.name)).toEqual(
      expect.arrayContaining(['card_KD', 'card_TH', 'card_X2', 'card_back']),
    )
    const ids = app.emojis.map((e) => e.id)

    await w.restart()
    await w.bot.emojisSettled
    expect(app.uploads).toBe(EMOJIS)
    expect(app.emojis.map((e) => e.id)).toEqual(ids)
    expect(w.bot.cardEmojis()?.size).toBe(EMOJIS)

    // Bura: the player to lead has one button per card.
    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob'])
    const table = await untilSomeoneActs(w)
    const leader = w.member(w.nameOf(table.waitingFor[0]!))
    const view = await openHand(w, leader)
    const shown = controlEmojis(view)
    expect(shown.length).toBeGreaterThan(0)
    for (const e of shown) expect(ids).toContain(e.id)
    expect(view.embeds[0]!.description).toMatch(/^(<:card_[0-9A-Z]{2}:\d+>){3}\n/)

    // Emojis off for the server: the text form only.
    await w.member('alice').slash(w.channel, 'settings set', { emojis: 'off' })
    const plain = await openHand(w, leader)
    expect(controlEmojis(plain)).toEqual([])
    expect(plain.embeds[0]!.description).not.toContain('<:card_')
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
})
