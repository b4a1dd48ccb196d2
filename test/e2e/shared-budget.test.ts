import { spawn, type ChildProcess } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { budgetKeys } from '../../src/discord/shared-budget.js'
import { requestClass } from '../../src/sandbox/discord/rest.js'
import { testRedisUrl } from '../support/redis.js'

// Four shard processes' channel traffic (the bot's REST client and the budget `startBot` gives a
// shard process, test/support/budget-shard.ts) against the fake Discord, which enforces Discord's
// global limit of 50 requests a second per bot token across all of them, as Discord does: by when
// each request reaches it. The fake counts a request when its event loop gets to it, though, and
// on a machine with many times more work than cores that loop stalls for hundreds of ms, then
// counts the requests that came meanwhile as if they came at once (seen: 65 in one of its seconds
// while the shared budget in Redis granted at most 40 in any second). So the budget is checked
// where the bot keeps it, in Redis, on Redis's clock; the fake's own count (every one-second
// window within 50, no global 429) is asserted whenever its loop kept up (never late by more
// than STALL_MS), and otherwise only that every request still arrived once.
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

const SHARDS = 4
const SECONDS = 4
/**
 * The bot's own budget in the runs with Redis (DISCORD_GLOBAL_LIMIT): under its default of 47, so
 * that the fake's count keeps a margin for the bunching a loop late by up to STALL_MS makes (four
 * processes sending at once bunch the most). Each process's own pace runs at the whole budget, so
 * without the shared one four busy shards would send four times as much.
 */
const BUDGET = { oneBusy: 45, allBusy: 40 }
/**
 * The fake's event loop late by less than this all run long: a request is counted at most this
 * long after it came, which at the budgets above bunches at most a few more into one of its seconds.
 */
const STALL_MS = 50

interface Shard {
  readonly child: ChildProcess
  readonly channels: string[]
  readonly result: Promise<{ sent: number }>
}

async function startShard(
  discord: FakeDiscord,
  token: string,
  channels: string[],
  budget: number,
  redisUrl?: string,
): Promise<Shard> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/budget-shard.ts'], {
    env: {
      PATH: process.env.PATH!,
      DISCORD_TOKEN: token,
      DISCORD_API_URL: discord.url,
      SHARD_COUNT: String(SHARDS),
      CHANNELS: channels.join(','),
      SECONDS: String(SECONDS),
      GLOBAL_LIMIT: String(budget),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  cleanup.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  const lines = createInterface({ input: child.stdout })
  const ready = new Promise<void>((resolve, reject) => {
    lines.once('line', (l) => (l === 'ready' ? resolve() : reject(new Error(l))))
    child.once('exit', (code) => reject(new Error(`shard exited with ${code}`)))
  })
  const result = new Promise<{ sent: number }>((resolve) =>
    lines.on('line', (l) => l.startsWith('{') && resolve(JSON.parse(l))),
  )
  await ready
  return { child, channels, result }
}

/** Runs four shards at once, `busy` of them posting; returns each shard's requests and the fake's view. */
async function run(busy: number, redisUrl?: string, budget = 47) {
  const discord = await startFakeDiscord({ globalRateLimit: 50 })
  cleanup.push(() => discord.stop())
  // A fresh fake has a fresh token: the budget's keys in Redis are this run's alone.
  const token = discord.token
  const guild = discord.guild('Many tables')
  const shards = await Promise.all(
    Array.from({ length: SHARDS }, (_, s) =>
      startShard(
        discord,
        token,
        s < busy ? Array.from({ length: 16 }, (_, c) => guild.channel(`shard-${s}-table-${c}`).id) : [],
        budget,
        redisUrl,
      ),
    ),
  )
  const granted = redisUrl ? grantsInRedis(redisUrl, token) : null
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const from = Date.now()
  for (const s of shards) s.child.stdin!.write('go\n')
  const sent = (await Promise.all(shards.map((s) => s.result))).reduce((n, r) => n + r.sent, 0)
  lag.disable()
  const grants = await granted?.stop()
  const requests = discord.requests.filter(
    (r) => r.at >= from && r.status === 200 && requestClass(r.method, r.path) === 'messageCreate',
  )
  const ofShard = (s: Shard) => requests.filter((r) => s.channels.includes(r.path.split('/')[2]!))
  // Every message a shard posted arrived once (a request refused with a global 429 went again).
  expect(requests).toHaveLength(sent)
  return { discord, shards, requests, ofShard, from, grants, keptUp: lag.max / 1e6 < STALL_MS }
}

