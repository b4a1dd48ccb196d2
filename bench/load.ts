import { parseArgs } from 'node:util'
import { runLoad } from './load/run.js'
import { runStartup } from './load/startup.js'
import type { BotKind } from './load/bot-process.js'

/**
 * `npm run load -- --tables 500 --seconds 60 [--warmup 10] [--game bura] [--bot dist|src] [--shards 4
 * --database postgresql://...]`: the load test
 * (docs/load.md); `npm run load -- --startup 10000`: start-up with that many open tables. Prints a
 * JSON report. Exit code: 0 when every check and target held, 1 when a check failed (an error, a
 * failed interaction, a lost, doubled or unanswered move, the audit), 2 when only targets were missed.
 */
const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    game: { type: 'string', default: 'bura' },
    startup: { type: 'string' },
    bot: { type: 'string', default: 'dist' },
    warmup: { type: 'string', default: '10' },
    // Shard processes (SHARDS) and the database (a PostgreSQL URL; LOAD_DATABASE_URL): docs/load.md.
    shards: { type: 'string', default: process.env.SHARDS ?? '1' },
    database: { type: 'string', default: process.env.LOAD_DATABASE_URL },
  },
})
if (values.bot !== 'dist' && values.bot !== 'src') throw new Error('--bot is dist (as npm start) or src (through tsx)')
const bot: BotKind = values.bot
if (values.startup !== undefined) {
  const report = await runStartup({ tables: Number(values.startup), bot })
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  process.exitCode = report.errors.length ? 1 : report.targets.met ? 0 : 2
} else {
  const report = await runLoad({
    tables: Number(values.tables),
    seconds: Number(values.seconds),
    game: values.game,
    bot,
    shards: Number(values.shards),
    ...(values.database ? { databaseUrl: values.database } : {}),
  })
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  process.exitCode = !report.check.ok || report.errors.count > 0 ? 1 : report.targets.met ? 0 : 2
}
