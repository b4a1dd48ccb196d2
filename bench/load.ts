import { parseArgs } from 'node:util'
import { runLoad } from './load/run.js'

/**
 * `npm run load -- --tables 500 --seconds 60 [--game bura]`: the load test (docs/load.md); prints
 * its report as JSON.
 */
const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    game: { type: 'string', default: 'bura' },
  },
})
const report = await runLoad({ tables: Number(values.tables), seconds: Number(values.seconds), game: values.game })
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
