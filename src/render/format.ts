import { isJoker, rankOf, RANKS, suitOf, suitSymbol, SUITS, type Card, type Rank, type Suit } from '../core/cards.js'
import { ENGLISH, type Lang } from '../i18n/index.js'
import type { GameRules } from './rules-text.js'
import { rankLetter } from './ranks.js'

/** Card text shared by the three games' renderers. */

/** Rank orders for sorting a hand, high to low (a game with its own order, such as Bura's, passes it). */
export const RANK_ORDER = {
  aceHigh: RANKS,
  aceLow: ['K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2', 'A'] as readonly Rank[],
} as const

/** A hand in suit order (♠ ♥ ♦ ♣), high to low within a suit, jokers last. */
export function sortHand(cards: readonly Card[], order: readonly Rank[] = RANK_ORDER.aceHigh): Card[] {
  const key = (c: Card) =>
    isJoker(c) ? 1000 + Number(c.slice(1)) : SUITS.indexOf(suitOf(c)) * 100 + order.indexOf(c[0] as Rank)
  return cards.slice().sort((a, b) => key(a) - key(b))
}

/** A suit in words ("hearts", "Herz"). */
export const suitName = (suit: Suit, lang: Lang): string => lang.t(`cards:suit.${suit}`)

/**
 * A card for people, in the reader's rank letters: `K♦`, `10♥`, `Q♠` / `D♠` (German Dame),
 * `Joker 1`. Card codes (`QS`) stay what they are in custom ids, logs and files.
 */
export function cardText(c: Card, lang: Lang): string {
  if (isJoker(c)) return lang.t('cards:joker', { n: c.slice(1) })
  return `${rankLetter(rankOf(c), lang.locale)}${suitSymbol(suitOf(c))}`
}

export function cardsText(cards: readonly Card[], lang: Lang): string {
  return cards.length ? cards.map((c) => cardText(c, lang)).join(' ') : '—'
}

/** A hand grouped by suit with a little space between suits: `A♠ 7♠ · 10♥ · K♣`. */
export function handText(
  cards: readonly Card[],
  order: readonly Rank[] = RANK_ORDER.aceHigh,
  lang: Lang = ENGLISH,
): string {
  if (cards.length === 0) return lang.t('cards:none')
  const groups: string[] = []
  let current: string | null = null
  let group: string[] = []
  for (const c of sortHand(cards, order)) {
    const s = isJoker(c) ? 'X' : suitOf(c)
    if (s !== current && group.length) {
      groups.push(group.join(' '))
      group = []
    }
    current = s
    group.push(`**${cardText(c, lang)}**`)
  }
  groups.push(group.join(' '))
  return groups.join('  ·  ')
}

/** "1,234 chips" / "1.234 Chips". */
export function chips(n: number, lang: Lang = ENGLISH): string {
  return lang.t('cards:chips', { count: n, n: lang.number(n) })
}

/** "A, B and C" / "A, B und C" (no serial comma in either language). */
export function listText(items: readonly string[], last: 'and' | 'or' = 'and', lang: Lang = ENGLISH): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${lang.t(`cards:list.${last}`)} ${items[items.length - 1]}`
}

/** A duration in short words: "30 s", "10 min", "1.5 h", "2 d" / "30 Sek.", "10 Min.", "1,5 Std.", "2 Tage". */
export function durationText(ms: number, lang: Lang = ENGLISH): string {
  const s = Math.round(ms / 1000)
  const say = (unit: 's' | 'min' | 'h' | 'd', count: number) =>
    lang.t(`cards:duration.${unit}`, { count, n: lang.number(count) })
  if (s < 120) return say('s', s)
  if (s < 7200) return say('min', Math.round(s / 60))
  if (s < 172_800 && s % 86_400 !== 0) return say('h', Math.round(s / 360) / 10)
  return say('d', Math.round(s / 8640) / 10)
}

/** The word a game uses for one of its games ("hand" at Badugi), as the keys of the `table` namespace name it. */
export const gameWordOf = (rules: Pick<GameRules, 'gameWord'>): 'game' | 'hand' =>
  rules.gameWord === 'hand' ? 'hand' : 'game'
