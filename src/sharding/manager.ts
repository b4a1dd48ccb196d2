import { setTimeout as sleep } from 'node:timers/promises'
import { ShardingManager } from 'discord.js'
import type { Logger } from '../lib/log.js'

/**
 * SHARDS=auto|N: a discord.js ShardingManager runs `script` once per shard, each in its own
 * process (respawned when it exits); every shard process runs the whole bot for its guilds.
 * `auto` asks Discord (`GET /gateway/bot`, at the configured API root) how many it recommends.
 * `shardIds` (SHARD_IDS): this host runs only these of the shards, other hosts the rest.
 *
 * Discord starts at most `max_concurrency` sessions every 5 s (one per `shard_id %
 * max_concurrency`): the shards start in waves of that many, 5.5 s apart. Across hosts, and when a
 * shard respawns, the shard processes' IDENTIFYs also wait for their key in Redis when REDIS_URL is
 * set (discord/identify-throttle.ts).
 */
export async function runShards(opts: {
  readonly script: string
  readonly token: string
  readonly discordUrl: string
  readonly shards: 'auto' | number
  readonly shardIds?: readonly number[]
  readonly log: Logger
}): Promise<ShardingManager> {
  const gateway = await gatewayBot(opts.discordUrl, opts.token)
  const total = opts.shards === 'auto' ? gateway.shards : opts.shards
  const ids = opts.shardIds ? [...opts.shardIds] : [...Array(total).keys()]
  if (ids.some((id) => id >= total)) throw new Error(`shard ids ${ids.join(',')} are not all below ${total}`)
  const manager = new ShardingManager(opts.script, {
    token: opts.token,
    totalShards: total,
    shardList: ids,
    mode: 'process',
    respawn: true,
    // The loader this process runs under (tsx in development) runs the shards too.
    execArgv: process.execArgv,
  })
  manager.on('shardCreate', (shard) => {
    opts.log.info({ shard: shard.id, of: total }, 'shard started')
    shard.on('death', () => opts.log.warn({ shard: shard.id }, 'shard process exited; respawning'))
  })
  for (const [i, wave] of waves(ids, gateway.maxConcurrency).entries()) {
    if (i > 0) await sleep(IDENTIFY_WAVE_MS)
    // The shards' own deadline is long: a shard's start-up includes migrations and re-arming.
    await Promise.all(wave.map((id) => manager.createShard(id).spawn(120_000)))
  }
  return manager
}

/** Between two waves of shards: Discord's 5 s per rate-limit key, and a margin. */
const IDENTIFY_WAVE_MS = 5_500

/**
 * The shards in the order they start, `maxConcurrency` at a time: each wave holds at most one
 * shard of each rate-limit key (`id % maxConcurrency`).
 */
export function waves(ids: readonly number[], maxConcurrency: number): number[][] {
  const byKey = new Map<number, number[]>()
  for (const id of [...ids].sort((a, b) => a - b)) {
    const key = id % maxConcurrency
    byKey.set(key, [...(byKey.get(key) ?? []), id])
  }
  const out: number[][] = []
  for (let i = 0; ; i++) {
    const wave = [...byKey.values()].flatMap((list) => (i < list.length ? [list[i]!] : []))
    if (!wave.length) return out
    out.push(wave.sort((a, b) => a - b))
  }
}

async function gatewayBot(discordUrl: string, token: string): Promise<{ shards: number; maxConcurrency: number }> {
  const res = await fetch(`${discordUrl}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` } })
  if (!res.ok) throw new Error(`GET /gateway/bot answered ${res.status}`)
  const body = (await res.json()) as { shards?: unknown; session_start_limit?: { max_concurrency?: unknown } }
  if (!Number.isInteger(body.shards) || (body.shards as number) < 1)
    throw new Error('GET /gateway/bot gave no shard count')
  const concurrency = body.session_start_limit?.max_concurrency
  return {
    shards: body.shards as number,
    maxConcurrency: Number.isInteger(concurrency) && (concurrency as number) >= 1 ? (concurrency as number) : 1,
  }
}
