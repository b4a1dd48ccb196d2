/**
 * The shard Discord sends a guild's events to: `(guild_id >> 22) % shard_count`
 * (https://discord.com/developers/docs/events/gateway#sharding). A shard arms the deadlines of
 * its own guilds' tables only.
 */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount))
}
