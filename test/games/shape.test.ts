import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../../src/games/registry.js'

/**
 * Every game folder has the same shape (docs/adding-a-game.md), so a reader who knows one game
 * finds their way in the others: the same files with the same exports, each of them the one the
 * engine uses, and the same test files.
 */

const root = join(import.meta.dirname, '../..')

/** File → the exports it must have, each the engine member of the same name (`engine.ts`: the engine itself). */
const FILES: Record<string, readonly string[]> = {
  'engine.ts': [],
  'types.ts': [],
  'actions.ts': ['actionSchema'],
  'options.ts': ['optionsSchema'],
  'auto.ts': ['autoAction', 'randomAction'],
  'view.ts': ['view', 'hiddenFrom'],
  'context.ts': ['moveContext'],
  'invariants.ts': ['invariants'],
  'index.ts': [],
}

const TESTS = ['helpers.ts', 'play.test.ts', 'properties.test.ts', 'replay.test.ts', 'scenarios']

for (const [id, engine] of Object.entries(ENGINES)) {
  describe(`src/games/${id}`, () => {
    it('has the files every game has, each exporting what the engine uses', async () => {
      for (const [file, names] of Object.entries(FILES)) {
        const path = join(root, 'src/games', id, 'rules', file)
        expect(existsSync(path), `src/games/${id}/rules/${file}`).toBe(true)
        const module = (await import(path)) as Record<string, unknown>
        for (const name of names)
          expect(module[name], `${file} exports ${name}, the engine's ${name}`).toBe(
            (engine as unknown as Record<string, unknown>)[name],
          )
      }
    })

    it(`exports its engine as ${id}Engine from rules/engine.ts and rules/index.ts`, async () => {
      for (const file of ['engine.ts', 'index.ts']) {
        const module = (await import(join(root, 'src/games', id, 'rules', file))) as Record<string, unknown>
        expect(module[`${id}Engine`], `${file} exports ${id}Engine`).toBe(engine)
      }
    })

    it('has the test files every game has, and golden playthroughs', () => {
      for (const file of TESTS)
        expect(existsSync(join(root, 'test/games', id, file)), `test/games/${id}/${file}`).toBe(true)
      expect(existsSync(join(root, 'test/games/golden', id)), `test/games/golden/${id}`).toBe(true)
    })
  })
}
