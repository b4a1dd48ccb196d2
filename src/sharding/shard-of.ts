/**
 * The shard Discord sends a guild's events to: `(guild_id >> 22) % shard_count`
 * (https://discord.com/developers/docs/events/gateway#sharding). A shard arms the deadlines of
 * its own guilds' tables only.
 */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount))
}

/** The first shard id of discord.js's SHARDS (a number or a JSON list of them); 0 when unreadable. */
export function firstShard(shards: string | undefined): number {
  try {
    const parsed: unknown = JSON.parse(shards ?? '0')
    const first = Array.isArray(parsed) ? (parsed[0] as unknown) : parsed
    return Number.isSafeInteger(first) && (first as number) >= 0 ? (first as number) : 0
  } catch {
    return 0
  }
}

/**
 * What a shard process sends its supervisor once every one of its shards is ready (discord.js's
 * own ready message comes with the first): the next process may start its IDENTIFYs then.
 */
export const ALL_SHARDS_READY = { allShardsReady: true } as const

export const isAllShardsReady = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { allShardsReady?: unknown }).allShardsReady === true
