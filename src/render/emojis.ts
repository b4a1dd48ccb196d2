import { ComponentType, type APIMessageComponentEmoji } from 'discord.js'
import { parseCard, type Card } from '../games/core/cards.js'
import { parseCustomId } from './custom-id.js'
import type { Payload } from './payload.js'

/**
 * Card emojis in buttons and select menus. `CardEmojis` maps a card code (and `back`) to the
 * application emoji the bot uploaded; without it (upload failed, emojis off) nothing changes and
 * the labels keep the text form ("K♦"), which stays in any case: the emoji adds, never replaces.
 */
export type CardEmojis = ReadonlyMap<Card | 'back', { readonly id: string; readonly name: string }>

function emojiFor(emojis: CardEmojis, card: Card | null): APIMessageComponentEmoji | undefined {
  const e = card ? emojis.get(card) : undefined
  return e ? { id: e.id, name: e.name } : undefined
}

/** The one card a move button plays (its custom_id carries the codes), else null. */
function buttonCard(customId: unknown): Card | null {
  const id = parseCustomId(customId)
  if (!id || id.kind !== 'move') return null
  const cards = 'cards' in id.move ? id.move.cards : null
  return cards?.length === 1 ? cards[0]! : null
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

/** A line of the cards as emojis (the text form goes alongside it), or null when any is missing. */
export function emojiLine(cards: readonly Card[], emojis: CardEmojis | null): string | null {
  if (!emojis || !cards.length) return null
  const parts: string[] = []
  for (const c of cards) {
    const e = emojis.get(c)
    if (!e) return null
    parts.push(`<:${e.name}:${e.id}>`)
  }
  return parts.join('')
}
