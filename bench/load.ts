import { parseArgs } from 'node:util'
import { runLoad } from './load/run.js'
import { runStartup } from './load/startup.js'
import type { BotKind } from './load/bot-process.js'

/**
 * `npm run load -- --tables 500 --seconds 60 [--warmup 10] [--game bura] [--bot dist|src]
 * [--shards 4 [--shards-per-process 4] --database postgresql://...] [--reopens 1] [--think 0]
 * [--bot-nice 10] [--compare-picture-cache]`: the load test (docs/load.md);
 * `npm run load -- --startup 10000`: start-up with that many open tables. Prints a JSON report.
 * Exit code: 0 when every check and target held, 1 when a check failed (an error, a failed
 * interaction, a lost, doubled or unanswered move, the audit), 2 when only targets were missed.
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
    'shards-per-process': { type: 'string', default: process.env.SHARDS_PER_PROCESS ?? '1' },
    database: { type: 'string', default: process.env.LOAD_DATABASE_URL },
    reopens: { type: 'string', default: '1' },
    // Mean ms a member takes over each move (0: acts as soon as answered): docs/load.md, "Think time".
    think: { type: 'string', default: '0' },
    // The bot's niceness (docs/load.md): the fake Discord and the members first on a shared machine.
    'bot-nice': { type: 'string', default: '0' },
    // Two runs, one after the other: the hand-picture cache off (HAND_PICTURE_CACHE_MB=0), then on.
    'compare-picture-cache': { type: 'boolean', default: false },
  },
})
if (values.bot !== 'dist' && values.bot !== 'src') throw new Error('--bot is dist (as npm start) or src (through tsx)')
const bot: BotKind = values.bot
const botNice = Number(values['bot-nice'])
if (!Number.isInteger(botNice) || botNice < 0 || botNice > 19)
  throw new Error('--bot-nice is a whole number from 0 to 19')
const shardsPerProcess = Number(values['shards-per-process'])
if (!Number.isInteger(shardsPerProcess) || shardsPerProcess < 1)
  throw new Error('--shards-per-process is a whole number from 1')
const thinkMs = Number(values.think)
if (!Number.isInteger(thinkMs) || thinkMs < 0 || thinkMs > 600_000)
  throw new Error('--think is a whole number of ms from 0 to 600000')
if (values.startup !== undefined) {
  const report = await runStartup({ tables: Number(values.startup), bot })
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  process.exitCode = report.errors.length ? 1 : report.targets.met ? 0 : 2
} else {
  const options = {
    tables: Number(values.tables),
    seconds: Number(values.seconds),
    game: values.game,
    bot,
    shards: Number(values.shards),
    shardsPerProcess,
    reopens: Number(values.reopens),
    thinkMs,
    warmupSeconds: Number(values.warmup),
    botNice,
    ...(values.database ? { databaseUrl: values.database } : {}),
  }
  const exitCode = (r: Awaited<ReturnType<typeof runLoad>>) =>
    !r.check.ok || r.errors.count > 0 ? 1 : r.targets.met ? 0 : 2
  if (values['compare-picture-cache']) {
    const off = await runLoad({ ...options, handPictureCacheMb: 0 })
    const on = await runLoad(options)
    const side = (pick: (r: typeof on) => unknown) => ({ cacheOff: pick(off), cacheOn: pick(on) })
    const comparison = {
      botCpuMsPerMove: side((r) => r.botCpu.msPerMove),
      botMainThreadMsPerMove: side((r) => r.botCpu.mainThreadMsPerMove),
      movesPerSecond: side((r) => r.moves.perSecond),
      answerP99Ms: side((r) => r.latencyMs.answer.p99),
      loadavg: side((r) => r.loadavg),
    }
    process.stdout.write(`${JSON.stringify({ comparison, cacheOff: off, cacheOn: on }, null, 2)}\n`)
    process.exitCode = Math.max(exitCode(off), exitCode(on))
  } else {
    const report = await runLoad(options)
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    process.exitCode = exitCode(report)
  }
}
