import type { TimelyAnswer } from '../discord/timely-answer.js'
import { FairGate } from '../lib/gate.js'

/**
 * Moves and private views, the work a busy table repeats (a database change, pictures): at most
 * this many at once. Without a limit a busy bot starts every click's work together and none ends
 * in time. A click waiting its turn is still acknowledged in time: its handler started its timely
 * answer before, which defers it when the answer is not ready soon enough.
 */
const WORK_AT_ONCE = 6
/**
 * One member's work one job at a time, the places going round the members who wait: a member
 * clicking Refresh fifty times never holds up another player's move (their rate is limited at the
 * router too, `MemberLimit`).
 */
const work = new FairGate(WORK_AT_ONCE, 1)

/** How much each job's wall time moves the running mean (about the last 20 jobs count). */
const SMOOTHING = 0.05
/** The mean wall time of a job (real ms), over the recent ones. */
let meanJobMs = 0

/**
 * Runs a click's work among the bot's others, as `member`'s (their user id). Only the work: the
 * answer is sent, and the channel waited for, after the job has given its place up, so no place is
 * held while Discord answers. A click that joins a queue it will not leave before its `answer`'s
 * window closes (by the recent jobs' pace) is acknowledged now rather than when the window closes:
 * the same deferral, sooner, never behind other tables' work.
 */
export function inTurn<T>(member: string, job: () => Promise<T>, answer?: TimelyAnswer): Promise<T> {
  if (answer && work.wouldWait(member)) {
    const expectedMs = ((work.waitingKeys + 1) / WORK_AT_ONCE) * meanJobMs + meanJobMs
    if (expectedMs > answer.msLeft()) answer.defer().catch(() => undefined)
  }
  return work.run(member, async () => {
    const started = performance.now()
    try {
      return await job()
    } finally {
      const took = performance.now() - started
      meanJobMs = meanJobMs === 0 ? took : meanJobMs + SMOOTHING * (took - meanJobMs)
    }
  })
}
