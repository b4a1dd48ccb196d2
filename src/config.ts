import { DEFAULT_MEMBER_RATE, type MemberRate } from './lib/member-limit.js'
import { z } from 'zod'
import { DEFAULT_GLOBAL_PER_SECOND } from './discord/global-budget.js'
import { DEFAULT_DEADLINE_SWEEP_MS } from './scheduler/turns.js'

/** Discord's own API root; the tests point the bot at the fake Discord instead. */
export const DISCORD_API_DEFAULT = 'https://discord.com'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** The pause before an AI seat moves, so that people can follow the table (AI_MOVE_DELAY_MS). */
export const DEFAULT_AI_MOVE_DELAY_MS = 1500
/** The wall-clock cap on one AI decision (AI_THINK_MS). */
export const DEFAULT_AI_THINK_MS = 300

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const configSchema = z.object({
  DISCORD_TOKEN: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  DISCORD_CLIENT_ID: z.preprocess(
    blankToUndefined,
    z.string().regex(/^\d+$/, 'must be the numeric application id').optional(),
  ),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().default('file:./data/bot.db')),
  DEV_GUILD_ID: z.preprocess(blankToUndefined, z.string().regex(/^\d+$/, 'must be a numeric server id').optional()),
  DISCORD_API_URL: z.preprocess(blankToUndefined, z.string().url().default(DISCORD_API_DEFAULT)),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  SANDBOX_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  NODE_ENV: z.preprocess(blankToUndefined, z.string().optional()),
  AI_MOVE_DELAY_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(60_000).default(DEFAULT_AI_MOVE_DELAY_MS),
  ),
  AI_THINK_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(DEFAULT_AI_THINK_MS)),
  LOBBY_EXPIRY_HOURS: z.preprocess(blankToUndefined, z.coerce.number().min(0.1).max(720).default(24)),
  IMAGE_THREADS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(64).optional()),
  HAND_PICTURE_CACHE_MB: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(4096).optional()),
  DISCORD_GLOBAL_LIMIT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(DEFAULT_GLOBAL_PER_SECOND),
  ),
  MEMBER_RATE_BURST: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(1000).default(DEFAULT_MEMBER_RATE.burst),
  ),
  MEMBER_RATE_PER_SECOND: z.preprocess(
    blankToUndefined,
    z.coerce.number().min(0.1).max(100).default(DEFAULT_MEMBER_RATE.perSecond),
  ),
  METRICS_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(blankToUndefined, z.string().min(1).default('127.0.0.1')),
  DEADLINE_SWEEP_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1_000).max(3_600_000).default(DEFAULT_DEADLINE_SWEEP_MS),
  ),
  TABLE_LOG_RETENTION_DAYS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
  // A shard process started by the ShardingManager gets SHARDS=<its id> from discord.js: not ours.
  SHARDS: z.preprocess(
    blankToUndefined,
    z
      .union([z.literal('auto'), z.string().regex(/^[1-9]\d*$/, 'must be auto or a whole number of shards')])
      .default('1'),
  ),
  // Several hosts: the shards this host runs (e.g. 0,1) of SHARD_COUNT in all (docs/deploy.md).
  SHARD_IDS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be shard ids separated by commas, e.g. 0,1')
      .optional(),
  ),
  SHARD_COUNT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  // Shards run together in one process of the supervisor (docs/deploy.md): fewer processes than shards.
  SHARDS_PER_PROCESS: z.preprocess(
    blankToUndefined,
    z
      .union([z.literal('auto'), z.string().regex(/^[1-9]\d{0,3}$/, 'must be auto or a whole number of shards from 1')])
      .default('1'),
  ),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
})

export interface Config {
  token: string | undefined
  clientId: string | undefined
  databaseUrl: string
  devGuildId: string | undefined
  discordUrl: string
  logLevel: (typeof LOG_LEVELS)[number]
  /** The sandbox page's port (npm start without a token, npm run sandbox). */
  sandboxPort: number
  /** NODE_ENV=production: a missing token is an error, never a sandbox. */
  production: boolean
  /** Gateway shards: one process (1), or a ShardingManager with this many shard processes. */
  shards: 'auto' | number
  /** AI seats: the pause before each move and the cap on thinking, in ms. */
  ai: { moveDelayMs: number; thinkMs: number }
  /** Threads that draw the pictures (0: the bot's own thread); undefined: one fewer than the cores. */
  imageThreads: number | undefined
  /** MB of hand pictures kept to show again while the hand stands (0: none); undefined: the default, 48. */
  handPictureCacheMb: number | undefined
  /** Requests a second the bot allows itself under Discord's global limit (all shard processes together). */
  globalPerSecond: number
  /** Each member's interactions: a burst and a rate (MEMBER_RATE_BURST, MEMBER_RATE_PER_SECOND). */
  memberRate: MemberRate
  /** A lobby that has not started this long (ms) after it opened closes, every buy-in back. */
  lobbyExpiryMs: number
  /** /metrics, /healthz, /readyz on this port (a shard process: plus its first shard id) and host; none when unset. */
  metrics: { port: number; host: string } | undefined
  /** How often overdue deadlines are looked up in the database, in ms (a timer is only the fast path). */
  deadlineSweepMs: number
  /** How long a closed table and its `/table log` are kept, in days. */
  tableLogRetentionDays: number
  /** Several hosts (SHARD_IDS with SHARD_COUNT): the shards this host's supervisor runs; undefined: all of them. */
  shardIds: number[] | undefined
  /**
   * How many of the host's shards each process the supervisor starts runs (SHARDS_PER_PROCESS,
   * default 1); `auto`: enough for one process per two cores (sharding/manager.ts).
   */
  shardsPerProcess: number | 'auto'
  /** The bot's global budget shared by every process in Redis (REDIS_URL); undefined: each keeps its slice. */
  redisUrl: string | undefined
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] }

