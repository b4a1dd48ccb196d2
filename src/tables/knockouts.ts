import type { Placing } from '../store/ratings.js'
import type { Bust, Knockouts } from '../store/tables.js'

/**
 * A freeze-out's finishing order for the skill ratings (docs/ratings.md): the players still in
 * at the end first, by chips (one winner when the freeze-out was played out); then the players
 * knocked out, the last to go ranking highest; knocked out in the same hand, by the chips they
 * began that hand with (equal chips tie). Pure.
 */
export function freezeoutPlacings(
  survivors: readonly { userId: string; stack: number }[],
  out: readonly Bust[],
): Placing[] {
  const ahead = (a: Bust, b: Bust) => a.hand > b.hand || (a.hand === b.hand && a.stack > b.stack)
  const placings = survivors.map((s) => ({
    userId: s.userId,
    place: 1 + survivors.filter((o) => o.stack > s.stack).length,
  }))
  for (const b of out)
    placings.push({ userId: b.userId, place: 1 + survivors.length + out.filter((o) => ahead(o, b)).length })
  return placings
}

/** The knock-outs after a hand of a freeze-out ended: every player left without chips is out, once. */
export function knockOut(
  k: Knockouts,
  hand: number,
  seats: readonly { userId: string; stack: number; position: number | null }[],
): Knockouts {
  const gone = new Set(k.out.map((b) => b.userId))
  const out = [...k.out]
  for (const s of seats)
    if (s.position !== null && s.stack === 0 && !gone.has(s.userId) && (k.start[s.userId] ?? 0) > 0)
      out.push({ userId: s.userId, hand, stack: k.start[s.userId]! })
  return { start: k.start, out }
}
