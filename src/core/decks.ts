import { isPermutationOf, type Card } from './cards.js'
import { Rng, seedRng, type RngState } from './rng.js'

/** One shuffle a supply made: a deck for a deal, or discards shuffled into a new pile (Badugi). */
export interface Shuffle {
  readonly kind: 'deck' | 'reshuffle'
  readonly cards: readonly Card[]
  /** Taken from the fixed ones a scenario gave, not drawn from the RNG. */
  readonly fixed: boolean
}

/**
 * Where a table's decks come from: the decks a scenario fixed, in order, then shuffles
 * drawn from the seeded RNG. Kept in the game state so the next deal is deterministic.
 */
export interface DeckSupply {
  readonly rng: RngState
  readonly decks: readonly (readonly Card[])[]
  /** Fixed orders of the piles made from shuffled discards, used before any drawn from the RNG. */
  readonly reshuffles?: readonly (readonly Card[])[]
  /**
   * Every shuffle this supply made, in order, when its setup asked for it (the scenario writer
   * reads a game's chance from it); a table's supply never has one.
   */
  readonly record?: readonly Shuffle[]
}

/** The supply a setup starts from: its seed, fixed decks and reshuffles, and a record if asked for. */
export function startSupply(p: {
  readonly seed: number
  readonly decks?: readonly (readonly Card[])[]
  readonly reshuffles?: readonly (readonly Card[])[]
  readonly record?: boolean
}): DeckSupply {
  return {
    rng: seedRng(p.seed),
    decks: p.decks ? p.decks.map((d) => d.slice()) : [],
    ...(p.reshuffles?.length ? { reshuffles: p.reshuffles.map((d) => d.slice()) } : {}),
    ...(p.record ? { record: [] } : {}),
  }
}

/** The supply after a shuffle: new RNG state and fixed lists, the shuffle added to the record if kept. */
function after(
  supply: DeckSupply,
  rng: RngState,
  decks: DeckSupply['decks'],
  reshuffles: DeckSupply['reshuffles'],
  shuffle: Shuffle,
): DeckSupply {
  return {
    rng,
    decks,
    ...(reshuffles?.length ? { reshuffles } : {}),
    ...(supply.record ? { record: [...supply.record, shuffle] } : {}),
  }
}

/** Takes the next deck: the first fixed one if any, else a fresh shuffle of `full`. */
export function nextDeck(supply: DeckSupply, full: readonly Card[]): { deck: Card[]; supply: DeckSupply } {
  const [first, ...rest] = supply.decks
  if (first) {
    const deck = first.slice()
    return {
      deck,
      supply: after(supply, supply.rng, rest, supply.reshuffles, { kind: 'deck', cards: deck, fixed: true }),
    }
  }
  const rng = new Rng(supply.rng)
  const deck = rng.shuffle(full)
  return {
    deck,
    supply: after(supply, rng.state(), [], supply.reshuffles, { kind: 'deck', cards: deck, fixed: false }),
  }
}

/**
 * Shuffles `cards` (discards) into a new pile, top card first: the first fixed order if any (it
 * must hold exactly these cards), else a shuffle from the RNG. `problem` says what is wrong with
 * a fixed order that does not fit.
 */
export function reshuffle(
  supply: DeckSupply,
  cards: readonly Card[],
): { pile: Card[]; supply: DeckSupply } | { problem: string } {
  const [first, ...rest] = supply.reshuffles ?? []
  if (first) {
    if (!isPermutationOf(first, cards))
      return { problem: `a new pile must hold exactly the ${cards.length} cards discarded so far` }
    const pile = first.slice()
    return {
      pile,
      supply: after(supply, supply.rng, supply.decks, rest, { kind: 'reshuffle', cards: pile, fixed: true }),
    }
  }
  const rng = new Rng(supply.rng)
  const pile = rng.shuffle(cards)
  return {
    pile,
    supply: after(supply, rng.state(), supply.decks, [], { kind: 'reshuffle', cards: pile, fixed: false }),
  }
}

/** A message when a fixed deck is not exactly the game's deck, else null. */
export function checkDeck(deck: readonly Card[], full: readonly Card[]): string | null {
  if (isPermutationOf(deck, full)) return null
  const want = new Set<string>(full)
  const seen = new Set<string>()
  for (const c of deck) {
    if (!want.has(c)) return `the deck holds ${c}, which is not in this game's ${full.length}-card deck`
    if (seen.has(c)) return `the deck holds ${c} twice`
    seen.add(c)
  }
  return `the deck has ${deck.length} cards; this game needs all ${full.length}`
}
