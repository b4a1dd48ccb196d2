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
  /**
   * Hole 2 (seed 6, step 104): a deadline whose expiry fails (a database error) is only logged, never
   * tried again. Deadline expiries never fail at their commit while it is listed.
   */
  | 'failed-expiry'
  /**
   * Hole 5 (seed 8, step 120): a table in a deleted channel or thread, or in a server the bot was
   * removed from, stays open with its chips. Channels and servers are not deleted while it is listed.
   */
  | 'gone-channels'

export const KNOWN_HOLES: ReadonlySet<KnownHole> = new Set<KnownHole>([
  'lobby-expiry',
  'early-timers',
  'failed-expiry',
  'gone-channels',
])

/** Whether a commit may fail now: not a deadline's expiry (the bot's `onDeadline`) while hole 2 is open. */
export function commitMayFail(): boolean {
  return !(KNOWN_HOLES.has('failed-expiry') && /\bonDeadline\b/.test(new Error().stack ?? ''))
}

/** The invariants the listed holes break (invariants.ts skips them). */
export function skippedInvariants(): ReadonlySet<string> {
  const skipped = new Set<string>()
  if (KNOWN_HOLES.has('lobby-expiry')) skipped.add('lobby-expiry')
  return skipped
}

/** The step to run instead of `step` while its hole is open (null: none). */
export function guardStep(step: Step): Step | null {
  if ((step.kind === 'deleteChannel' || step.kind === 'removeBot') && KNOWN_HOLES.has('gone-channels')) return null
  if (step.kind === 'faults' && step.faults.timerSkewMs < 0 && KNOWN_HOLES.has('early-timers'))
    return { ...step, faults: { ...step.faults, timerSkewMs: 0 } }
  return step
}
