/** Card codes as docs/rules/ writes them: rank then suit (`7D`, `TH`), jokers `X1`, `X2`. */

export const SUITS = ['S', 'H', 'D', 'C'] as const
export type Suit = (typeof SUITS)[number]

/** High to low, the order docs/rules/ lists them. Games define their own rank order on top. */
export const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const
export type Rank = (typeof RANKS)[number]

export type SuitedCard = `${Rank}${Suit}`
export type Joker = `X${number}`
export type Card = SuitedCard | Joker

const SUIT_SET = new Set<string>(SUITS)
const RANK_SET = new Set<string>(RANKS)

export function isJoker(card: Card): card is Joker {
  return card.charCodeAt(0) === 88 /* X */
}

export function suitOf(card: SuitedCard): Suit
export function suitOf(card: Card): Suit | null
export function suitOf(card: Card): Suit | null {
  return isJoker(card) ? null : (card[1] as Suit)
}

export function rankOf(card: SuitedCard): Rank
export function rankOf(card: Card): Rank | null
export function rankOf(card: Card): Rank | null {
  return isJoker(card) ? null : (card[0] as Rank)
}

export function card(rank: Rank, suit: Suit): SuitedCard {
  return `${rank}${suit}`
}

/**
 * Reads a card code as a person might type it: case-insensitive, `10` for `T`.
 * Returns the canonical code, or null when the text is not a card.
 */
export function parseCard(text: string): Card | null {
  const t = text.trim().toUpperCase()
  const joker = /^X([1-9][0-9]*)$/.exec(t)
  if (joker) return `X${Number(joker[1])}`
  const m = /^(10|[AKQJT2-9])([SHDC])$/.exec(t)
  if (!m) return null
  const rank = m[1] === '10' ? 'T' : m[1]!
  if (!RANK_SET.has(rank) || !SUIT_SET.has(m[2]!)) return null
  return `${rank as Rank}${m[2] as Suit}`
}

/** Every card of the given ranks in every suit, suits in SUITS order, then the jokers. */
export function makeDeck(ranks: readonly Rank[] = RANKS, jokers = 0): Card[] {
  const deck: Card[] = []
  for (const s of SUITS) for (const r of ranks) deck.push(card(r, s))
  for (let i = 1; i <= jokers; i++) deck.push(`X${i}`)
  return deck
}

const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }

export function suitSymbol(s: Suit): string {
  return SUIT_SYMBOL[s]
}

/** True when `cards` is exactly `expected` in some order (each card once). */
export function isPermutationOf(cards: readonly Card[], expected: readonly Card[]): boolean {
  if (cards.length !== expected.length) return false
  const want = new Set<string>(expected)
  const seen = new Set<string>()
  for (const c of cards) {
    if (!want.has(c) || seen.has(c)) return false
    seen.add(c)
  }
  return true
}

/** Returns `hand` without the given cards (each removed once); null if one is missing. */
export function removeCards<T extends Card>(hand: readonly T[], cards: readonly Card[]): T[] | null {
  const rest = hand.slice()
  for (const c of cards) {
    const i = rest.indexOf(c as T)
    if (i < 0) return null
    rest.splice(i, 1)
  }
  return rest
}
