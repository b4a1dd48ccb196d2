import { createHash } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Logger } from '../lib/log.js'
import { systemClock } from '../lib/clock.js'
import { BURST, GlobalBudget, type SharedBudget, type SharedGrant } from './global-budget.js'

/**
 * Takes up to ARGV[3] requests' places from the bot's global budget in Redis, shared by every
 * process of the bot on every host. Atomic (a script runs alone on Redis) and timed by Redis's own
 * clock (`TIME`), so hosts whose clocks differ still share one window. The same two rules as the
 * in-process `Pace`: at most ARGV[1] requests in any second (a sliding window: a sorted set of when
 * each went) and at most ARGV[2] at once, then one every 1/ARGV[1] s (a token bucket); and nothing
 * before a pause a global 429 asked for. Returns [granted, wait]: how many may go now (counted),
 * and when none may, how many ms to wait before asking again.
 *
 * KEYS[1]: the window (sorted set), KEYS[2]: the bucket and pause (hash).
 */
export const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local limit = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local wanted = tonumber(ARGV[3])
local spacing = 1000 / limit
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 1000)
local state = redis.call('HMGET', KEYS[2], 'tokens', 'at', 'paused')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
local paused = tonumber(state[3]) or 0
tokens = math.min(burst, tokens + math.max(0, now - at) / spacing)
local count = redis.call('ZCARD', KEYS[1])
local granted = 0
local free = now
while granted < wanted do
  free = math.max(now, paused)
  if tokens < 1 then free = math.max(free, now + (1 - tokens) * spacing) end
  if count >= limit then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    free = math.max(free, tonumber(oldest[2]) + 1000)
  end
  if free > now then break end
  local seq = redis.call('HINCRBY', KEYS[2], 'seq', 1)
  redis.call('ZADD', KEYS[1], now, tostring(seq))
  tokens = tokens - 1
  count = count + 1
  granted = granted + 1
end
redis.call('HSET', KEYS[2], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[2], 60000)
if granted > 0 then
  redis.call('PEXPIRE', KEYS[1], 2000)
  return {granted, 0}
end
return {0, math.max(1, math.ceil(free - now))}
`

/** Lets no process take before ARGV[1] ms from now (Redis's clock): a global 429's retry_after. */
export const PAUSE_SCRIPT = `
local t = redis.call('TIME')
local until_ = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000 + tonumber(ARGV[1])
local paused = tonumber(redis.call('HGET', KEYS[1], 'paused')) or 0
if until_ > paused then redis.call('HSET', KEYS[1], 'paused', tostring(until_)) end
redis.call('PEXPIRE', KEYS[1], 60000)
return 'OK'
`

/** A bot's name in Redis keys: from its token, never the token itself. */
export function botKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16)
}

/** Redis keys of one bot's budget. */
export function budgetKeys(token: string): { window: string; state: string } {
  const bot = botKey(token)
  return { window: `discord-budget:${bot}:window`, state: `discord-budget:${bot}:state` }
}

/** A command to Redis may take this long before the budget counts Redis as down. */
const COMMAND_TIMEOUT_MS = 500
/** While Redis counts as down on an open connection, it is asked whether it answers again this often. */
const PROBE_MS = 1000

/**
 * The bot's global budget in Redis (REDIS_URL): one budget for every process of the bot. Down
 * (unreachable, a command failed or timed out) it says so once in the log and `up` turns false,
 * so the budget falls back to its static slice; once Redis answers again `up` turns true (logged
 * once). A lost connection is reconnected by ioredis, which says when it is back (`ready`); a
 * command that timed out on an open connection (a busy Redis) leaves it open, with nothing to say
 * when Redis answers again, so a PING every PROBE_MS asks. Without that, the process would keep
 * its slice for good while the others drew the whole budget: the bot's total over its limit.
 */
export class RedisBudget implements SharedBudget {
  private readonly keys: { window: string; state: string }
  /** null until the first connection succeeds or fails. */
  private healthy: boolean | null = null
  private closing = false
  private probe: NodeJS.Timeout | null = null

  constructor(
    readonly redis: Redis,
    token: string,
    readonly perSecond: number,
    private readonly log: Logger,
  ) {
    this.keys = budgetKeys(token)
    redis.defineCommand('budgetTake', { numberOfKeys: 2, lua: TAKE_SCRIPT })
    redis.defineCommand('budgetPause', { numberOfKeys: 1, lua: PAUSE_SCRIPT })
    redis.on('ready', () => this.mark(true))
    redis.on('close', () => this.mark(false))
    // ioredis reports each failed reconnection here; `close` has said it once already.
    redis.on('error', () => {})
    if (redis.status === 'ready') this.mark(true)
  }

  get up(): boolean {
    return this.healthy === true
  }

  async take(wanted: number): Promise<SharedGrant> {
    try {
      const [granted, waitMs] = await this.command<[number, number]>(
        'budgetTake',
        this.keys.window,
        this.keys.state,
        this.perSecond,
        BURST,
        wanted,
      )
      return { granted, waitMs }
    } catch (error) {
      this.mark(false, error)
      throw error
    }
  }

  pause(ms: number): void {
    this.command('budgetPause', this.keys.state, Math.ceil(ms)).catch((error: unknown) => this.mark(false, error))
  }

  async close(): Promise<void> {
    this.closing = true
    this.stopProbing()
    await this.redis.quit().catch(() => this.redis.disconnect())
  }

  private command<T>(name: string, ...args: (string | number)[]): Promise<T> {
    const run = (this.redis as unknown as Record<string, (...a: (string | number)[]) => Promise<T>>)[name]!
    return run.apply(this.redis, args)
  }

  private mark(up: boolean, error?: unknown): void {
    if (up === this.healthy || this.closing) return
    this.healthy = up
    if (up) this.stopProbing()
    else this.startProbing()
    if (up) this.log.info({ perSecond: this.perSecond }, 'drawing Discord requests from the shared budget in Redis')
    else
      this.log.warn(
        { err: error },
        'shared Discord budget in Redis unreachable: this process keeps its static slice until Redis is back',
      )
  }

  private startProbing(): void {
    if (this.probe) return
    this.probe = setInterval(() => {
      // Not connected: ioredis reconnects, and its `ready` marks the budget up.
      if (this.redis.status !== 'ready') return
      this.redis.ping().then(
        () => this.mark(true),
        () => {},
      )
    }, PROBE_MS)
    this.probe.unref()
  }

  private stopProbing(): void {
    if (this.probe) clearInterval(this.probe)
    this.probe = null
  }
}

/**
 * A Redis connection for the budget: commands fail at once while it is down (no offline queue,
 * no retries of a command) instead of holding Discord requests; it reconnects on its own.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(200 * attempt, 2000),
    lazyConnect: false,
  })
}

/**
 * The budget a process's channel requests wait in: with Redis, the bot's whole `perSecond` shared
 * with every process (its static slice while Redis is down); without, the slice alone: its shards'
 * share of `perSecond` (`ownShards` of `shardCount`).
 */
export function channelBudget(opts: {
  readonly perSecond: number
  readonly ownShards: number
  readonly shardCount: number
  readonly token: string
  readonly redis: Redis | null
  readonly log: Logger
}): { budget: GlobalBudget; shared: RedisBudget | null } {
  const slice = Math.max(1, Math.floor((opts.perSecond * opts.ownShards) / opts.shardCount))
  if (!opts.redis) return { budget: new GlobalBudget(slice), shared: null }
  const shared = new RedisBudget(opts.redis, opts.token, opts.perSecond, opts.log)
  return { budget: new GlobalBudget(opts.perSecond, systemClock, shared, slice), shared }
}
