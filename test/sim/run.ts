import { writeFileSync } from 'node:fs'
import { isAiSeat } from '../../src/tables/ai-seats.js'
import { Checker, InvariantViolation } from './invariants.js'
import { generateSteps, runStep, type Step, type StepOutcome } from './steps.js'
import { NO_FAULTS, SimWorld, type WorldOptions } from './world.js'

/** How a run ended: every step held every invariant, or the first step that broke one. */
export type RunResult =
  | { readonly ok: true; readonly steps: number; readonly crashes: number; readonly ms: number; readonly seen: Seen }
  | {
      readonly ok: false
      readonly seed: number
      /** Index of the failing step in the list that ran. */
      readonly step: number
      readonly invariant: string
      readonly message: string
      /** The steps that ran, up to and including the failing one. */
      readonly ran: readonly Step[]
      /** The faults in force and the bot's last log lines at the failure. */
      readonly context: string
    }

/**
 * Real time a step may go without any sign of life before the run fails as hung (the bot waits for
 * something that never comes). A step that is only slow (a long time step on a loaded machine)
 * keeps moving the clock, the bot's log or its Discord requests, and runs on.
 */
const STEP_LIMIT_MS = 90_000
/** A check later than this past its time was held up by the machine, not by the bot. */
const LATE_CHECK_MS = 10_000

/**
 * Rejects if `work` has not settled and `progress` has not changed for STEP_LIMIT_MS. A check that
 * runs far later than armed finds the process was suspended or starved of CPU (SIGSTOP, a swamped
 * machine) rather than the bot stuck: it looks again a full limit later.
 */
async function inTime<T>(step: number, work: Promise<T>, progress: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    let seen = progress()
    let armedAt = Date.now()
    const arm = () => {
      armedAt = Date.now()
      timer = setTimeout(check, STEP_LIMIT_MS)
    }
    const check = () => {
      const now = progress()
      if (now === seen && Date.now() - armedAt < STEP_LIMIT_MS + LATE_CHECK_MS)
        reject(new InvariantViolation('every step finishes', `step ${step} made no progress for ${STEP_LIMIT_MS} ms`))
      seen = now
      arm()
    }
    arm()
  })
  try {
    return await Promise.race([work, limit])
  } finally {
    clearTimeout(timer)
  }
}

/** After the faults stop, time passes this long in small moves before the table messages are compared. */
const CALM_MS = 10 * 60_000
const CALM_TICK_MS = 30_000

/** The faults stop and CALM_MS pass in small moves: the bot's retries and sweeps run meanwhile. */
export async function calm(world: SimWorld): Promise<void> {
  world.faults = { ...NO_FAULTS }
  for (let t = 0; t < CALM_MS; t += CALM_TICK_MS) await world.advance(CALM_TICK_MS)
}

/**
 * Runs `steps` (by default the seed's generated list of `count`) against a fresh world, checking
 * the invariants after each; a final calm checks that the table messages converge.
 */
export async function runSteps(seed: number, steps: readonly Step[], options: WorldOptions = {}): Promise<RunResult> {
  const started = Date.now()
  const world = await SimWorld.start(seed, options)
  const checker = new Checker(world)
  const signOfLife = () =>
    `${world.discord.clock.now()} ${world.logLines.length} ${JSON.stringify(world.discord.requestCounts)}`
  const ran: Step[] = []
  const all: Step[] = [...steps, { kind: 'calm' }]
  try {
    for (let i = 0; i < all.length; i++) {
      const step = all[i]!
      ran.push(step)
      world.beginStep(i)
      await checker.beforeStep()
      const out: StepOutcome = { moves: [], calm: false }
      if (process.env.SIM_TRACE) console.log(`step ${i}: ${JSON.stringify(step)}`)
      try {
        const work = world.withoutAnswerWaits(runStep(world, step, out)).then(() => world.idle())
        await inTime(i, Promise.race([work, world.crash]), signOfLife)
        if (world.isDead) {
          work.catch(() => {})
          await inTime(
            i,
            world.restartAfterCrash().then(() => world.idle()),
            signOfLife,
          )
        }
        if (out.calm) await calm(world)
        await checker.afterStep(out)
      } catch (error) {
        const invariant = error instanceof InvariantViolation ? error.invariant : 'the step runs'
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
        if (process.env.SIM_LOG) writeFileSync(process.env.SIM_LOG, world.logLines.join('\n'))
        const context = `faults ${JSON.stringify(world.faults)}, crashes ${world.crashes.join(' ')}\n${world.logLines.slice(-12).join('\n')}`
        return { ok: false, seed, step: i, invariant, message, ran, context }
      }
    }
    return {
      ok: true,
      steps: all.length,
      crashes: world.crashes.length,
      ms: Date.now() - started,
      seen: await seen(world),
    }
  } finally {
    await world.close()
  }
}

/** What a run went through, so a reader can tell it did something: tables, moves, games, faults. */
export interface Seen {
  readonly tables: number
  readonly practiceTables: number
  readonly logEntries: number
  readonly games: number
  readonly discordErrors: number
  readonly failedInteractions: number
}

async function seen(world: SimWorld): Promise<Seen> {
  const db = world.bot.store.prisma
  const tables = await db.gameTable.findMany({ select: { gamesPlayed: true, seats: { select: { userId: true } } } })
  return {
    tables: tables.length,
    practiceTables: tables.filter((t) => t.seats.some((s) => isAiSeat(s.userId))).length,
    logEntries: await db.actionLog.count(),
    games: tables.reduce((a, t) => a + t.gamesPlayed, 0),
    discordErrors: world.discord.errors.length,
    failedInteractions: world.discord.failedInteractions.length,
  }
}

export function runSeed(seed: number, count: number, options: WorldOptions = {}): Promise<RunResult> {
  return runSteps(seed, generateSteps(seed, count), options)
}

/**
 * Cuts a failing step list down (delta debugging, ddmin): drops chunks of steps, halving the chunk
 * size, as long as the run still breaks the same invariant. Stops after `maxRuns` runs; returns the
 * shortest list found that fails.
 */
export async function shrink(
  seed: number,
  failing: readonly Step[],
  invariant: string,
  maxRuns = 60,
  onProgress: (steps: number, runs: number) => void = () => {},
  options: WorldOptions = {},
): Promise<Step[]> {
  let best = [...failing]
  let runs = 0
  const stillFails = async (candidate: Step[]): Promise<Step[] | null> => {
    runs++
    const r = await runSteps(seed, candidate, options)
    return !r.ok && r.invariant === invariant ? [...r.ran.filter((s) => candidate.includes(s))] : null
  }
  let chunks = 2
  while (best.length >= 2 && runs < maxRuns) {
    const size = Math.ceil(best.length / chunks)
    let cut = false
    for (let start = 0; start < best.length && runs < maxRuns; start += size) {
      const candidate = [...best.slice(0, start), ...best.slice(start + size)]
      const shorter = await stillFails(candidate)
      if (shorter) {
        best = shorter
        chunks = Math.max(chunks - 1, 2)
        cut = true
        onProgress(best.length, runs)
        break
      }
    }
    if (!cut) {
      if (size === 1) break
      chunks = Math.min(chunks * 2, best.length)
    }
  }
  return best
}
