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
    const key = `discord-identify:${botKey(this.token)}:${shardId % this.maxConcurrency}`
    for (;;) {
      signal.throwIfAborted()
      let wait: number
      try {
        if ((await this.redis.set(key, String(shardId), 'PX', IDENTIFY_WINDOW_MS, 'NX')) === 'OK') return
        wait = await this.redis.pttl(key)
      } catch {
        return this.local.waitForIdentify(shardId, signal)
      }
      // A little spread, so shards waiting for one key do not all ask again at the same moment.
      await sleep(Math.max(50, wait) + Math.random() * 250, undefined, { signal })
    }
  }
}

/** Discord's 5 s per rate-limit key, and a margin for the IDENTIFY's way there. */
const IDENTIFY_WINDOW_MS = 5_500
