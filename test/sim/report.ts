import { runSeed, shrink, type RunResult } from './run.js'

/** How a seed is run from the command line: its steps, and how hard a failure is cut down. */
export interface ExamineOptions {
  readonly steps: number
  readonly shrink: boolean
  /** Runs the shrinking may spend at most. */
  readonly shrinkRuns: number
}

/** A seed's outcome as the command line prints it. */
export interface SeedReport {
  readonly seed: number
  readonly ok: boolean
  /** One line: what the run did, or which invariant broke at which step. */
  readonly headline: string
  /** Everything printed for the seed (for a failure: the message, the context and the shrunk steps). */
  readonly text: string
}

/**
 * Prints a failure: the seed, the step, the invariant and its message, then the steps cut down
 * (unless `shrink` is off) to a short list that still fails, as JSON for `--replay`.
 */
export async function report(
  result: RunResult & { ok: false },
  options: ExamineOptions,
  log: (line: string) => void,
): Promise<void> {
  log(`\nFAILED seed ${result.seed} at step ${result.step} (${JSON.stringify(result.ran.at(-1))})`)
  log(`invariant: ${result.invariant}\n${result.message}\n`)
  if (process.env.SIM_DEBUG) log(result.context)
  let steps = [...result.ran]
  if (options.shrink) {
    log(`shrinking ${steps.length} steps...`)
    steps = await shrink(result.seed, steps, result.invariant, options.shrinkRuns, (n, runs) =>
      log(`  ${n} steps still fail (${runs} runs)`),
    )
  }
  log(`\nsteps that reproduce it (save as a file, then: npm run sim -- --seed ${result.seed} --replay FILE):`)
  log(JSON.stringify(steps, null, 1))
}

/** Runs one seed and, when it fails, reports and shrinks it; `log` gets each line as it comes. */
export async function examineSeed(
  seed: number,
  options: ExamineOptions,
  log: (line: string) => void,
): Promise<SeedReport> {
  const lines: string[] = []
  const out = (line: string) => {
    lines.push(line)
    log(line)
  }
  let result: RunResult
  try {
    result = await runSeed(seed, options.steps)
  } catch (error) {
    // The world itself could not start or stop (a broken set-up, not an invariant).
    out(`\nFAILED seed ${seed}: the run could not go on: ${error instanceof Error ? error.stack : String(error)}`)
    return { seed, ok: false, headline: 'the run could not go on', text: lines.join('\n') }
  }
  if (result.ok) {
    out(
      `seed ${seed}: ${result.steps} steps, ${result.crashes} crashes, ${(result.ms / 1000).toFixed(1)} s: ok ${JSON.stringify(result.seen)}`,
    )
    return { seed, ok: true, headline: 'ok', text: lines.join('\n') }
  }
  await report(result, options, out)
  const headline = `"${result.invariant}" broke at step ${result.step} (${JSON.stringify(result.ran.at(-1))})`
  return { seed, ok: false, headline, text: lines.join('\n') }
}
