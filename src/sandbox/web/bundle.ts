import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * The page's script: src/sandbox/page/main.ts with the Discord web components, bundled offline by
 * esbuild once per sandbox start (about a second) and kept in memory. The source is read from the
 * repository, so the same code serves `npm start` from dist/ and `npm run sandbox` from the source.
 */
const here = path.dirname(fileURLToPath(import.meta.url))
const root = here.includes(`${path.sep}dist${path.sep}`)
  ? here.slice(0, here.lastIndexOf(`${path.sep}dist${path.sep}`))
  : path.resolve(here, '../../..')
export const PAGE_ENTRY = path.join(root, 'src', 'sandbox', 'page', 'main.ts')

export async function bundlePage(): Promise<string> {
  const out = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  return out.outputFiles[0]!.text
}
