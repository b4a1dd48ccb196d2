import { doubling } from '../lib/backoff.js'
import type { Logger } from '../lib/log.js'
import { transient } from './transient.js'

/** How often a start-up request is tried, and the waits between tries: firstMs, doubling, at most maxMs. */
export interface Backoff {
  readonly attempts: number
  readonly firstMs: number
  readonly maxMs: number
}

/**
 * Start-up's requests (the gateway's address at login, the command registration): six tries over
 * about half a minute (1 + 2 + 4 + 8 + 16 s of waiting) ride out Discord failing for a moment; a
 * Discord down for longer ends the start, and the process supervisor's own restart takes over.
 */
export const START_UP_BACKOFF: Backoff = { attempts: 6, firstMs: 1000, maxMs: 16_000 }

/** Runs a start-up request (`what` names it in the log: `gateway`, `commands`), tried again while `transient`. */
export type StartUpRetry = <T>(what: string, work: () => Promise<T>) => Promise<T>

/**
 * `StartUpRetry` with `backoff`, logging each failure it waits out. The waits are real time, not
 * the bot's clock: nothing of the bot runs yet, and the process is what waits.
 */
export function startUpRetry(log: Logger, backoff: Backoff = START_UP_BACKOFF): StartUpRetry {
  return async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work()
      } catch (error) {
        if (attempt >= backoff.attempts || !transient(error)) throw error
        const waitMs = doubling(backoff.firstMs, attempt, backoff.maxMs)
        log.warn({ err: error, what, attempt, of: backoff.attempts, waitMs }, 'start-up request failed; trying again')
        await new Promise((resolve) => setTimeout(resolve, waitMs))
      }
    }
  }
}
