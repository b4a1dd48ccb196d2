import { parseArgs } from 'node:util'
import { runLoad } from './load/run.js'
import { runStartup } from './load/startup.js'

/**
 * `npm run load -- --tables 500 --seconds 60 [--game bura]`: the load test (docs/load.md);
 * `npm run load -- --startup 10000`: start-up with that many open tables. Prints a JSON report.
 */
const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    game: { type: 'string', default: 'bura' },
    startup: { type: 'string' },
  },
})
const report =
  values.startup !== undefined
    ? await runStartup({ tables: Number(values.startup) })
    : await runLoad({ tables: Number(values.tables), seconds: Number(values.seconds), game: values.game })
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