/** Reads the bot's settings from an environment (process.env after dotenv); never throws. */
export function readConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = configSchema.safeParse(env.SHARDING_MANAGER ? { ...env, SHARDS: undefined } : env)
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
  }
  const e = parsed.data
  const shardIds = e.SHARD_IDS?.split(',').map((id) => Number(id.trim()))
  const problems: string[] = []
  if (shardIds && e.SHARD_COUNT === undefined) problems.push('SHARD_IDS: needs SHARD_COUNT, the shards of all hosts')
  if (e.SHARD_COUNT !== undefined && e.SHARDS !== '1' && e.SHARDS !== String(e.SHARD_COUNT))
    problems.push('SHARD_COUNT: differs from SHARDS (set one of them)')
  if (shardIds && e.SHARD_COUNT !== undefined) {
    if (shardIds.some((id) => id >= e.SHARD_COUNT!))
      problems.push(`SHARD_IDS: each must be below SHARD_COUNT (${e.SHARD_COUNT})`)
    if (new Set(shardIds).size !== shardIds.length) problems.push('SHARD_IDS: a shard is named twice')
  }
  if (problems.length) return { ok: false, problems }
  const shards = e.SHARD_COUNT ?? (e.SHARDS === 'auto' ? 'auto' : Number(e.SHARDS))
  return {
    ok: true,
    config: {
      token: e.DISCORD_TOKEN,
      clientId: e.DISCORD_CLIENT_ID,
      databaseUrl: e.DATABASE_URL,
      devGuildId: e.DEV_GUILD_ID,
      discordUrl: e.DISCORD_API_URL.replace(/\/+$/, ''),
      logLevel: e.LOG_LEVEL,
      sandboxPort: e.SANDBOX_PORT,
      production: e.NODE_ENV === 'production',
      shards,
      ai: { moveDelayMs: e.AI_MOVE_DELAY_MS, thinkMs: e.AI_THINK_MS },
      imageThreads: e.IMAGE_THREADS,
      handPictureCacheMb: e.HAND_PICTURE_CACHE_MB,
      globalPerSecond: e.DISCORD_GLOBAL_LIMIT,
      memberRate: { burst: e.MEMBER_RATE_BURST, perSecond: e.MEMBER_RATE_PER_SECOND },
      lobbyExpiryMs: Math.round(e.LOBBY_EXPIRY_HOURS * 3_600_000),
      metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
      deadlineSweepMs: e.DEADLINE_SWEEP_MS,
      tableLogRetentionDays: e.TABLE_LOG_RETENTION_DAYS,
      shardIds,
      shardsPerProcess: e.SHARDS_PER_PROCESS === 'auto' ? 'auto' : Number(e.SHARDS_PER_PROCESS),
      redisUrl: e.REDIS_URL,
    },
  }
}

/**
 * Permissions the bot needs in a channel: View Channel (1<<10), Send Messages (1<<11),
 * Embed Links (1<<14), Read Message History (1<<16), Mention Everyone is not needed.
 */
export const BOT_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 16n)

export function inviteUrl(clientId: string | undefined): string {
  const id = clientId ?? 'YOUR_APPLICATION_ID'
  const query = new URLSearchParams({
    client_id: id,
    scope: 'bot applications.commands',
    permissions: String(BOT_PERMISSIONS),
  })
  return `https://discord.com/oauth2/authorize?${query.toString()}`
}

/** What someone who ran `npm start` without a token should do next. */
export function missingTokenHelp(clientId: string | undefined): string {
  return [
    'No DISCORD_TOKEN is set, so the bot cannot log in to Discord.',
    '',
    'To run the bot:',
    '  1. Copy the example settings:      cp .env.example .env',
    '  2. Create an application at https://discord.com/developers/applications,',
    '     add a Bot to it, and copy its token into DISCORD_TOKEN in .env,',
    '     and the application id into DISCORD_CLIENT_ID.',
    '  3. Invite the bot to your server with this URL (scopes "bot applications.commands"):',
    `     ${inviteUrl(clientId)}`,
    '  4. Run `npm start` again (and `npm run deploy-commands` to register the slash commands).',
    '',
  ].join('\n')
}
