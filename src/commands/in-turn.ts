import { Gate } from '../lib/gate.js'

/**
 * Moves and private views, the work a busy table repeats (a database change, pictures): at most
 * this many at once. Without a limit a busy bot starts every click's work together and none ends
 * in time. A click waiting its turn is still acknowledged in time: its handler started its timely
 * answer before, which defers it when the answer is not ready soon enough.
 */
const WORK_AT_ONCE = 6
const work = new Gate(WORK_AT_ONCE)

/**
 * Runs a click's work among the bot's others. Only the work: the answer is sent, and the channel
 * waited for, after the job has given its place up, so no place is held while Discord answers.
 */
export function inTurn<T>(job: () => Promise<T>): Promise<T> {
  return work.run(job)
}
