import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { makeDeck, type Card } from '../../src/core/cards.js'
import { cardEmojiText, withCardEmojiText, type CardEmojis } from '../../src/render/emojis.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import type { Payload } from '../../src/render/payload.js'
import { fixedTable } from './images/states.js'
import { userId } from './support.js'

const deck = makeDeck(undefined, 2)
const EMOJIS: CardEmojis = new Map(deck.map((c, i) => [c, { id: String(900 + i), name: `card_${c}` }]))
const id = (c: Card) => EMOJIS.get(c)!.id

/** The text with the emojis taken out again. */
const plain = (text: string) => text.replace(/<:card_[0-9A-Z]{2}:\d+> /g, '')

describe('card emojis in text', () => {
  it('lead every card a text names, the name staying', () => {
    expect(cardEmojiText('<@1> 7♥ · <@2> 10♠ · <@3> Joker 1', EMOJIS)).toBe(
      `<@1> <:card_7H:${id('7H')}> 7♥ · <@2> <:card_TS:${id('TS')}> 10♠ · <@3> <:card_X1:${id('X1')}> Joker 1`,
    )
    // A bold card keeps its bold; the emoji goes before the marks.
    expect(cardEmojiText('**10♠** **K♠**  ·  **A♣**', EMOJIS)).toBe(
      `<:card_TS:${id('TS')}> **10♠** <:card_KS:${id('KS')}> **K♠**  ·  <:card_AC:${id('AC')}> **A♣**`,
    )
    expect(cardEmojiText('Trump **♦ diamonds** (A♦ at the bottom of the pile)', EMOJIS)).toBe(
      `Trump **♦ diamonds** (<:card_AD:${id('AD')}> A♦ at the bottom of the pile)`,
    )
  })

  it('leave text without a card, part of a word, a card without an emoji, or no emojis at all, as it is', () => {
    for (const text of ['<@400000000000000000> — 190 chips', 'KA♦ and K♦x', '31 points, ♠ spades'])
      expect(cardEmojiText(text, EMOJIS)).toBe(text)
    expect(cardEmojiText('K♦ and Q♦', new Map([['QD', { id: '5', name: 'card_QD' }]]))).toBe('K♦ and <:card_QD:5> Q♦')
    expect(cardEmojiText('K♦', null)).toBe('K♦')
  })

  it('go into embed descriptions and field values, not titles, field names or footers', () => {
    const p: Payload = {
      embeds: [
        { title: 'K♦', description: 'Trump K♦', fields: [{ name: 'Q♠', value: 'Q♠ 10♥' }], footer: { text: 'K♦' } },
      ],
    }
    expect(withCardEmojiText(p, EMOJIS).embeds).toEqual([
      {
        title: 'K♦',
        description: `Trump <:card_KD:${id('KD')}> K♦`,
        fields: [{ name: 'Q♠', value: `<:card_QS:${id('QS')}> Q♠ <:card_TH:${id('TH')}> 10♥` }],
        footer: { text: 'K♦' },
      },
    ])
    expect(withCardEmojiText(p, null)).toBe(p)
  })

  it("go into a message's content (results, refusals), which stays within its 2,000 characters", () => {
    const result: Payload = { content: '🏁 **Badugi** — Hand 1\n<@1> — 200 chips · showed 2♠ 3♥ 4♦ K♣' }
    expect(withCardEmojiText(result, EMOJIS).content).toBe(
      `🏁 **Badugi** — Hand 1\n<@1> — 200 chips · showed <:card_2S:${id('2S')}> 2♠ <:card_3H:${id('3H')}> 3♥ ` +
        `<:card_4D:${id('4D')}> 4♦ <:card_KC:${id('KC')}> K♣`,
    )
    const long: Payload = { content: `${'x'.repeat(1990)} K♦` }
    expect(withCardEmojiText(long, EMOJIS)).toEqual(long)
  })

  it('stay out of a part they would push over its limit, and out of a message over the embed total', () => {
    const full = `${'x'.repeat(1010)} K♦`
    const p: Payload = { embeds: [{ description: 'K♦', fields: [{ name: 'Log', value: full }] }] }
    expect(withCardEmojiText(p, EMOJIS).embeds![0]).toEqual({
      description: `<:card_KD:${id('KD')}> K♦`,
      fields: [{ name: 'Log', value: full }],
    })
    const big: Payload = { embeds: [{ description: `${'x'.repeat(3000)} K♦` }, { description: 'y'.repeat(2990) }] }
    expect(withCardEmojiText(big, EMOJIS)).toBe(big)
  })

  it('name every card of a Bura table message and hand view, in either language, reading as before without', () => {
    const table = fixedTable('bura', 4, 11, 6)
    const german = langOf('de')
    for (const p of [
      renderTableMessage(ENGLISH, table, 0, ['<@1> played 9♥'], null),
      renderHandView(ENGLISH, table, userId(0), 0),
      // German letters: D♠ is the queen of spades and gets its emoji.
      renderTableMessage(german, table, 0, ['<@1> hat D♠ gespielt.'], null),
      renderHandView(german, table, userId(0), 0),
    ]) {
      const out = withCardEmojiText(p, EMOJIS)
      const before = JSON.stringify(p.embeds)
      const after = JSON.stringify(out.embeds)
      expect(after).not.toBe(before)
      for (const e of out.embeds!)
        for (const text of [e.description ?? '', ...(e.fields ?? []).map((f) => f.value)]) {
          // Every card named has its emoji just before it.
          expect(text).not.toMatch(/(?<!> |> \*\*)\b(?:10|[2-9JQKADB])[♠♥♦♣]/)
          expect(text).not.toMatch(/<:card_\w+:\d+> (?!\*\*|10|[2-9JQKADB]|Joker)/)
        }
      expect(plain(after)).toBe(before)
    }
  })
})
