import { cardLabel, isJoker, RANKS, suitOf, SUITS, type Card, type Rank } from '../games/core/cards.js'

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

export function cardsText(cards: readonly Card[]): string {
  return cards.length ? cards.map(cardLabel).join(' ') : '—'
}

/** A hand grouped by suit with a little space between suits: `A♠ 7♠ · 10♥ · K♣`. */
export function handText(cards: readonly Card[], order: readonly Rank[] = RANK_ORDER.aceHigh): string {
  if (cards.length === 0) return '(no cards)'
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
    group.push(`**${cardLabel(c)}**`)
  }
  groups.push(group.join(' '))
  return groups.join('  ·  ')
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** 12,345: thousands separated (without Intl, which is slow on the hot path of every render). */
export function formatNumber(n: number): string {
  const sign = n < 0 ? '-' : ''
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export function chips(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'chip' : 'chips'}`
}

/** "A, B and C". */
export function listText(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`
}

/** A duration in words: "30 s", "10 min", "12 h", "2 d". */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 120) return `${s} s`
  if (s < 7200) return `${Math.round(s / 60)} min`
  if (s < 172_800 && s % 86_400 !== 0) return `${Math.round(s / 360) / 10} h`.replace('.0 h', ' h')
  return `${Math.round(s / 8640) / 10} d`.replace('.0 d', ' d')
}
