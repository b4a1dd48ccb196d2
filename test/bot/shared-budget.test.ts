import { afterEach, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { BURST, GlobalBudget, type SharedBudget } from '../../src/discord/global-budget.js'
import { budgetKeys, connectRedis, RedisBudget } from '../../src/discord/shared-budget.js'
import { systemClock } from '../../src/lib/clock.js'
import { capturedLogger, freshToken, OwnRedis, testRedisUrl } from '../support/redis.js'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

function budgetOn(url: string, token: string, perSecond: number) {
  const redis = connectRedis(url)
  const { log, lines } = capturedLogger()
  const budget = new RedisBudget(redis, token, perSecond, log)
  cleanup.push(() => budget.close())
  return { budget, lines }
}

async function ready(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') await new Promise((r) => redis.once('ready', r))
}

/** One request's place from the shared budget: 0 when it may go now, else the ms to wait. */
async function takeOne(budget: RedisBudget): Promise<number> {
  const { granted, waitMs } = await budget.take(1)
  return granted ? 0 : waitMs
}

/** Takes from the shared budget until granted; returns when (real time). */
async function takeWhenFree(budget: RedisBudget): Promise<number> {
  for (;;) {
    const wait = await takeOne(budget)
    if (wait === 0) return Date.now()
    await new Promise((r) => setTimeout(r, wait))
  }
}

/** The most grants in any one second (a sliding window over the grant times). */
function mostInASecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++
    most = Math.max(most, i - j + 1)
  }
  return most
}

describe.skipIf(!testRedisUrl)("the bot's global budget in Redis (atomic Lua bucket)", () => {
  it('lets a burst go at once, then one request per 1/perSecond s; a pause holds everyone', async () => {
    // 4 a second: one every 250 ms, so a loaded machine's delays between the takes barely refill the bucket.
    const { budget } = budgetOn(testRedisUrl!, freshToken(), 4)
    await ready(budget.redis)
    expect(budget.up).toBe(true)
    const first = []
    for (let i = 0; i < BURST; i++) first.push(await takeOne(budget))
    expect(first).toEqual([0, 0, 0])
    // The bucket is empty: the next may go within a quarter of a second, not now.
    const wait = await takeOne(budget)
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(250)
    // A global 429 asked for 3 s: nobody goes before.
    budget.pause(3000)
    await new Promise((r) => setTimeout(r, 100))
    expect(await takeOne(budget)).toBeGreaterThan(1500)
  })

  it('grants several places in one question, as many as the bucket holds', async () => {
    const { budget } = budgetOn(testRedisUrl!, freshToken(), 4)
    await ready(budget.redis)
    expect(await budget.take(5)).toEqual({ granted: BURST, waitMs: 0 })
    const none = await budget.take(5)
    expect(none.granted).toBe(0)
    expect(none.waitMs).toBeGreaterThan(0)
    expect(none.waitMs).toBeLessThanOrEqual(250)
  })

  it('a process whose questions to Redis are answered slowly still draws the whole budget', async () => {
    const { budget: redisBudget } = budgetOn(testRedisUrl!, freshToken(), 20)
    await ready(redisBudget.redis)
    // Every answer 100 ms late (a loaded machine): one place per question would allow 10 a second.
    const slow: SharedBudget = {
      get up() {
        return redisBudget.up
      },
      take: async (wanted) => {
        const grant = await redisBudget.take(wanted)
        await new Promise((r) => setTimeout(r, 100))
        return grant
      },
      pause: (ms) => redisBudget.pause(ms),
    }
    const budget = new GlobalBudget(20, systemClock, slow, 5)
    const went: number[] = []
    const start = Date.now()
    await Promise.all(Array.from({ length: 40 }, () => budget.take('edit', 'c').then(() => went.push(Date.now()))))
    // 40 at 20 a second: about 2 s (3 at once, then one every 50 ms), where 10 a second takes 4 s.
    expect(Date.now() - start).toBeLessThan(3200)
    expect(mostInASecond(went)).toBeLessThanOrEqual(20 + BURST)
  })

  it('two processes on one token share one budget: never more than perSecond in any second, together', async () => {
    const token = freshToken()
    const a = budgetOn(testRedisUrl!, token, 10).budget
    const b = budgetOn(testRedisUrl!, token, 10).budget
    // Another bot's budget is its own.
    const other = budgetOn(testRedisUrl!, freshToken(), 10).budget
    await Promise.all([ready(a.redis), ready(b.redis), ready(other.redis)])
    // When each request was granted, on Redis's clock (the window's scores, read after each grant:
    // a grant stays in the window for a second), not when its answer reached a process.
    const granted = new Map<string, number>()
    const { window } = budgetKeys(token)
    const until = Date.now() + 2500
    const drain = async (budget: RedisBudget) => {
      while (Date.now() < until) {
        await takeWhenFree(budget)
        const scores = await budget.redis.zrange(window, 0, -1, 'WITHSCORES')
        for (let i = 0; i < scores.length; i += 2) granted.set(scores[i]!, Number(scores[i + 1]))
      }
    }
    await Promise.all([drain(a), drain(b)])
    const times = [...granted.values()]
    expect(mostInASecond(times)).toBeLessThanOrEqual(10)
    // Together they got (about) the whole budget: 2.5 s at 10 a second.
    expect(times.length).toBeGreaterThanOrEqual(20)
    expect(await takeOne(other)).toBe(0)
  })
})

