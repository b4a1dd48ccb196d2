import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { requestClass } from '../../src/sandbox/discord/rest.js'
import { testRedisUrl } from '../support/redis.js'

// Four shard processes' channel traffic (the bot's REST client and the budget `startBot` gives a
// shard process, test/support/budget-shard.ts) against the fake Discord, which enforces Discord's
// global limit of 50 requests a second per bot token across all of them.
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

const SHARDS = 4
const SECONDS = 4
/**
 * The bot's own budget in the runs with Redis (DISCORD_GLOBAL_LIMIT): its default of 47 keeps 3 a
 * second for requests that bunch on the way to Discord, but on the test machine, with many times
 * more work than cores, the processes and the fake's event loop stall long enough to bunch more
 * than that; four processes sending at once bunch the most. Each process's own pace runs at the
 * whole budget, so without the shared one four busy shards would send four times as much.
 */
const BUDGET = { oneBusy: 45, allBusy: 40 }

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
  const from = Date.now()
  for (const s of shards) s.child.stdin!.write('go\n')
  await Promise.all(shards.map((s) => s.result))
  const requests = discord.requests.filter((r) => r.at >= from && requestClass(r.method, r.path) === 'messageCreate')
  const ofShard = (s: Shard) => requests.filter((r) => s.channels.includes(r.path.split('/')[2]!))
  return { discord, shards, requests, ofShard, from }
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
  it('one busy shard and three idle: the busy one uses the whole budget', async () => {
    const { discord, shards, ofShard } = await run(1, testRedisUrl, BUDGET.oneBusy)
    const busy = ofShard(shards[0]!).map((r) => r.at)
    expect(perSecond(busy)).toBeGreaterThanOrEqual(40)
    expect(global429s(discord)).toBe(0)
  }, 60_000)

  it('all four busy: together at most 50 a second, no global 429, each a fair share', async () => {
    const { discord, shards, requests, ofShard, from } = await run(4, testRedisUrl, BUDGET.allBusy)
    // Every one of the fake's one-second windows (as it enforces Discord's limit) counted at most 50.
    const windows = discord.globalWindows.filter((w) => w.start >= from)
    expect(windows.length).toBeGreaterThanOrEqual(SECONDS)
    expect(Math.max(...windows.map((w) => w.used))).toBeLessThanOrEqual(50)
    expect(global429s(discord)).toBe(0)
    // Together they use the budget (well past one shard's static slice of 10).
    expect(perSecond(requests.map((r) => r.at))).toBeGreaterThanOrEqual(32)
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
    expect(perSecond(busy)).toBeGreaterThanOrEqual(8)
    expect(requests).toHaveLength(busy.length)
    expect(global429s(discord)).toBe(0)
  }, 60_000)
})
