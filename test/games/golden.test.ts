import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { engineIds } from '../../src/games/registry.js'
import { replayText } from '../support/replay.js'

/**
 * Golden playthroughs: whole games per engine as scenario files (docs/rules/scenarios.md;
 * `golden/<game>/<name>.json`, recorded from the engines' random moves), each with the full
 * output of `npm run replay` (exit code and printed object, every event included) checked in next
 * to it as `<name>.replay.json` and compared character for character. Any change to what an
 * engine does or reports shows up here as a diff to read. When the change is meant,
 * `UPDATE_GOLDEN=1 npx vitest run test/games/golden.test.ts` rewrites the outputs.
 */

const root = join(import.meta.dirname, 'golden')
const update = process.env.UPDATE_GOLDEN === '1'
const OUTPUT = '.replay.json'

const scenariosOf = (game: string): string[] =>
  existsSync(join(root, game))
    ? readdirSync(join(root, game))
        .filter((f) => f.endsWith('.json') && !f.endsWith(OUTPUT))
        .sort()
    : []

/** What `npm run replay` gives for a file: its exit code and the object it prints. */
function replayed(file: string): string {
  const { exitCode, output } = replayText(readFileSync(file, 'utf8'))
  return JSON.stringify({ exitCode, output }, null, 1) + '\n'
}

for (const game of engineIds()) {
  describe(`${game} golden playthroughs`, () => {
    it('has some', () => {
      expect(
        scenariosOf(game).length,
        `add whole games as scenario files under test/games/golden/${game}/`,
      ).toBeGreaterThan(0)
    })

    for (const scenario of scenariosOf(game)) {
      it(`${scenario} replays exactly as recorded`, () => {
        const file = join(root, game, scenario)
        const outFile = file.slice(0, -'.json'.length) + OUTPUT
        const actual = replayed(file)
        if (update) writeFileSync(outFile, actual)
        expect(existsSync(outFile), `no ${outFile}: run with UPDATE_GOLDEN=1 to record it`).toBe(true)
        const recorded = JSON.parse(readFileSync(outFile, 'utf8')) as { exitCode: number }
        // A golden playthrough is a whole game that the rules accept to its last move.
        expect(recorded.exitCode).toBe(0)
        expect(actual).toBe(readFileSync(outFile, 'utf8'))
      })
    }
  })
}
