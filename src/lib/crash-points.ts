import { readFileSync } from 'node:fs'

/**
 * The moments between a change's commit and the last Discord call that shows it, where a crash
 * leaves Discord behind the database (the outbox catches up after a restart).
 */
export type CrashPoint =
  | 'committed'
  | 'pings-deleted'
  | 'table-posted'
  | 'table-shown'
  | 'result-posted'
  | 'final-posted'
  | 'ping-posted'
  | 'shown'

// Test-only, and off unless both are set: NODE_ENV=test and BOT_CRASH_FILE naming a file.
const CRASH_FILE = process.env.NODE_ENV === 'test' ? process.env.BOT_CRASH_FILE : undefined

let inProcess: ((point: CrashPoint) => void) | null = null

/**
 * Test-only: `hook` runs at every crash point of this process (null removes it). The simulator
 * crashes the bot in process through it: the hook stops the bot's database and timers and throws,
 * so nothing after the point runs.
 */
export function onCrashPoint(hook: ((point: CrashPoint) => void) | null): void {
  inProcess = hook
}

/**
 * A test hook: kills the process with SIGKILL when the point named in BOT_CRASH_FILE is reached.
 * The file is read at every pass, so a test arms a point just before the action it crashes.
 */
export function crashPoint(point: CrashPoint): void {
  inProcess?.(point)
  if (!CRASH_FILE) return
  let armed: string
  try {
    armed = readFileSync(CRASH_FILE, 'utf8').trim()
  } catch {
    return
  }
  if (armed === point) process.kill(process.pid, 'SIGKILL')
}
