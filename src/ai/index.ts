import { decideBadugi, type BadugiHistory } from './badugi.js'
import { decideBugami, type BugamiHistory } from './bugami.js'
import { decideBura, type BuraHistory } from './bura.js'
import type { DecideOptions } from './budget.js'

export { AI_LEVELS, type AiLevel, type DecideOptions } from './budget.js'
export type { HistoryEntry, SeatHistory } from './history.js'
export type { BadugiHistory, BugamiHistory, BuraHistory }

export type AiHistory =
  | { readonly game: 'bugami'; readonly history: BugamiHistory }
  | { readonly game: 'bura'; readonly history: BuraHistory }
  | { readonly game: 'badugi'; readonly history: BadugiHistory }

/**
 * The AI's move for its seat, from that seat's history alone (see history.ts), or null when the
 * seat has nothing to do. Deterministic for the same history, level and seed unless `deadline` cuts it short.
 */
export function decide(input: AiHistory, opts: DecideOptions): unknown {
  switch (input.game) {
    case 'bugami':
      return decideBugami(input.history, opts)
    case 'bura':
      return decideBura(input.history, opts)
    case 'badugi':
      return decideBadugi(input.history, opts)
  }
}
