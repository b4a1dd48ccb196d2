import 'dotenv/config'
import { readConfig } from '../config.js'
import { runSandbox } from './run.js'

/** `npm run sandbox`: the sandbox, whether or not a token is set. */
const read = readConfig(process.env)
if (!read.ok) {
  process.stderr.write(`The settings in .env are not valid:\n  ${read.problems.join('\n  ')}\n`)
  process.exitCode = 1
} else {
  process.exitCode = await runSandbox(read.config)
}