/**
 * When the shared budget let each request go, on Redis's clock: the scores of its window (each
 * stays there a second), read every 100 ms until `stop`. A read the test's own stalls made late
 * misses some, never adds one.
 */
function grantsInRedis(url: string, token: string) {
  const redis = new Redis(url)
  const seen = new Map<string, number>()
  const { window } = budgetKeys(token)
  let stopped = false
  const polling = (async () => {
    while (!stopped) {
      const scores = await redis.zrange(window, 0, -1, 'WITHSCORES')
      for (let i = 0; i < scores.length; i += 2) seen.set(scores[i]!, Number(scores[i + 1]))
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return {
    async stop(): Promise<number[]> {
      stopped = true
      await polling
      redis.disconnect()
      return [...seen.values()]
    },
  }
}

/** The most requests in any one second (a sliding window over their times). */
function mostInASecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++
    most = Math.max(most, i - j + 1)
  }
  return most
}

/** Within Discord's limit as the fake counted it: every one of its one-second windows, and no global 429. */
function expectWithinFakeLimit(discord: FakeDiscord, from: number): void {
  const windows = discord.globalWindows.filter((w) => w.start >= from)
  expect(windows.length).toBeGreaterThanOrEqual(SECONDS)
  expect(Math.max(...windows.map((w) => w.used))).toBeLessThanOrEqual(50)
  expect(global429s(discord)).toBe(0)
}

/** Requests a second over the steady part of a run (after its first second). */
function perSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  const start = sorted[0]! + 1000
  const steady = sorted.filter((t) => t >= start)
  return steady.length / ((steady.at(-1)! - start) / 1000)
}

const global429s = (discord: FakeDiscord) => discord.errors.filter((e) => e.status === 429 && e.global).length

describe.skipIf(!testRedisUrl)('four shard processes sharing one global budget in Redis', () => {
  it('one busy shard and three idle: the busy one draws far past its static slice, within the budget', async () => {
    const { discord, shards, requests, ofShard, from, grants, keptUp } = await run(1, testRedisUrl, BUDGET.oneBusy)
    expect(ofShard(shards[0]!)).toHaveLength(requests.length)
    // Past its static slice (floor(45 / 4) = 11 in any second) by far, yet within the bot's budget.
    // How near the budget it gets depends on the machine's speed: \`npm run load\` measures that.
    expect(mostInASecond(grants!)).toBeGreaterThan(2 * Math.floor(BUDGET.oneBusy / SHARDS))
    expect(mostInASecond(grants!)).toBeLessThanOrEqual(BUDGET.oneBusy)
    if (keptUp) expectWithinFakeLimit(discord, from)
  }, 60_000)

  it('all four busy: together within the budget in every second, at most 50 a second at Discord, each a fair share', async () => {
    const { discord, shards, requests, ofShard, from, grants, keptUp } = await run(4, testRedisUrl, BUDGET.allBusy)
    // The shared budget let at most its own limit go in any second, all four processes together.
    expect(mostInASecond(grants!)).toBeLessThanOrEqual(BUDGET.allBusy)
    expect(perSecond(requests.map((r) => r.at))).toBeLessThanOrEqual(50)
    if (keptUp) expectWithinFakeLimit(discord, from)
    // Each shard gets part of the budget (none is starved by the others' bunching).
    for (const s of shards) expect(ofShard(s).length).toBeGreaterThan(0.1 * requests.length)
  }, 60_000)
})

describe('four shard processes without Redis', () => {
  it("keep today's static slices: the busy shard stays at its quarter of 47 while the others idle", async () => {
    const { discord, shards, requests, ofShard } = await run(1)
    const busy = ofShard(shards[0]!).map((r) => r.at)
    // floor(47 × 1 / 4) = 11 a second.
    expect(perSecond(busy)).toBeLessThanOrEqual(11.5)
    expect(busy.length).toBeGreaterThan(0)
    expect(requests).toHaveLength(busy.length)
    expect(global429s(discord)).toBe(0)
  }, 60_000)
})
