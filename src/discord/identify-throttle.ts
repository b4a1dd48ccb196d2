import { setTimeout as sleep } from 'node:timers/promises'
import { SimpleIdentifyThrottler, type IIdentifyThrottler } from 'discord.js'
import type { Redis } from 'ioredis'
import { botKey } from './shared-budget.js'

/**
 * Discord lets a bot start at most `max_concurrency` sessions (IDENTIFY) every 5 seconds, one per
 * rate-limit key (`shard_id % max_concurrency`), across every process and host of the bot. With
 * Redis each key is a lock held for a little over 5 s from an IDENTIFY: a shard waits until its
 * key is free, whichever host its neighbours run on. Without Redis, or while it is down, the
 * process's own throttle (discord.js's) keeps its shards apart, and the supervisor starts its
 * shards in waves (sharding/manager.ts).
 */
export class RedisIdentifyThrottler implements IIdentifyThrottler {
  private readonly local: SimpleIdentifyThrottler

  constructor(
    private readonly redis: Redis,
    private readonly token: string,
    readonly maxConcurrency: number,
  ) {
    this.local = new SimpleIdentifyThrottler(maxConcurrency)
  }

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    const key = this.keyOf(shardId)
    for (;;) {
      signal.throwIfAborted()
      let wait: number
      try {
        await this.connected(signal)
        if ((await this.redis.set(key, String(shardId), 'PX', IDENTIFY_WINDOW_MS, 'NX')) === 'OK') return
        wait = await this.redis.pttl(key)
      } catch {
        return this.local.waitForIdentify(shardId, signal)
      }
      // A little spread, so shards waiting for one key do not all ask again at the same moment.
      await sleep(Math.max(50, wait) + Math.random() * 250, undefined, { signal })
    }
  }

  /**
   * The shard's session started (READY): its key stays taken for the window from now, since Discord
   * counted from when the IDENTIFY arrived, which a stalled process may have sent well after it
   * took the key.
   */
  sessionStarted(shardId: number): void {
    this.redis.eval(HOLD_SCRIPT, 1, this.keyOf(shardId), String(shardId), IDENTIFY_WINDOW_MS).catch(() => {})
  }

  /** Waits a moment for the connection (a shard may log in before it is up); rejects if it does not come. */
  private async connected(signal: AbortSignal): Promise<void> {
    for (const end = Date.now() + CONNECT_WAIT_MS; this.redis.status !== 'ready';) {
      if (Date.now() > end) throw new Error('Redis is not reachable')
      await sleep(50, undefined, { signal })
    }
  }

  private keyOf(shardId: number): string {
    return `discord-identify:${botKey(this.token)}:${shardId % this.maxConcurrency}`
  }
}

/**
 * Discord's 5 s per rate-limit key, and a margin for the IDENTIFY's way there: the key is taken
 * before the IDENTIFY goes, and Discord counts from when it arrives.
 */
const IDENTIFY_WINDOW_MS = 6_000

/** How long an IDENTIFY waits for Redis to connect before the process's own throttle decides. */
const CONNECT_WAIT_MS = 3_000

/**
 * Holds the key again for `IDENTIFY_WINDOW_MS` from now, unless another shard holds it: ARGV[1] the
 * shard that identified, ARGV[2] the window.
 */
const HOLD_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 'OK'
`
