import { makeDeck, type Card, type Rank, type Suit } from '../../../core/cards.js'

/** Bura's rank order, high to low: the ten sits between ace and king. */
export const BURA_RANKS: readonly Rank[] = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7', '6']

export const DECK_36: readonly Card[] = makeDeck(BURA_RANKS)
export const DECK_32: readonly Card[] = makeDeck(BURA_RANKS.filter((r) => r !== '6'))

export function fullDeck(deck32: boolean): readonly Card[] {
  return deck32 ? DECK_32 : DECK_36
}

// Plain lookups by rank character: these run inside every apply and legalActions call.
const RANK_VALUE: Record<string, number> = { A: 8, T: 7, K: 6, Q: 5, J: 4, '9': 3, '8': 2, '7': 1, '6': 0 }
const POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0, '6': 0 }

export function rankValue(c: Card): number {
  return RANK_VALUE[c[0]!]!
}

/** Card points: A 11, T 10, K 4, Q 3, J 2, 9-6 nothing (the deck holds 120). */
export function cardPoints(c: Card): number {
  return POINTS[c[0]!]!
}

export function pointsOf(cards: readonly Card[]): number {
  let sum = 0
  for (const c of cards) sum += POINTS[c[0]!]!
  return sum
}

/** How much a careful player wants to keep a card: trumps first, then points, then rank. */
export function keepValue(c: Card, trump: string): number {
  return (c[1] === trump ? 1000 : 0) + cardPoints(c) * 10 + rankValue(c)
}

/** What laying these cards gives up: the sum of their keep values (the cheapest set is thrown first). */
export function cost(cards: readonly Card[], trump: string): number {
  let sum = 0
  for (const c of cards) sum += keepValue(c, trump)
  return sum
}

/** X beats Y: same suit and higher rank, or X is trump and Y is not. */
export function beats(x: Card, y: Card, trump: Suit): boolean {
  const xs = x[1]
  if (xs === y[1]) return RANK_VALUE[x[0]!]! > RANK_VALUE[y[0]!]!
  return xs === trump
}

/** `mine` beats `theirs` (same size, 1-3 cards) when the cards pair one to one, each of mine beating its partner. */
export function setBeats(mine: readonly Card[], theirs: readonly Card[], trump: Suit): boolean {
  const k = mine.length
  if (k !== theirs.length) return false
  const a = mine[0]!
  const y0 = theirs[0]!
  if (k === 1) return beats(a, y0, trump)
  const b = mine[1]!
  const y1 = theirs[1]!
  if (k === 2) return (beats(a, y0, trump) && beats(b, y1, trump)) || (beats(a, y1, trump) && beats(b, y0, trump))
  const c = mine[2]!
  const y2 = theirs[2]!
  return (
    (beats(a, y0, trump) &&
      ((beats(b, y1, trump) && beats(c, y2, trump)) || (beats(b, y2, trump) && beats(c, y1, trump)))) ||
    (beats(a, y1, trump) &&
      ((beats(b, y0, trump) && beats(c, y2, trump)) || (beats(b, y2, trump) && beats(c, y0, trump)))) ||
    (beats(a, y2, trump) &&
      ((beats(b, y0, trump) && beats(c, y1, trump)) || (beats(b, y1, trump) && beats(c, y0, trump))))
  )
}

export function allOneSuit(cards: readonly Card[]): boolean {
  for (let i = 1; i < cards.length; i++) if (cards[i]![1] !== cards[0]![1]) return false
  return true
}
