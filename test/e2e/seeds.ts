/**
 * Where a world's game seeds start counting. Seeds 6 to 15 deal no combination in game 1 of Bura
 * for 2, 3 or 4 players (a Bura would end the game at once, another combination makes the first
 * move an answer instead of a lead), so a test's first games open with a plain lead; a test about
 * a combination passes its own `seeds`. `seeds.test.ts` holds the harness to this.
 */
export const FIRST_SEED = 6

/** Seeds counting up from `first`: every run deals the same cards, yet each game differs from the last. */
export function countingSeeds(first = FIRST_SEED): () => number {
  let next = first
  return () => next++
}
