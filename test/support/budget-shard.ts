/**
 * A shard process's channel traffic, for the shared-budget tests: the bot's REST client
 * (`SplitRest`) with the budget a shard process of `startBot` builds (`channelBudget`: Redis when
 * REDIS_URL is set, else the shard's static slice), posting messages to CHANNELS as fast as its
 * budget lets it for SECONDS once it reads a line on stdin. Prints `ready` first (and, with Redis,
 * only once the shared budget is reachable), then one JSON line: the requests it made.
 */
import { createInterface } from 'node:readline'
import { Routes } from 'discord.js'
import { SplitRest } from '../../src/discord/rest.js'
import { channelBudget, connectRedis } from '../../src/discord/shared-budget.js'
import { createLogger } from '../../src/lib/log.js'

const env = process.env
const channels = (env.CHANNELS ?? '').split(',').filter(Boolean)
const seconds = Number(env.SECONDS ?? '4')
const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : null
const { budget, shared } = channelBudget({
  perSecond: Number(env.GLOBAL_LIMIT ?? '47'),
  ownShards: 1,
  shardCount: Number(env.SHARD_COUNT),
  token: env.DISCORD_TOKEN!,
  redis,
  log: createLogger('warn', process.stderr),
})
const rest = new SplitRest({ api: `${env.DISCORD_API_URL}/api` }, budget).setToken(env.DISCORD_TOKEN!)
while (shared && !shared.up) await new Promise((r) => setTimeout(r, 20))
process.stdout.write('ready\n')
const lines = createInterface({ input: process.stdin })
await new Promise((r) => lines.once('line', r))

let sent = 0
const end = Date.now() + seconds * 1000
// One request at a time per channel, as the bot's desk sends a table's messages (discord.js would
// otherwise hold a channel's further requests in its per-route queue, past the budget's turn);
// channels enough that the budget, not the round trips, sets the pace.
const post = async (channel: string): Promise<void> => {
  while (Date.now() < end) {
    await rest.post(Routes.channelMessages(channel), { body: { content: `m${sent}` } })
    sent++
  }
}
await Promise.all(channels.map(post))
process.stdout.write(`${JSON.stringify({ sent })}\n`)
lines.close()
await shared?.close()
