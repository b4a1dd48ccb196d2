import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/index.js'
import { shardOf } from '../../src/sharding/shard-of.js'
import { startFakeDiscord, type FakeDiscord, type FakeGuild } from '../../src/sandbox/discord/index.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'

// SHARDS=auto on one PostgreSQL database: `npm start` runs discord.js's ShardingManager, which
// starts one bot process per shard; the fake Discord recommends two shards and routes each
// guild's interactions to the shard that owns it.
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

const textOf = (m: { content: string; embeds: { description?: string; title?: string }[] }) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? ''])].join('\n')

async function until<T>(what: string, fn: () => T | undefined | false, ms = 90_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A guild whose id falls on `shard` of `count` (ids follow the fake's clock, so move it on). */
async function guildOn(discord: FakeDiscord, shard: number, count: number): Promise<FakeGuild> {
  for (let i = 0; ; i++) {
    const g = discord.guild(`Shard ${shard} club ${i}`)
    if (shardOf(g.id, count) === shard) return g
    await discord.clock.advance(1)
  }
}

function startSharded(discord: FakeDiscord, databaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      PATH: process.env.PATH!,
      DOTENV_CONFIG_PATH: '/nonexistent/.env',
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.url,
      DATABASE_URL: databaseUrl,
      SHARDS: 'auto',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: { msg?: string; pid?: number; shards?: number[] }[] = []
  let out = ''
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8')
    const lines = out.split('\n')
    out = lines.pop()!
    for (const l of lines) if (l.startsWith('{')) logs.push(JSON.parse(l))
  })
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(d))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const ready = (shard: number) => logs.filter((l) => l.msg === 'bot ready' && l.shards?.includes(shard))
  return { child, logs, exited, ready }
}

describe('two shard processes on one PostgreSQL database', () => {
  it('route each guild to its shard; a SIGKILLed shard is respawned and its guild goes on; SIGTERM stops all', async () => {
    const discord = await startFakeDiscord({ recommendedShards: 2 })
    cleanup.push(() => discord.stop())
    const url = freshDatabaseUrl()
    cleanup.push(() => dropDatabase(url))
    const guilds = [await guildOn(discord, 0, 2), await guildOn(discord, 1, 2)]
    const channels = guilds.map((g) => g.channel('cards'))
    const players = guilds.map((g, i) => g.member(`player${i}`))

    const bot = startSharded(discord, url)
    // On failure: SIGTERM reaches the shards through the manager; SIGKILL if that hangs.
    cleanup.push(async () => {
      if (bot.child.exitCode !== null) return
      bot.child.kill('SIGTERM')
      const timer = setTimeout(() => bot.child.kill('SIGKILL'), 15_000)
      await bot.exited
      clearTimeout(timer)
    })
    await until('both shards', () => bot.ready(0).length > 0 && bot.ready(1).length > 0)
    expect(discord.connectedShards).toEqual([
      [0, 2],
      [1, 2],
    ])

    // Each guild's commands reach its own shard, and every shard shares the one database.
    for (const [i, p] of players.entries()) {
      const daily = await p.slash(channels[i]!, 'chips daily', {})
      expect(textOf(daily)).toMatch(/100/)
    }

    // Shard 1 dies without warning; the manager starts it again and its guild goes on.
    const victim = bot.ready(1)[0]!.pid!
    process.kill(victim, 'SIGKILL')
    await until('shard 1 respawned', () => bot.ready(1).some((l) => l.pid !== victim))
    await until('shard 1 connected', () => discord.connectedShards.length === 2)
    const balance = await players[1]!.slash(channels[1]!, 'chips balance', {})
    expect(textOf(balance)).toMatch(/1,100/)
    const again = await players[0]!.slash(channels[0]!, 'chips balance', {})
    expect(textOf(again)).toMatch(/1,100/)
    expect(discord.failedInteractions).toEqual([])

    bot.child.kill('SIGTERM')
    expect(await bot.exited).toBe(0)
    expect(bot.logs.filter((l) => l.msg === 'bot stopped')).toHaveLength(2)
    const store = await openStore({ url })
    const report = await store.audit()
    await store.close()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(2 * 1100)
  }, 180_000)
})
