import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { DISCORD_API_DEFAULT, inviteUrl, readConfig } from '../../src/config.js'

describe('bot settings', () => {
  it('fills in the defaults a fresh .env leaves empty', () => {
    const read = readConfig({
      DISCORD_TOKEN: 'abc',
      DISCORD_CLIENT_ID: '',
      DEV_GUILD_ID: '',
      DISCORD_API_URL: '',
      LOG_LEVEL: '',
    })
    expect(read).toEqual({
      ok: true,
      config: {
        token: 'abc',
        clientId: undefined,
        databaseUrl: 'file:./data/bot.db',
        devGuildId: undefined,
        discordUrl: DISCORD_API_DEFAULT,
        logLevel: 'info',
        sandboxPort: 3000,
        production: false,
        shards: 1,
        ai: { moveDelayMs: 1500, thinkMs: 300 },
        imageThreads: undefined,
        globalPerSecond: 47,
        memberRate: { burst: 10, perSecond: 2 },
        shardIds: undefined,
        shardsPerProcess: 1,
        redisUrl: undefined,
        lobbyExpiryMs: 24 * 3_600_000,
        deadlineSweepMs: 30_000,
        tableLogRetentionDays: 30,
      },
    })
  })

  it('SHARD_IDS of SHARD_COUNT: the shards this host runs of all hosts; REDIS_URL a redis:// URL', () => {
    const read = (env: Record<string, string>) => {
      const r = readConfig({ DISCORD_TOKEN: 'abc', ...env })
      return r.ok ? { shards: r.config.shards, ids: r.config.shardIds, redis: r.config.redisUrl } : r.problems
    }
    expect(read({ SHARD_IDS: '2, 3', SHARD_COUNT: '4', REDIS_URL: 'redis://cache:6379' })).toEqual({
      shards: 4,
      ids: [2, 3],
      redis: 'redis://cache:6379',
    })
    expect(read({ SHARD_COUNT: '4' })).toEqual({ shards: 4, ids: undefined, redis: undefined })
    expect(read({ SHARD_IDS: '0,1' })).toEqual(['SHARD_IDS: needs SHARD_COUNT, the shards of all hosts'])
    expect(read({ SHARD_IDS: '0,4', SHARD_COUNT: '4' })).toEqual(['SHARD_IDS: each must be below SHARD_COUNT (4)'])
    expect(read({ SHARD_IDS: '1,1', SHARD_COUNT: '4' })).toEqual(['SHARD_IDS: a shard is named twice'])
    expect(read({ SHARD_IDS: 'one', SHARD_COUNT: '4' })).toEqual([
      'SHARD_IDS: must be shard ids separated by commas, e.g. 0,1',
    ])
    expect(read({ SHARDS: '8', SHARD_COUNT: '4' })).toEqual(['SHARD_COUNT: differs from SHARDS (set one of them)'])
    expect(read({ REDIS_URL: 'cache:6379' })).toEqual(['REDIS_URL: must be a redis:// or rediss:// URL'])
    const perProcess = (value: string) => {
      const r = readConfig({ DISCORD_TOKEN: 'abc', SHARDS: '4', SHARDS_PER_PROCESS: value })
      return r.ok ? r.config.shardsPerProcess : r.problems
    }
    expect(perProcess('2')).toBe(2)
    expect(perProcess('')).toBe(1)
    expect(perProcess('auto')).toBe('auto')
    for (const bad of ['0', 'two', '1.5', '-1', '99999'])
      expect(perProcess(bad)).toEqual(['SHARDS_PER_PROCESS: must be auto or a whole number of shards from 1'])
    // A shard process started by a host's supervisor inherits both, and discord.js's SHARD_COUNT.
    expect(read({ SHARD_IDS: '2,3', SHARD_COUNT: '4', SHARDS: '2', SHARDING_MANAGER: 'true' })).toEqual({
      shards: 4,
      ids: [2, 3],
      redis: undefined,
    })
  })

  it('DISCORD_GLOBAL_LIMIT: a whole number of requests a second, at least 1', () => {
    const limit = (value: string) => {
      const read = readConfig({ DISCORD_TOKEN: 'abc', DISCORD_GLOBAL_LIMIT: value })
      return read.ok ? read.config.globalPerSecond : read.problems.map((p) => p.split(':')[0])
    }
    expect(limit('')).toBe(47)
    expect(limit('500')).toBe(500)
    expect(limit('0')).toEqual(['DISCORD_GLOBAL_LIMIT'])
    expect(limit('fast')).toEqual(['DISCORD_GLOBAL_LIMIT'])
  })

  it('METRICS_PORT: a port (none when unset), METRICS_HOST default 127.0.0.1', () => {
    const metrics = (port: string, host = '') => {
      const read = readConfig({ DISCORD_TOKEN: 'abc', METRICS_PORT: port, METRICS_HOST: host })
      return read.ok ? read.config.metrics : read.problems.map((p) => p.split(':')[0])
    }
    expect(metrics('')).toBeUndefined()
    expect(metrics('9464')).toEqual({ port: 9464, host: '127.0.0.1' })
    expect(metrics('9464', '0.0.0.0')).toEqual({ port: 9464, host: '0.0.0.0' })
    expect(metrics('0')).toEqual(['METRICS_PORT'])
    expect(metrics('70000')).toEqual(['METRICS_PORT'])
    expect(metrics('http')).toEqual(['METRICS_PORT'])
  })

  it('HAND_PICTURE_CACHE_MB: a whole number of MB from 0 (no cache) to 4096; unset, the default', () => {
    const mb = (value: string) => {
      const read = readConfig({ DISCORD_TOKEN: 'abc', HAND_PICTURE_CACHE_MB: value })
      return read.ok ? read.config.handPictureCacheMb : read.problems.map((p) => p.split(':')[0])
    }
    expect(mb('0')).toBe(0)
    expect(mb('96')).toBe(96)
    expect(mb('')).toBeUndefined()
    expect(mb('-1')).toEqual(['HAND_PICTURE_CACHE_MB'])
    expect(mb('5000')).toEqual(['HAND_PICTURE_CACHE_MB'])
  })

  it('IMAGE_THREADS: a whole number from 0 (pictures on the bot thread) to 64', () => {
    const threads = (value: string) => {
      const read = readConfig({ DISCORD_TOKEN: 'abc', IMAGE_THREADS: value })
      return read.ok ? read.config.imageThreads : read.problems.map((p) => p.split(':')[0])
    }
    expect(threads('0')).toBe(0)
    expect(threads('3')).toBe(3)
    expect(threads('')).toBeUndefined()
    expect(threads('-1')).toEqual(['IMAGE_THREADS'])
    expect(threads('two')).toEqual(['IMAGE_THREADS'])
  })

  it('SHARDS: auto or a whole number; a shard process ignores the SHARDS discord.js gives it', () => {
    const shards = (env: Record<string, string>) => {
      const read = readConfig({ DISCORD_TOKEN: 'abc', ...env })
      return read.ok ? read.config.shards : read.problems
    }
    expect(shards({ SHARDS: 'auto' })).toBe('auto')
    expect(shards({ SHARDS: '4' })).toBe(4)
    expect(shards({ SHARDS: '0' })).toEqual(['SHARDS: must be auto or a whole number of shards'])
    expect(shards({ SHARDS: 'many' })).toEqual(['SHARDS: must be auto or a whole number of shards'])
    expect(shards({ SHARDS: '3', SHARDING_MANAGER: 'true' })).toBe(1)
  })

  it('names every setting that is wrong', () => {
    const read = readConfig({ DISCORD_CLIENT_ID: 'my-app', LOG_LEVEL: 'loud', DISCORD_API_URL: 'not a url' })
    expect(read.ok).toBe(false)
    if (!read.ok)
      expect(read.problems.map((p) => p.split(':')[0])).toEqual(['DISCORD_CLIENT_ID', 'DISCORD_API_URL', 'LOG_LEVEL'])
  })

  it('builds an invite URL with the bot and applications.commands scopes', () => {
    const url = new URL(inviteUrl('123'))
    expect(url.searchParams.get('client_id')).toBe('123')
    expect(url.searchParams.get('scope')).toBe('bot applications.commands')
    // View Channel, Send Messages, Embed Links, Read Message History.
    expect(BigInt(url.searchParams.get('permissions')!)).toBe(0x14c00n)
  })

  it('in production, npm start without a token says what to do, exits non-zero, no stack trace, no sandbox', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        PATH: process.env.PATH,
        DOTENV_CONFIG_PATH: '/nonexistent/.env',
        DISCORD_CLIENT_ID: '42',
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('cp .env.example .env')
    expect(run.stderr).toContain('https://discord.com/developers/applications')
    expect(run.stderr).toContain('client_id=42&scope=bot+applications.commands')
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(run.stdout).toBe('')
  })
})
