import { isPermutationOf, type Card } from './cards.js'
import { Rng, type RngState } from './rng.js'

/**
 * Where a table's decks come from: the decks a scenario fixed, in order, then shuffles
 * drawn from the seeded RNG. Kept in the game state so the next deal is deterministic.
 */
export interface DeckSupply {
  readonly rng: RngState
  readonly decks: readonly (readonly Card[])[]
}

/** Takes the next deck: the first fixed one if any, else a fresh shuffle of `full`. */
export function nextDeck(supply: DeckSupply, full: readonly Card[]): { deck: Card[]; supply: DeckSupply } {
  const [first, ...rest] = supply.decks
  if (first) return { deck: first.slice(), supply: { rng: supply.rng, decks: rest } }
  const rng = new Rng(supply.rng)
  const deck = rng.shuffle(full)
  return { deck, supply: { rng: rng.state(), decks: [] } }
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
