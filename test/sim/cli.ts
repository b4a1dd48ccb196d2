import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { runSeed, runSteps, shrink, type RunResult } from './run.js'
import type { Step } from './steps.js'

/**
 * `npm run sim -- --seed N --steps S`: one simulated run; `--seeds K` runs seeds 1..K (or from
 * `--seed`); `--replay FILE` runs a step list printed by a failing run (with its `--seed`). On a
 * failure it prints the seed, the step and the steps, cut down to a short list that still fails.
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    seeds: { type: 'string' },
    steps: { type: 'string', default: '200' },
    replay: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
    'shrink-runs': { type: 'string', default: '60' },
  },
})

const count = Number(values.steps)
const first = values.seed !== undefined ? Number(values.seed) : 1
const seeds = values.seeds !== undefined ? Number(values.seeds) : 1

async function report(result: RunResult & { ok: false }): Promise<void> {
  console.log(`\nFAILED seed ${result.seed} at step ${result.step} (${JSON.stringify(result.ran.at(-1))})`)
  console.log(`invariant: ${result.invariant}\n${result.message}\n`)
  if (process.env.SIM_DEBUG) console.log(result.context)
  let steps = [...result.ran]
  if (!values['no-shrink']) {
    console.log(`shrinking ${steps.length} steps...`)
    steps = await shrink(result.seed, steps, result.invariant, Number(values['shrink-runs']), (n, runs) =>
      console.log(`  ${n} steps still fail (${runs} runs)`),
    )
  }
  console.log(`\nsteps that reproduce it (save as a file, then: npm run sim -- --seed ${result.seed} --replay FILE):`)
  console.log(JSON.stringify(steps, null, 1))
}

async function main(): Promise<number> {
  if (values.replay) {
    const steps = JSON.parse(readFileSync(values.replay, 'utf8')) as Step[]
    const result = await runSteps(first, steps)
    if (!result.ok) {
      await report(result)
      return 1
    }
    console.log(`seed ${first}: ${steps.length} steps replayed, every invariant held`)
    return 0
  }
  let failed = 0
  for (let seed = first; seed < first + seeds; seed++) {
    const result = await runSeed(seed, count)
    if (result.ok) {
      console.log(
        `seed ${seed}: ${result.steps} steps, ${result.crashes} crashes, ${(result.ms / 1000).toFixed(1)} s: ok ${JSON.stringify(result.seen)}`,
      )
      continue
    }
    failed++
    await report(result)
  }
  console.log(`\n${seeds - failed} of ${seeds} seeds clean`)
  return failed ? 1 : 0
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
