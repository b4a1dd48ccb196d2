import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Imports run down the layers (README.md): a game's rules know nothing but the card core, and the
 * render kit every game draws with knows no game, message, delivery, command or registry. And no
 * two files import each other, however far round.
 */

const root = join(import.meta.dirname, '../..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'generated' || name === 'node_modules') return []
    if (statSync(path).isDirectory()) return files(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file's imports (type-only ones too), as paths from the repository's root, or package names. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.')) return fileName
    const target = resolve(dirname(file), fileName).replace(/\.js$/, '.ts')
    return relative(root, existsSync(target) ? target : join(target.replace(/\.ts$/, ''), 'index.ts'))
  })
}

const graph = new Map(
  ['src', 'bench'].flatMap((d) => files(join(root, d))).map((f) => [relative(root, f), importsOf(f)]),
)

/** The import cycles among `graph`'s files, each as the files on it. */
function cycles(): string[][] {
  const found: string[][] = []
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string): void => {
    const at = path.indexOf(file)
    if (at >= 0) return void found.push([...path.slice(at), file])
    if (done.has(file) || !graph.has(file)) return
    path.push(file)
    for (const next of graph.get(file)!) visit(next)
    path.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  return found
}

describe('imports', () => {
  it('reads the files it judges', () => {
    expect(graph.get('src/games/bura/rules/engine.ts')).toContain('src/games/bura/rules/play.ts')
    expect(graph.get('src/messages/table-message.ts')).toContain('src/render/payload.ts')
    expect(graph.get('src/games/bura/rules/options.ts')).toContain('zod')
  })

  it("a game's rules import only the card core, zod and their own folder", () => {
    const wrong = [...graph].flatMap(([file, imports]) => {
      const game = /^src\/games\/([^/]+)\/rules\//.exec(file)?.[1]
      if (!game) return []
      const allowed = (i: string) =>
        i === 'zod' || i.startsWith('src/games/core/') || i.startsWith(`src/games/${game}/rules/`)
      return imports.filter((i) => !allowed(i)).map((i) => `${file} → ${i}`)
    })
    expect(wrong).toEqual([])
  })

  it('the render kit imports no message, delivery, command, registry or game module', () => {
    const above =
      /^src\/(messages|discord|commands)\/|^src\/registry\.ts$|^src\/games\/registry\.ts$|^src\/games\/[^/]+\/(render|module)\.ts$/
    const wrong = [...graph].flatMap(([file, imports]) =>
      file.startsWith('src/render/') ? imports.filter((i) => above.test(i)).map((i) => `${file} → ${i}`) : [],
    )
    expect(wrong).toEqual([])
  })

  it('no file imports itself, however far round', () => {
    expect(cycles().map((c) => c.join(' → '))).toEqual([])
  })
})
