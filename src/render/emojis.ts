import { ComponentType, type APIMessageComponentEmoji } from 'discord.js'
import { card, parseCard, SUITS, suitSymbol, type Card } from '../core/cards.js'
import { cardOfMove, readCustomId } from './custom-id.js'
import { LIMITS, limitViolations } from './limits.js'
import type { Payload } from './payload.js'
import { RANK_LETTERS, rankOfLetter } from './ranks.js'
import type { Locale } from '../i18n/index.js'

/**
 * Card emojis in buttons, select menus and text. `CardEmojis` maps a card code (and `back`) to the
 * application emoji the bot uploaded; without it (upload failed, emojis off) nothing changes and
 * cards keep their text form ("K♦"), which stays in any case: the emoji adds, never replaces.
 */
export type CardEmojis = ReadonlyMap<Card | 'back', { readonly id: string; readonly name: string }>

/** The card emojis of each language: a German text's D♠ gets the emoji that shows a D. */
export type CardEmojisByLanguage = ReadonlyMap<Locale, CardEmojis>

function emojiFor(emojis: CardEmojis, card: Card | null): APIMessageComponentEmoji | undefined {
  const e = card ? emojis.get(card) : undefined
  return e ? { id: e.id, name: e.name } : undefined
}

/** The one card a move button plays (its custom_id carries the codes), else null. */
function buttonCard(customId: unknown): Card | null {
  // Only a move carries cards: a rules page's game does not matter here.
  const id = readCustomId(customId, () => true)
  return id?.kind === 'move' ? cardOfMove(id.move) : null
}

/** The payload with an emoji on every button that plays one card and every menu option that is a card. */
export function withCardEmojis(p: Payload, emojis: CardEmojis | null): Payload {
  if (!emojis || !p.components?.length) return p
  const components = p.components.map((row) => ({
    ...row,
    components: row.components.map((c) => {
      if (c.type === ComponentType.Button && 'custom_id' in c && !c.emoji) {
        const emoji = emojiFor(emojis, buttonCard(c.custom_id))
        return emoji ? { ...c, emoji } : c
      }
      if (c.type === ComponentType.StringSelect) {
        return {
          ...c,
          options: c.options.map((o) => {
            const emoji = o.emoji ?? emojiFor(emojis, parseCard(o.value))
            return emoji ? { ...o, emoji } : o
          }),
        }
      }
      return c
    }),
  }))
  return { ...p, components }
}

/**
 * A card named in text: its label in any language's rank letters (`K♦`, `10♥`, `D♠`, `Joker 1`)
 * as a whole word, with the bold marks in front of it if any (the emoji then goes before them:
 * `<:card_KD:1> **K♦**`).
 */
const CARD_IN_TEXT = new RegExp(
  `(?:\\*\\*)?(?<![\\p{L}\\p{N}])(?:(${RANK_LETTERS.join('|')})([♠♥♦♣])|Joker ([1-9]))(?![\\p{L}\\p{N}])`,
  'gu',
)

/**
 * The text with each card it names led by that card's emoji: `K♦` → `<:card_KD:123> K♦`. The name
 * stays: it is what a screen reader reads after the emoji's name and what a search finds. Without
 * emojis, or for a card without one, the text is unchanged.
 */
export function cardEmojiText(text: string, emojis: CardEmojis | null): string {
  if (!emojis) return text
  return text.replace(CARD_IN_TEXT, (whole, rank?: string, symbol?: string, joker?: string) => {
    const suit = SUITS.find((s) => suitSymbol(s) === symbol)
    const r = rank === undefined ? undefined : rankOfLetter(rank)
    const code: Card | null = joker ? `X${Number(joker)}` : r && suit ? card(r, suit) : null
    const e = code ? emojis.get(code) : undefined
    return e ? `<:${e.name}:${e.id}> ${whole}` : whole
  })
}

/** `cardEmojiText` of a text that must stay within `max` characters: the plain text when it would not. */
function within(text: string, max: number, emojis: CardEmojis): string {
  const out = cardEmojiText(text, emojis)
  return out.length <= max ? out : text
}

/**
 * The payload with card emojis in its text: the content, and its embeds' descriptions and field
 * values (where Discord draws custom emojis). A part the emojis would push over its limit stays
 * plain, and so does the whole payload when they would push its embeds over their total.
 */
export function withCardEmojiText(p: Payload, emojis: CardEmojis | null): Payload {
  if (!emojis || (!p.content && !p.embeds?.length)) return p
  const embeds = p.embeds?.map((e) => ({
    ...e,
    ...(e.description !== undefined && { description: within(e.description, LIMITS.description, emojis) }),
    ...(e.fields && { fields: e.fields.map((f) => ({ ...f, value: within(f.value, LIMITS.fieldValue, emojis) })) }),
  }))
  const out = {
    ...p,
    ...(p.content && { content: within(p.content, LIMITS.content, emojis) }),
    ...(embeds && { embeds }),
  }
  return limitViolations(out).length ? p : out
}
