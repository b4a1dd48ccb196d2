import { execFile } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import type { ICruiseResult } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'

/**
 * The layers are rules (`.dependency-cruiser.cjs`, `npm run layers`): the tree breaks none of them,
 * and each kind of rule does fail on an import that breaks it.
 */
const root = join(import.meta.dirname, '../..')
const run = promisify(execFile)

/** The rules broken in `dirs` of the tree at `cwd`, as `npm run layers` finds them (its own command line). */
async function violations(dirs: string[], cwd: string): Promise<string[]> {
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  const config = join(root, '.dependency-cruiser.cjs')
  const { stdout } = await run(process.execPath, [cli, ...dirs, '--config', config, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }))
  const result = JSON.parse(stdout) as ICruiseResult
  expect(result.summary.totalCruised).toBeGreaterThan(1)
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
}

/** A tree of a few files of the bot's layers, one of them importing `imports`. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'))
  // Imports name `.js` files as the bot's do; TypeScript's resolution finds the `.ts` beside them.
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }
  for (const [path, text] of Object.entries({ ...files, 'tsconfig.json': JSON.stringify(tsconfig) })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** Each rule with a file that breaks it (one tree holds them all: the command line starts once). */
const BROKEN: readonly (readonly [rule: string, file: string, line: string])[] = [
  ['rules-are-pure', 'src/games/bura/rules/play.ts', "import { x } from '../../badugi/rules/pots.js'"],
  ['tables-below-render', 'src/tables/service.ts', "import { x } from '../render/payload.js'"],
  ['store-below-tables', 'src/store/wallets.ts', "import { x } from '../tables/service.js'"],
  ['commands-never-touch-the-store', 'src/commands/chips.ts', "import { x } from '../store/wallets.js'"],
  ['render-kit-knows-no-game', 'src/render/payload.ts', "import { x } from '../games/registry.js'"],
  ['lib-imports-nothing', 'src/lib/clock.ts', "import { x } from '../games/registry.js'"],
  ['no-circular', 'src/discord/a.ts', "import { x } from './b.js'"],
  ['no-circular', 'src/discord/b.ts', "import { x } from './a.js'"],
]

describe('the dependency rules (npm run layers)', () => {
  it('each kind fails on an import that breaks it, and passes the files that keep to it', async () => {
    const files: Record<string, string> = {
      'src/games/badugi/rules/pots.ts': 'export const x = 1\n',
      'src/games/registry.ts': 'export const x = 1\n',
      'src/tables/service.ts': 'export const x = 1\n',
      'src/render/payload.ts': 'export const x = 1\n',
      'src/store/wallets.ts': 'export const x = 1\n',
      // Imports down the layers break nothing.
      'src/commands/ok.ts': "import { x } from '../tables/service.js'\nexport const y = x\n",
    }
    for (const [, file, line] of BROKEN) files[file] = `${line}\nexport const x = 1\nexport const y = x\n`
    const dir = tree(files)
    try {
      const found = await violations(['src'], dir)
      for (const [rule, file] of BROKEN)
        expect(
          found.some((v) => v.startsWith(`${rule}: `) && v.includes(file)),
          `${rule} ${file}`,
        ).toBe(true)
      expect(found.filter((v) => v.includes('src/commands/ok.ts'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
