import type { Card } from '../../../core/cards.js'

/**
 * The Badugi hand evaluator (docs/rules/badugi.md, "Hand value").
 *
 * Cards are integer indices in the hot path: index = suit * 13 + rank, with ranks ace low
 * (A=0, 2=1, ..., T=9, J=10, Q=11, K=12) and suits S=0, H=1, D=2, C=3.
 *
 * A hand's value is one integer, higher is better, equal means a tie:
 *   size << 16 | (0xFFFF - packed), packed = the counting ranks high to low, 4 bits each.
 * More counting cards always win; among equal sizes the lower highest card wins, then the next.
 *
 * Every 4-card hand's value sits in a table indexed by the hand's colex rank (270,725 entries,
 * built once on first use), so an evaluation is a 4-element sort and one lookup.
 */

export type CardIndex = number
export type HandValue = number

const RANK_CHARS = 'A23456789TJQK'
const SUIT_CHARS = 'SHDC'
const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']

// Char code -> rank / suit index; -1 for anything else.
const RANK_OF_CHAR = new Int8Array(128).fill(-1)
const SUIT_OF_CHAR = new Int8Array(128).fill(-1)
for (let i = 0; i < RANK_CHARS.length; i++) RANK_OF_CHAR[RANK_CHARS.charCodeAt(i)] = i
for (let i = 0; i < SUIT_CHARS.length; i++) SUIT_OF_CHAR[SUIT_CHARS.charCodeAt(i)] = i

/** A card code (`7D`) as an index 0..51; -1 for a joker or anything not a card. */
export function cardIndex(card: Card): CardIndex {
  if (card.length !== 2) return -1
  const r = RANK_OF_CHAR[card.charCodeAt(0) & 127]!
  const s = SUIT_OF_CHAR[card.charCodeAt(1) & 127]!
  return r < 0 || s < 0 ? -1 : s * 13 + r
}

export function indexCard(index: CardIndex): Card {
  return `${RANK_CHARS[index % 13]}${SUIT_CHARS[(index / 13) | 0]}` as Card
}

/** The value of the best subset of the given cards (any 1..4 distinct cards), by trying every subset. */
export function valueOfIndices(cards: readonly CardIndex[]): HandValue {
  return bestSubset(cards).value
}

/** The best counting subset (as a bit mask over `cards`) and its value. */
function bestSubset(cards: readonly CardIndex[]): { mask: number; value: HandValue } {
  let best = 0
  let bestMask = 0
  const n = cards.length
  for (let mask = 1; mask < 1 << n; mask++) {
    let suits = 0
    let ranks = 0
    let size = 0
    let ok = true
    for (let i = 0; i < n; i++) {
      if (!(mask & (1 << i))) continue
      const c = cards[i]!
      const s = 1 << ((c / 13) | 0)
      const r = 1 << (c % 13)
      if (suits & s || ranks & r) {
        ok = false
        break
      }
      suits |= s
      ranks |= r
      size++
    }
    if (!ok) continue
    const v = valueOfRankSet(size, ranks)
    if (v > best) {
      best = v
      bestMask = mask
    }
  }
  return { mask: bestMask, value: best }
}

/** Value of a valid counting set given as its size and a 13-bit mask of its ranks. */
function valueOfRankSet(size: number, ranks: number): HandValue {
  let packed = 0
  let shift = 12
  for (let r = 12; r >= 0; r--) {
    if (ranks & (1 << r)) {
      packed |= r << shift
      shift -= 4
    }
  }
  return (size << 16) | (0xffff - packed)
}

// Binomial coefficients C(n, k) for the colex rank of a sorted 4-card hand.
const C2 = new Int32Array(52)
const C3 = new Int32Array(52)
const C4 = new Int32Array(52)
for (let n = 0; n < 52; n++) {
  C2[n] = (n * (n - 1)) / 2
  C3[n] = (n * (n - 1) * (n - 2)) / 6
  C4[n] = (n * (n - 1) * (n - 2) * (n - 3)) / 24
}

// The value of every set of distinct ranks (13-bit mask), for the table build.
const RANK_SET_VALUE = new Int32Array(1 << 13)
for (let ranks = 1; ranks < 1 << 13; ranks++) {
  let size = 0
  for (let r = 0; r < 13; r++) if (ranks & (1 << r)) size++
  if (size <= 4) RANK_SET_VALUE[ranks] = valueOfRankSet(size, ranks)
}

