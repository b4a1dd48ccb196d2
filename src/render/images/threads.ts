import { availableParallelism } from 'node:os'

/**
 * How many threads draw the pictures (IMAGE_THREADS, set at start-up before the first picture):
 * by default one fewer than the machine's cores, at least one; 0 draws on the bot's own thread.
 * A file of its own so that setting it loads no drawing code.
 */
let threads = Math.max(1, availableParallelism() - 1)

export function setDrawThreads(n: number): void {
  threads = n
}

export const drawThreads = (): number => threads
