import { readFileSync } from 'node:fs'
import { replayText } from '../games/replay.js'

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
const { exitCode, output } = replayText(text)
process.stdout.write(JSON.stringify(output) + '\n')
process.exit(exitCode)
