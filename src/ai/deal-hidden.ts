import type { Card } from '../core/cards.js'
import type { Rng } from '../core/rng.js'

/** Someone (a seat, the leftovers, the pile) who must get `count` of the unseen cards. */
export interface Holder {
  readonly count: number
  /** Cards this holder cannot have (a suit it showed it lacks). */
  readonly excludes: (card: Card) => boolean
}

/**
 * Deals the unseen cards at random to the holders, respecting what each cannot hold: the most
 * constrained cards go first, each to a random holder with room, weighted by the room left.
 * Returns null when this try got stuck (the caller draws again).
 */
export function dealHidden(unseen: readonly Card[], holders: readonly Holder[], rng: Rng): Card[][] | null {
  const room = holders.map((h) => h.count)
  const out: Card[][] = holders.map(() => [])
  const cards = rng.shuffle(unseen)
  const options = cards.map((c) => holders.map((h, i) => (h.excludes(c) ? -1 : i)).filter((i) => i >= 0))
  const order = cards.map((_, i) => i).sort((a, b) => options[a]!.length - options[b]!.length)
  for (const i of order) {
    let total = 0
    for (const hIdx of options[i]!) total += room[hIdx]!
    if (total === 0) return null
    let r = rng.int(total)
    for (const hIdx of options[i]!) {
      if (r < room[hIdx]!) {
        out[hIdx]!.push(cards[i]!)
        room[hIdx]!--
        break
      }
      r -= room[hIdx]!
    }
  }
  return room.every((r) => r === 0) ? out : null
}
