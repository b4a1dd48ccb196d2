import { readFileSync } from 'node:fs'
import { gameLookup } from '../games/registry.js'
import { replayText } from '../games/replay.js'
import { ENGLISH } from '../i18n/index.js'
import { refusalText } from '../render/refusals.js'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: npm run --silent replay -- FILE   (FILE "-" reads standard input)\n')
  process.exit(2)
}
let text: string
try {
  text = readFileSync(file === '-' ? 0 : file, 'utf8')
} catch (e) {
  process.stdout.write(
    JSON.stringify({
      ok: false,
      error: { message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` },
    }) + '\n',
  )
  process.exit(2)
}
// The replay tool speaks English (docs/rules/scenarios.md).
const { exitCode, output } = replayText(text, { games: gameLookup, describe: (e) => refusalText(e, ENGLISH) })
process.stdout.write(JSON.stringify(output) + '\n')
process.exit(exitCode)
