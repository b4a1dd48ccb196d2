/**
 * Time as the bot sees it: deadlines, reminders and "now" all go through a Clock so that tests
 * can move time forward instead of waiting (see src/sandbox/discord/manual-clock.ts).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
  /** Calls `fn` once at (or soon after) the time `at`; returns a function that cancels it. */
  schedule(at: number, fn: () => void): () => void
}

// setTimeout takes at most 2^31-1 ms (about 24.8 days); longer waits are re-armed in steps.
const MAX_DELAY = 2_147_483_647

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(at, fn) {
    let timer: NodeJS.Timeout
    const arm = () => {
      const delay = at - Date.now()
      timer = setTimeout(delay > MAX_DELAY ? arm : fn, Math.max(0, Math.min(delay, MAX_DELAY)))
      timer.unref?.()
    }
    arm()
    return () => clearTimeout(timer)
  },
}
