import fs from 'node:fs'
import Database from 'better-sqlite3'
import { openStore } from '../src/store/index.js'
import { migrateSqlite } from '../src/store/migrate.js'
import { shown } from '../src/store/rating-model.js'
import type { BenchResult } from './harness.js'
import { tempFile } from './store-table.js'
import { threadCpu } from './thread-cpu.js'

/**
 * Skill ratings with 100,000 rated members of one game on one server (docs/ratings.md). Targets
 * (issue 35): a rated result (a five-player Bugami match: read five ratings, rate, write them,
 * their buckets and changes, in one transaction) and `/rating`'s read (rating, rank, last ten
 * changes) each at most 5 ms at the 95th percentile, of the bot thread's CPU time and of the whole
 * process's (every thread); wall time and the process's mean CPU time per run are printed beside.
 */
const MEMBERS = 100_000
const RUNS = 300

const quantile = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!

export async function run(): Promise<BenchResult[]> {
  const thread = threadCpu()
  if (!thread) throw new Error("no per-thread CPU time here (Linux's /proc): no figure for the bot's thread")
  const tmp = tempFile('ratings.db')
  migrateSqlite(tmp.file)
  const db = new Database(tmp.file)
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString()
  const buckets = new Map<number, number>()
  db.transaction(() => {
    const rating = db.prepare(`INSERT INTO "Rating" ("guildId", game, "userId", mu, sigma, results, "lastAt", score,
      "decayAt") VALUES ('big', 'bugami', ?, ?, ?, ?, ?, ?, NULL)`)
    const change = db.prepare(`INSERT INTO "RatingChange" ("resultId", "userId", "guildId", game, place, before, after,
      "createdAt") VALUES (?, ?, 'big', 'bugami', 1, ?, ?, ?)`)
    for (let i = 0; i < MEMBERS; i++) {
      // Spread like a real server: μ around 25, σ from settled to new.
      const mu = 15 + ((i * 7919) % 20_000) / 1000
      const sigma = 1.5 + ((i * 104_729) % 6800) / 1000
      const score = shown({ mu, sigma })
      rating.run(`user${i}`, mu, sigma, 10 + (i % 90), at, score)
      buckets.set(score, (buckets.get(score) ?? 0) + 1)
      // Older changes (negative ids: below every result the bench rates).
      for (let c = 0; c < 3; c++) change.run(-(i * 10 + c + 1), `user${i}`, score - 5, score, at)
    }
    const bucket = db.prepare(
      `INSERT INTO "RatingBucket" ("guildId", game, score, members) VALUES ('big', 'bugami', ?, ?)`,
    )
    for (const [score, n] of buckets) bucket.run(score, n)
  })()
  db.close()
  // As the tests run: a rated result is part of a table's transaction, whose sync the store bench measures.
  const store = await openStore({ url: tmp.url, durability: 'process' })
  const user = (n: number) => `user${(n * 48_271) % MEMBERS}`
  // Wall time counts the waits for a core on a busy machine. The bot thread's CPU time is what a
  // result costs the thread that runs every table (the database runs on it, in-process), the
  // figure a quiet machine's wall time comes close to. The process's CPU time adds every other
  // thread: the checkpoint thread's work (checkpoints.ts) lands in whichever results run beside it,
  // so it is also given over all runs divided by their number: what a result costs in all.
  // Between runs the event loop turns, as in the bot, where each result follows a Discord event.
  const turn = () => new Promise((resolve) => setImmediate(resolve))
  const walSize = () => fs.statSync(`${tmp.file}-wal`, { throwIfNoEntry: false })?.size ?? 0
  let n = 0
  const time = async (fn: (i: number) => Promise<unknown>) => {
    // Warm until the WAL file stops growing: the checkpoint thread has started and keeps up (a
    // running bot's state; before that, the file grows with every commit).
    for (let batch = 0, size = -1; batch < 3 || (walSize() !== size && batch < 200); batch++) {
      size = walSize()
      for (let i = 0; i < 10; i++, n++) {
        await fn(n)
        await turn()
      }
    }
    const wall: number[] = []
    const cpu: number[] = []
    const own: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const ownBefore = thread.ms()
      const start = performance.now()
      const used = process.cpuUsage()
      await fn(n++)
      const { user, system } = process.cpuUsage(used)
      wall.push(performance.now() - start)
      own.push(thread.ms() - ownBefore)
      cpu.push((user + system) / 1000)
      await turn()
    }
    // The mean over a second pass, unsampled: the sampling's own helper thread is not counted.
    const all = process.cpuUsage()
    for (let i = 0; i < RUNS; i++, n++) {
      await fn(n)
      await turn()
    }
    const { user, system } = process.cpuUsage(all)
    return {
      wall: quantile(wall, 0.95),
      median: quantile(wall, 0.5),
      cpu: quantile(cpu, 0.95),
      own: quantile(own, 0.95),
      processCpu: (user + system) / 1000 / RUNS,
    }
  }
  let now = Date.UTC(2026, 0, 2)
  const update = await time((i) =>
    store.transaction((repos) =>
      repos.ratings.record(
        'big',
        'bugami',
        'bench',
        [0, 1, 2, 3, 4].map((k) => ({ userId: user(i * 5 + k), place: k + 1 })),
        (now += 1000),
      ),
    ),
  )
  const read = await time(async (i) => {
    const r = await store.ratings.member('big', 'bugami', user(i))
    if (!r || r.rated !== MEMBERS) throw new Error('the rating is wrong')
  })
  const walBytes = walSize()
  await store.close()
  await thread.stop()
  tmp.drop()
  type Times = Awaited<ReturnType<typeof time>>
  const lines = (what: string, t: Times): BenchResult[] => [
    {
      name: `ratings: ${what}, 100,000 rated members, bot thread CPU p95`,
      value: t.own,
      unit: 'ms',
      target: { atMost: 5 },
    },
    {
      name: `ratings: ${what}, 100,000 rated members, CPU p95 (all threads)`,
      value: t.cpu,
      unit: 'ms',
      target: { atMost: 5 },
    },
    { name: `ratings: ${what}, 100,000 rated members, wall p95`, value: t.wall, unit: 'ms' },
    { name: `ratings: ${what}, 100,000 rated members, wall median`, value: t.median, unit: 'ms' },
    {
      name: `ratings: ${what}, 100,000 rated members, CPU per run over all runs (all threads)`,
      value: t.processCpu,
      unit: 'ms',
    },
  ]
  return [
    ...lines('rated result (5 players)', update),
    ...lines('/rating read', read),
    { name: `ratings: WAL file after the rated results`, value: walBytes / 1e6, unit: 'MB' },
  ]
}
