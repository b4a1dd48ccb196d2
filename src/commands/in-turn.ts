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

/**
 * Runs a click's work among the bot's others, as `member`'s (their user id). Only the work: the
 * answer is sent, and the channel waited for, after the job has given its place up, so no place is
 * held while Discord answers.
 */
export function inTurn<T>(member: string, job: () => Promise<T>): Promise<T> {
  return work.run(member, job)
}