export const FOUR_CARD_HANDS = 270_725
let table: Int32Array | null = null

function buildTable(): Int32Array {
  const t = new Int32Array(FOUR_CARD_HANDS)
  const suit = new Int32Array(4)
  const rank = new Int32Array(4)
  for (let d = 3; d < 52; d++)
    for (let c = 2; c < d; c++)
      for (let b = 1; b < c; b++)
        for (let a = 0; a < b; a++) {
          suit[0] = 1 << ((a / 13) | 0)
          suit[1] = 1 << ((b / 13) | 0)
          suit[2] = 1 << ((c / 13) | 0)
          suit[3] = 1 << ((d / 13) | 0)
          rank[0] = 1 << (a % 13)
          rank[1] = 1 << (b % 13)
          rank[2] = 1 << (c % 13)
          rank[3] = 1 << (d % 13)
          let best = 0
          for (let mask = 1; mask < 16; mask++) {
            let suits = 0
            let ranks = 0
            let valid = true
            for (let i = 0; i < 4; i++) {
              if (!(mask & (1 << i))) continue
              if (suits & suit[i]! || ranks & rank[i]!) {
                valid = false
                break
              }
              suits |= suit[i]!
              ranks |= rank[i]!
            }
            if (!valid) continue
            const v = RANK_SET_VALUE[ranks]!
            if (v > best) best = v
          }
          t[a + C2[b]! + C3[c]! + C4[d]!] = best
        }
  return t
}

/** The value of four distinct card indices, in any order: the hot path. */
export function evaluate4(c0: CardIndex, c1: CardIndex, c2: CardIndex, c3: CardIndex): HandValue {
  const t = table ?? (table = buildTable())
  let x: number
  // Sorting network for four elements (five compare-exchanges), one swap a line.
  /* eslint-disable @typescript-eslint/no-unused-expressions */
  if (c0 > c1) ((x = c0), (c0 = c1), (c1 = x))
  if (c2 > c3) ((x = c2), (c2 = c3), (c3 = x))
  if (c0 > c2) ((x = c0), (c0 = c2), (c2 = x))
  if (c1 > c3) ((x = c1), (c1 = c3), (c3 = x))
  if (c1 > c2) ((x = c1), (c1 = c2), (c2 = x))
  /* eslint-enable @typescript-eslint/no-unused-expressions */
  return t[c0 + C2[c1]! + C3[c2]! + C4[c3]!]!
}

/** The value of a hand of card codes (4 cards in play; fewer are valued by their best subset). */
export function handValue(cards: readonly Card[]): HandValue {
  if (cards.length === 4)
    return evaluate4(cardIndex(cards[0]!), cardIndex(cards[1]!), cardIndex(cards[2]!), cardIndex(cards[3]!))
  return valueOfIndices(cards.map(cardIndex))
}

/** How many cards count (1..4); 4 is a badugi. */
export function valueSize(value: HandValue): number {
  return value >>> 16
}

/** The counting ranks, high to low, as people write them (`['8', '7', '5', '4']`). */
export function valueRanks(value: HandValue): string[] {
  const size = value >>> 16
  const packed = 0xffff - (value & 0xffff)
  const out: string[] = []
  for (let i = 0; i < size; i++) out.push(RANK_NAMES[(packed >>> (12 - 4 * i)) & 15]!)
  return out
}

/** A readable name: "8-7-5-4 badugi", "3-card 7-4-2". */
export function valueName(value: HandValue): string {
  const size = value >>> 16
  const ranks = valueRanks(value).join('-')
  return size === 4 ? `${ranks} badugi` : `${size}-card ${ranks}`
}

/** Compares two values: positive when `a` is the better hand, 0 for a tie. */
export function compareValues(a: HandValue, b: HandValue): number {
  return a - b
}

/**
 * The cards that count, from a hand of codes. When several sets are worth the same (two cards
 * of one rank), the first found is kept: the choice never changes the hand's value.
 */
export function countingCards(cards: readonly Card[]): Card[] {
  const { mask } = bestSubset(cards.map(cardIndex))
  return cards.filter((_, i) => mask & (1 << i))
}
