import fs from 'node:fs'
import Database from 'better-sqlite3'
import { openStore } from '../src/store/index.js'
import { migrateSqlite } from '../src/store/migrate.js'
import { shown } from '../src/store/rating-model.js'
import type { BenchResult } from './harness.js'
import { tempFile } from './store-table.js'

/**
 * Skill ratings with 100,000 rated members of one game on one server (docs/ratings.md). Targets
 * (issue 35): a rated result (a five-player Bugami match: read five ratings, rate, write them,
 * their buckets and changes, in one transaction) and `/rating`'s read (rating, rank, last ten
 * changes) each at most 5 ms at the 95th percentile (of the process's CPU time; wall time and the
 * mean CPU time per run are printed beside it).
 */
const MEMBERS = 100_000
const RUNS = 300

const quantile = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!

export async function run(): Promise<BenchResult[]> {
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
  // Wall time counts the waits for a core on a busy machine. CPU time is the process's, every
  // thread's: the database runs on the bot's thread, but the WAL's checkpoints on a thread of their
  // own (checkpoints.ts), whose work lands in whichever results run beside it. Node 20 has no CPU
  // clock of one thread (Linux's per-thread figures move only at the scheduler's tick, 4 ms). So
  // also the process's CPU time over all runs divided by their number: what a result costs in all.
  // Between runs the event loop turns, as in the bot, where each result follows a Discord event.
  const turn = () => new Promise((resolve) => setImmediate(resolve))
  const time = async (fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) {
      await fn(i)
      await turn()
    }
    const wall: number[] = []
    const cpu: number[] = []
    const all = process.cpuUsage()
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now()
      const used = process.cpuUsage()
      await fn(i + 30)
      const { user, system } = process.cpuUsage(used)
      cpu.push((user + system) / 1000)
      wall.push(performance.now() - start)
      await turn()
    }
    const { user, system } = process.cpuUsage(all)
    return {
      wall: quantile(wall, 0.95),
      median: quantile(wall, 0.5),
      cpu: quantile(cpu, 0.95),
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
  const walBytes = fs.statSync(`${tmp.file}-wal`).size
  await store.close()
  tmp.drop()
  type Times = Awaited<ReturnType<typeof time>>
  const lines = (what: string, t: Times): BenchResult[] => [
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
    { name: `ratings: WAL file after ${RUNS + 30} rated results`, value: walBytes / 1e6, unit: 'MB' },
  ]
}