describe.skipIf(!testRedisUrl || !OwnRedis.available())('the shared budget while Redis is down', () => {
  it('falls back to the static slice, logs it once, and draws from Redis again once it is back', async () => {
    const redisServer = await OwnRedis.start()
    cleanup.push(() => redisServer.kill())
    const { budget: shared, lines } = budgetOn(redisServer.url, freshToken(), 20)
    await ready(shared.redis)
    // 20 a second for the whole bot; this process's static slice is 4. A request's time is the
    // clock's reading the budget counted it at when it let it go (a callback on the request's
    // promise runs after the budget's next readings, and on a starved machine long after).
    const budget = new GlobalBudget(20, systemClock, shared, 4)
    const went: number[] = []
    budget.onLetGo = (_lane, _waited, at) => went.push(at)
    const send = (n: number) => Promise.all(Array.from({ length: n }, () => budget.take('edit', 'c')))

    const upStart = Date.now()
    await send(20)
    const upTook = Date.now() - upStart
    expect(budget.drawsShared).toBe(true)
    // 20 at 20 a second: about a second (3 at once, then one every 50 ms), never the slice's 5 s.
    expect(upTook).toBeLessThan(2500)

    await redisServer.kill()
    await until(() => !shared.up)
    expect(budget.drawsShared).toBe(false)
    const downFrom = Date.now()
    await send(8)
    const downTook = Date.now() - downFrom
    // 8 at 4 a second: 3 at once, then one every 250 ms: at least 1.25 s, every second at most 4 (+ the burst).
    expect(downTook).toBeGreaterThanOrEqual(1200)
    expect(mostInASecond(went.filter((t) => t >= downFrom))).toBeLessThanOrEqual(4)
    expect(lines.filter((l) => l.level === 40 && /static slice/.test(l.msg))).toHaveLength(1)

    await redisServer.start()
    await until(() => shared.up, 10_000)
    expect(budget.drawsShared).toBe(true)
    expect(lines.filter((l) => /drawing Discord requests from the shared budget/.test(l.msg))).toHaveLength(2)
    const backFrom = Date.now()
    await send(20)
    expect(Date.now() - backFrom).toBeLessThan(2500)
  }, 30_000)
})

describe.skipIf(!testRedisUrl || !OwnRedis.available())('the shared budget while Redis is slow', () => {
  it('a take that times out on a live connection falls back to the slice, and draws from Redis again once it answers', async () => {
    const redisServer = await OwnRedis.start()
    cleanup.push(() => redisServer.kill())
    const token = freshToken()
    const { budget: shared, lines } = budgetOn(redisServer.url, token, 20)
    await ready(shared.redis)
    const budget = new GlobalBudget(20, systemClock, shared, 4)
    await budget.take('edit', 'c')
    expect(budget.drawsShared).toBe(true)

    // Redis stops answering for longer than a command may take (a busy Redis), the connection open.
    const admin = new Redis(redisServer.url)
    cleanup.push(async () => void admin.disconnect())
    await admin.call('CLIENT', 'PAUSE', '1500', 'ALL')
    await budget.take('edit', 'c')
    expect(budget.drawsShared).toBe(false)
    expect(lines.filter((l) => l.level === 40 && /static slice/.test(l.msg))).toHaveLength(1)

    // Redis answers again: the process shares the bot's budget again, and says so.
    await until(() => shared.up, 10_000)
    expect(budget.drawsShared).toBe(true)
    expect(lines.filter((l) => /drawing Discord requests from the shared budget/.test(l.msg))).toHaveLength(2)
    // The next request takes its place in Redis's window (on Redis's clock, from now on).
    const [seconds, micros] = (await admin.time()) as [string | number, string | number]
    await budget.take('edit', 'c')
    const now = Number(seconds) * 1000 + Number(micros) / 1000
    expect(await admin.zcount(budgetKeys(token).window, now, '+inf')).toBe(1)
  }, 30_000)
})

async function until(fn: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!fn()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}
