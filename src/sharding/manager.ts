import { ShardingManager } from 'discord.js'
import type { Logger } from '../lib/log.js'

/**
 * SHARDS=auto|N: a discord.js ShardingManager runs `script` once per shard, each in its own
 * process (respawned when it exits); every shard process runs the whole bot for its guilds.
 * `auto` asks Discord (`GET /gateway/bot`, at the configured API root) how many it recommends.
 */
export async function runShards(opts: {
  readonly script: string
  readonly token: string
  readonly discordUrl: string
  readonly shards: 'auto' | number
  readonly log: Logger
}): Promise<ShardingManager> {
  const total = opts.shards === 'auto' ? await recommendedShards(opts.discordUrl, opts.token) : opts.shards
  const manager = new ShardingManager(opts.script, {
    token: opts.token,
    totalShards: total,
    mode: 'process',
    respawn: true,
    // The loader this process runs under (tsx in development) runs the shards too.
    execArgv: process.execArgv,
  })
  manager.on('shardCreate', (shard) => {
    opts.log.info({ shard: shard.id, of: total }, 'shard started')
    shard.on('death', () => opts.log.warn({ shard: shard.id }, 'shard process exited; respawning'))
  })
  // The shards' own deadline is long: a shard's start-up includes migrations and re-arming.
  await manager.spawn({ amount: total, delay: 5_500, timeout: 120_000 })
  return manager
}

async function recommendedShards(discordUrl: string, token: string): Promise<number> {
  const res = await fetch(`${discordUrl}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` } })
  if (!res.ok) throw new Error(`GET /gateway/bot answered ${res.status}`)
  const body = (await res.json()) as { shards?: unknown }
  if (!Number.isInteger(body.shards) || (body.shards as number) < 1)
    throw new Error('GET /gateway/bot gave no shard count')
  return body.shards as number
}
