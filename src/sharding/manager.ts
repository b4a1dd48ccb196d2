import { availableParallelism } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { ShardingManager, type Shard } from 'discord.js'
import type { Logger } from '../lib/log.js'
import { isAllShardsReady } from './shard-of.js'

/**
 * SHARDS=auto|N: a discord.js ShardingManager runs `script` in processes of its own (respawned
 * when they exit), each for `shardsPerProcess` of the shards (SHARDS_PER_PROCESS, default 1;
 * `auto`: `autoShardsPerProcess`); every shard process runs the whole bot for its shards' guilds.
 * Fewer processes than shards spare a small host the cost of one process per shard
 * (docs/deploy.md). SHARDS=auto asks Discord (`GET /gateway/bot`, at the configured API root) how
 * many shards it recommends. `shardIds` (SHARD_IDS): this host runs only these of the shards,
 * other hosts the rest.
 *
 * Discord starts at most `max_concurrency` sessions every 5 s (one per `shard_id %
 * max_concurrency`): one shard a process, the shards start in waves of that many, 5.5 s apart;
 * several a process, one process at a time (discord.js spaces the IDENTIFYs of its own shards), the
 * next 5.5 s after the last is ready. Across hosts, and when a shard respawns, the shard
 * processes' IDENTIFYs also wait for their key in Redis when REDIS_URL is set
 * (discord/identify-throttle.ts).
 */
export async function runShards(opts: {
  readonly script: string
  readonly token: string
  readonly discordUrl: string
  readonly shards: 'auto' | number
  readonly shardIds?: readonly number[]
  readonly shardsPerProcess?: number | 'auto'
  readonly log: Logger
}): Promise<ShardingManager> {
  const gateway = await gatewayBot(opts.discordUrl, opts.token)
  const total = opts.shards === 'auto' ? gateway.shards : opts.shards
  const ids = opts.shardIds ? [...opts.shardIds] : [...Array(total).keys()]
  if (ids.some((id) => id >= total)) throw new Error(`shard ids ${ids.join(',')} are not all below ${total}`)
  const perProcess =
    opts.shardsPerProcess === 'auto'
      ? autoShardsPerProcess(ids.length, availableParallelism())
      : (opts.shardsPerProcess ?? 1)
  const groups = processGroups(ids, perProcess)
  const manager = new ShardingManager(opts.script, {
    token: opts.token,
    totalShards: total,
    // A process is known to discord.js by its first shard.
    shardList: groups.map((g) => g[0]!),
    mode: 'process',
    respawn: true,
    // The loader this process runs under (tsx in development) runs the shards too.
    execArgv: process.execArgv,
  })
  const groupOf = new Map(groups.map((g) => [g[0]!, g]))
  manager.on('shardCreate', (shard) => {
    const shards = groupOf.get(shard.id)!
    // discord.js gives the process SHARDS=<its id>; the client reads a JSON list as its shards.
    const env = shard.env as NodeJS.ProcessEnv
    env.SHARDS = JSON.stringify(shards)
    opts.log.info({ shard: shard.id, shards, of: total }, 'shard started')
    shard.on('death', () => opts.log.warn({ shard: shard.id, shards }, 'shard process exited; respawning'))
  })
  // A process's start-up includes migrations and re-arming, and its shards' IDENTIFYs one by one.
  const spawn = async (first: number) => {
    const group = groupOf.get(first)!
    const timeoutMs = 120_000 + IDENTIFY_WAVE_MS * group.length
    const shard = manager.createShard(first)
    // discord.js counts a process ready at its first shard; the next process waits for them all.
    const allReady = group.length > 1 ? allShardsReady(shard, group, timeoutMs) : Promise.resolve()
    await shard.spawn(timeoutMs)
    await allReady
  }
  const starts = groups.every((g) => g.length === 1) ? waves(ids, gateway.maxConcurrency) : groups.map((g) => [g[0]!])
  for (const [i, wave] of starts.entries()) {
    if (i > 0) await sleep(IDENTIFY_WAVE_MS)
    await Promise.all(wave.map(spawn))
  }
  return manager
}

/** Resolves once the shard process says all its shards are ready (main.ts); rejects after `timeoutMs`. */
function allShardsReady(shard: Shard, group: readonly number[], timeoutMs: number): Promise<void> {
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      shard.off('message', onMessage)
      reject(new Error(`shards ${group.join(',')} were not all ready after ${timeoutMs} ms`))
    }, timeoutMs)
    const onMessage = (message: unknown) => {
      if (!isAllShardsReady(message)) return
      clearTimeout(timer)
      shard.off('message', onMessage)
      resolve()
    }
    shard.on('message', onMessage)
  })
  // Awaited after the spawn; a spawn that fails first leaves it unobserved.
  ready.catch(() => {})
  return ready
}

/**
 * SHARDS_PER_PROCESS=auto: a process for every two cores (each busy process keeps its main thread
 * and its drawing thread running), the host's shards shared out among them.
 */
export function autoShardsPerProcess(shards: number, cores: number): number {
  return Math.ceil(shards / Math.max(1, Math.floor(cores / 2)))
}

/** The host's shards dealt to processes, `perProcess` consecutive ones each (the last may hold fewer). */
export function processGroups(ids: readonly number[], perProcess: number): number[][] {
  const sorted = [...ids].sort((a, b) => a - b)
  const out: number[][] = []
  for (let i = 0; i < sorted.length; i += perProcess) out.push(sorted.slice(i, i + perProcess))
  return out
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
