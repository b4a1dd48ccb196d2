import { isJoker, makeDeck, RANKS, SUITS, suitSymbol, type Card, type Suit } from '../core/cards.js'
import type { Bid } from './types.js'

/** The deck for these options: 52 cards plus 0-2 jokers. */
export function bugamiDeck(jokers: number): Card[] {
  return makeDeck(RANKS, jokers)
}

/** Rank strength, A high ... 2 low (index by the rank character's code). */
const STRENGTH: number[] = []
RANKS.forEach((r, i) => (STRENGTH[r.charCodeAt(0)] = RANKS.length - i))
const SUIT_ORDER: number[] = []
SUITS.forEach((s, i) => (SUIT_ORDER[s.charCodeAt(0)] = i))

export function strength(card: Card): number {
  return isJoker(card) ? 0 : STRENGTH[card.charCodeAt(0)]!
}

/** Hand order for display: by suit (♠ ♥ ♦ ♣), high to low, jokers last. */
export function handOrder(a: Card, b: Card): number {
  const ja = isJoker(a)
  const jb = isJoker(b)
  if (ja || jb) return ja && jb ? Number(a.slice(1)) - Number(b.slice(1)) : ja ? 1 : -1
  return SUIT_ORDER[a.charCodeAt(1)]! - SUIT_ORDER[b.charCodeAt(1)]! || strength(b) - strength(a)
}

/** Cards each seat gets and how many are set aside (52 mod n, or 53/54 with jokers). */
export function dealSizes(deckSize: number, players: number): { handSize: number; leftovers: number } {
  const handSize = Math.floor(deckSize / players)
  return { handSize, leftovers: deckSize - handSize * players }
}

/** Deals one card at a time clockwise from left of the dealer; the rest is set aside in deck order. */
export function dealCards(deck: readonly Card[], players: number, dealer: number): { hands: Card[][]; leftovers: Card[] } {
  const { handSize } = dealSizes(deck.length, players)
  const hands: Card[][] = Array.from({ length: players }, () => [])
  for (let i = 0; i < handSize * players; i++) hands[(dealer + 1 + i) % players]!.push(deck[i]!)
  for (const h of hands) h.sort(handOrder)
  return { hands, leftovers: deck.slice(handSize * players) }
}

/** The suit that must be followed, or null when anything goes (no lead yet, or a joker led). */
export function ledSuit(trick: readonly Card[]): Suit | null {
  const lead = trick[0]
  return lead === undefined || isJoker(lead) ? null : (lead[1] as Suit)
}

function holdsSuit(hand: readonly Card[], suit: Suit): boolean {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.charCodeAt(1) === suit.charCodeAt(0)) return true
  return false
}

/** Why `card` may not be played from `hand` onto `trick`, or null when it may. Assumes the card is held. */
export function followError(hand: readonly Card[], trick: readonly Card[], card: Card): string | null {
  const suit = ledSuit(trick)
  if (suit === null || card[1] === suit || !holdsSuit(hand, suit)) return null
  const play = `play a ${suitSymbol(suit)}`
  return isJoker(card) ? `You may discard a joker only when you cannot follow suit: ${play}.` : `You must follow suit: ${play}.`
}

/** The cards of `hand` that may be played onto `trick`. */
export function legalCards(hand: readonly Card[], trick: readonly Card[]): Card[] {
  const suit = ledSuit(trick)
  if (suit === null || !holdsSuit(hand, suit)) return hand.slice()
  return hand.filter((c) => c[1] === suit)
}

/** Index (in play order) of the card winning `trick` so far: a led joker, else the highest of the led suit. */
export function winningIndex(trick: readonly Card[]): number {
  const suit = ledSuit(trick)
  if (suit === null) return 0
  let best = 0
  for (let i = 1; i < trick.length; i++) {
    const c = trick[i]!
    if (c[1] === suit && strength(c) > strength(trick[best]!)) best = i
  }
  return best
}

/** Bugs among `cards` for a bid: cards of the bug suit plus jokers (a misère bid has only jokers). */
export function bugsIn(cards: readonly Card[], bid: Bid | null): number {
  let n = 0
  for (const c of cards) if (isJoker(c) || (bid !== null && bid !== 'misere' && c[1] === bid)) n++
  return n
}
