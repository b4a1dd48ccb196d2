import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../../src/games/registry.js'
import { GAMES } from '../../src/games/registry.js'

/**
 * Every game folder has the same shape (docs/adding-a-game.md), so a reader who knows one game
 * finds their way in the others: the same files with the same exports, each of them the one the
 * engine or the game module uses, and the same test files.
 */

const root = join(import.meta.dirname, '../..')

/** File → the exports it must have, each the engine member of the same name (`engine.ts`: the engine itself). */
const FILES: Record<string, readonly string[]> = {
  'engine.ts': [],
  'types.ts': [],
  'actions.ts': ['actionSchema'],
  'options.ts': ['optionsSchema'],
  'legal.ts': ['legalActions'],
  'play.ts': [],
  'auto.ts': ['autoAction', 'randomAction'],
  'view.ts': ['view', 'hiddenFrom'],
  'context.ts': ['moveContext'],
  'invariants.ts': ['invariants'],
  'index.ts': [],
}

/** The game's Discord side beside `rules/`: the same files in every game (scene.ts and ai.ts where it has them). */
const SIDE_FILES = ['module.ts', 'render.ts', 'private-view.ts', 'event-lines.ts', 'rules-pages.ts']

const title = (id: string) => id[0]!.toUpperCase() + id.slice(1)
const load = async (id: string, file: string) =>
  (await import(join(root, 'src/games', id, file))) as Record<string, unknown>

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

    it(`exports its module as ${id}Game from module.ts, with its rules pages from rules-pages.ts`, async () => {
      for (const file of SIDE_FILES)
        expect(existsSync(join(root, 'src/games', id, file)), `src/games/${id}/${file}`).toBe(true)
      const module = GAMES[id as keyof typeof GAMES]
      expect((await load(id, 'module.ts'))[`${id}Game`], `module.ts exports ${id}Game`).toBe(module)
      expect(module.engine).toBe(engine)
      expect((await load(id, 'rules-pages.ts'))[`${id}Rules`], `rules-pages.ts exports ${id}Rules`).toBe(module.rulesIn)
    })

    it('has its pictures in scene.ts and its AI in ai.ts, where its module has them', async () => {
      const module = GAMES[id as keyof typeof GAMES]
      expect(existsSync(join(root, 'src/games', id, 'scene.ts')), `src/games/${id}/scene.ts`).toBe(!!module.scenes)
      if (module.scenes) {
        const scene = await load(id, 'scene.ts')
        expect(scene.tableScene, "scene.ts exports the module's tableScene").toBe(module.scenes.tableScene)
        expect(scene.handScene, "scene.ts exports the module's handScene").toBe(module.scenes.handScene)
      }
      expect(existsSync(join(root, 'src/games', id, 'ai.ts')), `src/games/${id}/ai.ts`).toBe(!!module.ai)
      if (module.ai)
        expect((await load(id, 'ai.ts'))[`decide${title(id)}`], `ai.ts exports decide${title(id)}`).toBe(module.ai)
    })

    it('has the test files every game has, and golden playthroughs', () => {
      for (const file of TESTS)
        expect(existsSync(join(root, 'test/games', id, file)), `test/games/${id}/${file}`).toBe(true)
      expect(existsSync(join(root, 'test/games/golden', id)), `test/games/golden/${id}`).toBe(true)
    })
  })
}
