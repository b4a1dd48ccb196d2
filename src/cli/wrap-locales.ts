import { isDeepStrictEqual } from 'node:util'
import fs from 'node:fs'
import path from 'node:path'
import { isText, joinedText, type ResourceText, type ResourceTree } from '../i18n/resources.js'
import { lineLength, wrapResourceFile } from '../i18n/wrap-texts.js'

/*
 * npm run i18n:wrap: keeps every line of the resource files (src/i18n/locales/<lang>/*.json)
 * within 120 characters by writing long texts as pieces (src/i18n/wrap-texts.ts). Run it after
 * editing a text; test/i18n/resources.test.ts fails on a longer line.
 */

// Run from the repository's root, as npm runs its scripts.
const LOCALES_DIR = path.join('src', 'i18n', 'locales')
const WIDTH = 120

/** A file's texts as they read (pieces joined): what wrapping must not change. */
function texts(node: ResourceText | ResourceTree): unknown {
  return isText(node) ? joinedText(node) : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, texts(v)]))
}

let failed = false
for (const locale of fs.readdirSync(LOCALES_DIR).sort())
  for (const name of fs.readdirSync(path.join(LOCALES_DIR, locale)).sort()) {
    if (!name.endsWith('.json')) continue
    const file = path.join(LOCALES_DIR, locale, name)
    const before = fs.readFileSync(file, 'utf8')
    const after = `${wrapResourceFile(before.trimEnd(), WIDTH)}\n`
    if (!isDeepStrictEqual(texts(JSON.parse(after) as ResourceTree), texts(JSON.parse(before) as ResourceTree)))
      throw new Error(`${file}: wrapping would change a text; nothing written`)
    const long = after.split('\n').filter((l) => lineLength(l) > WIDTH).length
    if (long) {
      failed = true
      console.error(`${locale}/${name}: ${long} line(s) still longer than ${WIDTH} (a word that long cannot be split)`)
    }
    if (after === before) continue
    fs.writeFileSync(file, after)
    console.log(`${locale}/${name}: wrapped`)
  }
if (failed) process.exitCode = 1
