import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { inParallel } from './pool.js'
import { examineSeed, report, type SeedReport } from './report.js'
import { runSteps } from './run.js'
import type { Step } from './steps.js'

/**
 * `npm run sim -- --seed N --steps S`: one simulated run; `--seeds K` runs seeds N..N+K-1 (N
 * defaults to 1), `--jobs J` in J child processes at once; `--replay FILE` runs a step list printed
 * by a failing run (with its `--seed`). On a failure it prints the seed, the step and the steps,
 * cut down to a short list that still fails; a run of several seeds ends with a summary.
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    seeds: { type: 'string' },
    steps: { type: 'string', default: '200' },
    jobs: { type: 'string', default: '1' },
    replay: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
    'shrink-runs': { type: 'string', default: '60' },
    // A child process of `--jobs`: takes seeds from its parent, sends back each seed's report.
    worker: { type: 'boolean', default: false },
  },
})

/** A whole number of at least `min` given as `--name`; anything else (`--seeds 1-150`) ends the run with why. */
function count(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} takes a whole number of at least ${min}, not "${text}"`)
    process.exit(2)
  }
  return n
}

const options = {
  steps: count('steps', values.steps, 200),
  shrink: !values['no-shrink'],
  shrinkRuns: count('shrink-runs', values['shrink-runs'], 60),
}
const first = count('seed', values.seed, 1, 0)
const seeds = count('seeds', values.seeds, 1)
const jobs = Math.min(count('jobs', values.jobs, 1), seeds)

function summary(reports: readonly SeedReport[]): string {
  const failed = reports.filter((r) => !r.ok).sort((a, b) => a.seed - b.seed)
  const lines = [`\n${reports.length - failed.length} of ${reports.length} seeds clean`]
  for (const r of failed) lines.push(`  seed ${r.seed}: ${r.headline}`)
  return lines.join('\n')
}

async function main(): Promise<number> {
  if (values.worker) {
    process.on('message', (seed: number) => {
      void examineSeed(seed, options, () => {}).then((r) => process.send!(r))
    })
    return new Promise<number>(() => {})
  }
  if (values.replay) {
    const steps = JSON.parse(readFileSync(values.replay, 'utf8')) as Step[]
    const result = await runSteps(first, steps)
    if (!result.ok) {
      await report(result, options, (line) => console.log(line))
      return 1
    }
    console.log(`seed ${first}: ${steps.length} steps replayed, every invariant held`)
    return 0
  }
  const all = Array.from({ length: seeds }, (_, i) => first + i)
  const reports: SeedReport[] = []
  if (jobs === 1) {
    for (const seed of all) reports.push(await examineSeed(seed, options, (line) => console.log(line)))
  } else {
    const args = ['--worker', '--steps', values.steps, '--shrink-runs', values['shrink-runs']]
    if (values['no-shrink']) args.push('--no-shrink')
    await inParallel(import.meta.filename, args, all, jobs, (r) => {
      console.log(r.text)
      reports.push(r)
    })
  }
  if (seeds > 1) console.log(summary(reports))
  return reports.every((r) => r.ok) ? 0 : 1
}

// The fake Discord's failed interactions reject promises nobody awaits once a crashed bot is left behind.
process.on('unhandledRejection', (error) => {
  if (process.env.SIM_DEBUG) console.error('unhandled rejection (ignored):', error)
})

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(2)
  },
)
