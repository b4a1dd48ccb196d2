import type { Step } from './steps.js'

/**
 * Holes of issue 33 that other helpers are closing while the simulator is written. While a hole is
 * listed here, the simulator neither runs the action that finds it nor checks the invariant it
 * breaks; each entry names the hole and the seed that found it. The lead removes an entry once its
 * fix is on main (`npm run sim -- --seeds 1000` must then run clean); the list ends empty.
 */
export type KnownHole =
  /** Hole 4 (seed 1, step 21): a lobby that never starts stays open for ever. Skips the lobby-expiry check. */
  | 'lobby-expiry'
  /**
   * Hole 2 (seed 4, step 137): a deadline timer that fires early is refused as "not due" and never
   * armed again; the table waits for ever. Timers fire late (never early) while it is listed.
   */
  | 'early-timers'

export const KNOWN_HOLES: ReadonlySet<KnownHole> = new Set<KnownHole>(['lobby-expiry', 'early-timers'])

/** The invariants the listed holes break (invariants.ts skips them). */
export function skippedInvariants(): ReadonlySet<string> {
  const skipped = new Set<string>()
  if (KNOWN_HOLES.has('lobby-expiry')) skipped.add('lobby-expiry')
  return skipped
}

/** The step to run instead of `step` while its hole is open (null: none). */
export function guardStep(step: Step): Step | null {
  if (step.kind === 'faults' && step.faults.timerSkewMs < 0 && KNOWN_HOLES.has('early-timers'))
    return { ...step, faults: { ...step.faults, timerSkewMs: 0 } }
  return step
}
