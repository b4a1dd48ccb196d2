/** How much thinking a level may do. Iterations are deterministic; the clock only ever cuts a search short. */
export type AiLevel = 'easy' | 'normal' | 'strong'

export const AI_LEVELS: readonly AiLevel[] = ['easy', 'normal', 'strong']

export interface Budget {
  /** Determinisations (hidden cards sampled consistently with the seat's history) per decision. */
  readonly samples: number
  /**
   * Easy only: share of moves where the beginner forgets the expert's rules and plays the cautious
   * automatic move instead (it never declares, bets or counts then); the rest are the expert's moves.
   */
  readonly slips: number
  /** Playouts follow the game's expert rules for every seat (else the fast automatic move). */
  readonly expertRollouts: boolean
}

export const BUDGETS: Record<AiLevel, Budget> = {
  easy: { samples: 1, slips: 0.35, expertRollouts: false },
  normal: { samples: 24, slips: 0, expertRollouts: false },
  strong: { samples: 64, slips: 0, expertRollouts: true },
}

export interface DecideOptions {
  readonly level: AiLevel
  /** Makes the decision reproducible: same history, level and seed, same move. */
  readonly seed: number
  /** performance.now() time after which the search stops sampling and answers with what it has. */
  readonly deadline?: number
}

/**
 * True while the search may take another sample: always at least one, then until the budget, or
 * until two samples as long as the longest so far (`sampleMs`) would end past the deadline (the
 * second is slack for a busy machine, where a sample can take far longer than the ones before).
 */
export function mayContinue(done: number, budget: Budget, deadline: number | undefined, sampleMs = 0): boolean {
  if (done === 0) return true
  if (done >= budget.samples) return false
  return deadline === undefined || performance.now() + 2 * sampleMs < deadline
}
