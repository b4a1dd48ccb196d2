import type { Step } from './steps.js'

/**
 * Holes of issue 33 that other helpers are closing while the simulator is written. While a hole is
 * listed here, the simulator neither runs the action that finds it nor checks the invariant it
 * breaks; each entry names the hole and the seed that found it. The lead removes an entry once its
 * fix is on main (`npm run sim -- --seeds 1000` must then run clean); the list ends empty.
 *
 * Found and closed already: hole 2's early timer (seed 4, step 137: a deadline timer firing 50 ms
 * early was refused as "not due" and never armed again) and its failed expiry (seed 6, step 104:
 * an expiry whose commit failed was only logged); both run clean on the deadline sweep.
 */
export type KnownHole =
  /** Hole 4 (seed 1, step 21): a lobby that never starts stays open for ever. Skips the lobby-expiry check. */
  | 'lobby-expiry'
  /**
   * Hole 5 (seed 8, step 120): a table in a deleted channel or thread, or in a server the bot was
   * removed from, stays open with its chips. Channels and servers are not deleted while it is listed.
   */
  | 'gone-channels'

export const KNOWN_HOLES: ReadonlySet<KnownHole> = new Set<KnownHole>(['lobby-expiry', 'gone-channels'])

/** The invariants the listed holes break (invariants.ts skips them). */
export function skippedInvariants(): ReadonlySet<string> {
  const skipped = new Set<string>()
  if (KNOWN_HOLES.has('lobby-expiry')) skipped.add('lobby-expiry')
  return skipped
}

/** The step to run instead of `step` while its hole is open (null: none). */
export function guardStep(step: Step): Step | null {
  if ((step.kind === 'deleteChannel' || step.kind === 'removeBot') && KNOWN_HOLES.has('gone-channels')) return null
  return step
}
