/**
 * Finishing places for the skill ratings (docs/ratings.md): 1 is best, equal places tie, null
 * for a seat that did not take part. Pure.
 */
export type Placings = readonly (number | null)[]

/** Places from scores where a higher score is better: equal scores share a place (1, 2, 2, 4). */
export function placesByScore(scores: readonly (number | null)[]): Placings {
  return scores.map((s) => (s === null ? null : 1 + scores.filter((o) => o !== null && o > s).length))
}
