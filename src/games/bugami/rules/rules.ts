import { isJoker, makeDeck, RANKS, SUITS, suitSymbol, type Card, type Suit } from '../../../core/cards.js'
import type { Bid } from './types.js'
import { refuse, type RuleError } from '../../../core/engine.js'

const DECKS: readonly (readonly Card[])[] = [0, 1, 2].map((jokers) => makeDeck(RANKS, jokers))

/** The deck for these options: 52 cards plus 0-2 jokers (built once: the same strings every deal). */
export function bugamiDeck(jokers: number): readonly Card[] {
  return DECKS[jokers] ?? makeDeck(RANKS, jokers)
}

/** Rank strength, A high ... 2 low, a joker 0 (indexed by the card's first character code; hot path). */
const JOKER_CODE = 88 // 'X'
const STRENGTH: number[] = new Array<number>(128).fill(0)
RANKS.forEach((r, i) => (STRENGTH[r.charCodeAt(0)] = RANKS.length - i))
const SUIT_ORDER: number[] = []
SUITS.forEach((s, i) => (SUIT_ORDER[s.charCodeAt(0)] = i))

export function strength(card: Card): number {
  return STRENGTH[card.charCodeAt(0)]!
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

/**
 * Deals one card at a time clockwise from left of the dealer; the rest is set aside in deck order.
 * Hands stay in dealt order (views sort them).
 */
export function dealCards(
  deck: readonly Card[],
  players: number,
  dealer: number,
): { hands: Card[][]; leftovers: Card[] } {
  const { handSize } = dealSizes(deck.length, players)
  const hands: Card[][] = []
  for (let p = 0; p < players; p++) hands.push([])
  let seat = dealer
  for (let i = 0; i < handSize * players; i++) {
    seat = seat + 1 === players ? 0 : seat + 1
    hands[seat]!.push(deck[i]!)
  }
  return { hands, leftovers: deck.slice(handSize * players) }
}

// The hot paths compare suit character codes (card[1]); -1 stands for "no suit to follow".
function ledCode(trick: readonly Card[]): number {
  const lead = trick[0]
  return lead === undefined || lead.charCodeAt(0) === JOKER_CODE ? -1 : lead.charCodeAt(1)
}

/** The suit that must be followed, or null when anything goes (no lead yet, or a joker led). */
export function ledSuit(trick: readonly Card[]): Suit | null {
  const code = ledCode(trick)
  return code < 0 ? null : (String.fromCharCode(code) as Suit)
}

function holds(hand: readonly Card[], code: number): boolean {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.charCodeAt(1) === code) return true
  return false
}

/** The suit (as a character code) this hand must follow onto `trick`, or -1 when any card may be played. */
export function followCode(hand: readonly Card[], trick: readonly Card[]): number {
  const code = ledCode(trick)
  return code >= 0 && holds(hand, code) ? code : -1
}

/** Why `card` may not be played from `hand` onto `trick`, or null when it may. Assumes the card is held. */
export function followError(hand: readonly Card[], trick: readonly Card[], card: Card): RuleError | null {
  const code = ledCode(trick)
  if (code < 0 || card.charCodeAt(1) === code || !holds(hand, code)) return null
  const suit = suitSymbol(String.fromCharCode(code) as Suit)
  return refuse(isJoker(card) ? 'bugami.joker-must-follow' : 'bugami.must-follow', { suit }).error
}

/** The cards of `hand` that may be played onto `trick`. */
export function legalCards(hand: readonly Card[], trick: readonly Card[]): Card[] {
  const code = followCode(hand, trick)
  if (code < 0) return hand.slice()
  const out: Card[] = []
  for (let i = 0; i < hand.length; i++) if (hand[i]!.charCodeAt(1) === code) out.push(hand[i]!)
  return out
}

/** Index (in play order) of the card winning `trick` so far: a led joker, else the highest of the led suit. */
export function winningIndex(trick: readonly Card[]): number {
  const code = ledCode(trick)
  if (code < 0) return 0
  let best = 0
  let top = strength(trick[0]!)
  for (let i = 1; i < trick.length; i++) {
    const c = trick[i]!
    if (c.charCodeAt(1) === code && strength(c) > top) {
      best = i
      top = strength(c)
    }
  }
  return best
}

/** Bugs among `cards` for a bid: cards of the bug suit plus jokers (a misère bid has only jokers). */
export function bugsIn(cards: readonly Card[], bid: Bid | null): number {
  let n = 0
  const suit = bid === null || bid === 'misere' ? '' : bid
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!
    if (c.charCodeAt(0) === JOKER_CODE || c[1] === suit) n++
  }
  return n
}
