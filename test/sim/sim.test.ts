import { describe, expect, it } from 'vitest'
import { generateSteps } from './steps.js'
import { runSeed, type RunResult } from './run.js'

/**
 * The simulator in CI: a few fixed seeds of the whole bot with faults (docs/reliability.md). A
 * failure prints the seed, the step and the steps that ran; `npm run sim -- --seed N --steps S`
 * repeats it and cuts the steps down.
 */
const SEEDS = [1, 2, 3, 4] as const
const STEPS = 120

function explain(result: RunResult): string {
  if (result.ok) return 'ok'
  return [
    `seed ${result.seed} broke "${result.invariant}" at step ${result.step}: ${JSON.stringify(result.ran.at(-1))}`,
    result.message,
    result.context,
    `repeat and shrink: npm run sim -- --seed ${result.seed} --steps ${STEPS}`,
  ].join('\n')
}

describe('whole-bot simulation', () => {
  it('a seed gives one list of steps', () => {
    expect(generateSteps(7, 50)).toEqual(generateSteps(7, 50))
    expect(generateSteps(7, 50)).not.toEqual(generateSteps(8, 50))
  })

  for (const seed of SEEDS)
    it(`seed ${seed}: ${STEPS} steps with faults, every invariant after every step`, { timeout: 300_000 }, async () => {
      const result = await runSeed(seed, STEPS)
      expect(result.ok, explain(result)).toBe(true)
      // The run played: tables were opened and moves made (else it would prove nothing).
      if (result.ok) expect(result.seen.logEntries).toBeGreaterThan(0)
    })
})
