import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { startBot, type Bot } from '../../src/bot.js'
import { commandDefinitions } from '../../src/commands/index.js'
import { createLogger } from '../../src/lib/log.js'
import { startFakeDiscord, type FakeDiscord, type InjectedFault } from '../../src/sandbox/discord/index.js'

const NAMES = commandDefinitions()
  .map((c) => c.name)
  .sort()
const cleanup: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

async function fake(): Promise<FakeDiscord> {
  const discord = await startFakeDiscord()
  cleanup.push(() => discord.stop())
  return discord
}

function tempDatabase(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bot-start-'))
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }))
  return `file:${join(dir, 'bot.db')}`
}

/** Runs a project script with the given environment; resolves with its exit code and output. */
function run(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH!, DOTENV_CONFIG_PATH: '/nonexistent/.env', ...env },
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ code, out }))
  })
}

describe('start-up and command registration', () => {
  it('registers every command in DEV_GUILD_ID at start when it is set, and none globally', async () => {
    const discord = await fake()
    const guild = discord.guild('Dev Server')
    const bot: Bot = await startBot({
      token: discord.token,
      discordUrl: discord.url,
      databaseUrl: tempDatabase(),
      clock: discord.clock,
      devGuildId: guild.id,
      log: createLogger('silent'),
    })
    cleanup.push(() => bot.stop())
    expect(
      discord
        .commands(guild)
        .map((c) => c.name)
        .sort(),
    ).toEqual(NAMES)
    expect(discord.commands()).toEqual([])
    // The commands answer at once, exactly as in the other tests.
    const help = await guild.member('dana').slash(guild.channel('general'), 'help')
    expect(help.ephemeral).toBe(true)
  })

  it('npm run deploy-commands registers globally, or in DEV_GUILD_ID', async () => {
    const discord = await fake()
    const guild = discord.guild('Dev Server')
    const env = { DISCORD_TOKEN: discord.token, DISCORD_CLIENT_ID: discord.applicationId, DISCORD_API_URL: discord.url }
    const global = await run('src/deploy-commands.ts', env)
    expect(global.out).toContain(`Registered ${NAMES.length} commands globally`)
    expect(global.code).toBe(0)
    expect(
      discord
        .commands()
        .map((c) => c.name)
        .sort(),
    ).toEqual(NAMES)
    const dev = await run('src/deploy-commands.ts', { ...env, DEV_GUILD_ID: guild.id })
    expect(dev.code).toBe(0)
    expect(
      discord
        .commands(guild)
        .map((c) => c.name)
        .sort(),
    ).toEqual(NAMES)
    const wrong = await run('src/deploy-commands.ts', { ...env, DISCORD_TOKEN: 'not-the-token' })
    expect(wrong.code).toBe(1)
    expect(wrong.out).toMatch(/Discord refused the commands/)
    expect(wrong.out).not.toMatch(/\n\s+at /)
  })

  it("rides out Discord failing start-up's requests: the gateway's address and the command registration are tried again", async () => {
    const discord = await fake()
    const guild = discord.guild('Card Club')
    // The first two asks for the gateway's address are cut; the first two registrations answered
    // 500 (each past discord.js's own three retries: four requests).
    const seen = { gateway: 0, commands: 0 }
    discord.injectFaults((method, path): InjectedFault | null => {
      if (method === 'GET' && path === '/gateway/bot') return ++seen.gateway <= 2 ? { kind: 'drop' } : null
      if (method === 'PUT' && path.endsWith('/commands')) return ++seen.commands <= 8 ? { kind: 'error' } : null
      return null
    })
    const lines: string[] = []
    const bot = await startBot({
      token: discord.token,
      discordUrl: discord.url,
      databaseUrl: tempDatabase(),
      clock: discord.clock,
      log: createLogger('info', sink(lines)),
      startUpBackoff: { attempts: 4, firstMs: 10, maxMs: 40 },
    })
    cleanup.push(() => bot.stop())
    expect(seen).toEqual({ gateway: 3, commands: 9 })
    const retries = lines.map((l) => JSON.parse(l) as { msg: string; what?: string; attempt?: number })
    expect(
      retries.filter((l) => l.msg === 'start-up request failed; trying again').map((l) => [l.what, l.attempt]),
    ).toEqual([
      ['gateway', 1],
      ['gateway', 2],
      ['commands', 1],
      ['commands', 2],
    ])
    expect(
      discord
        .commands()
        .map((c) => c.name)
        .sort(),
    ).toEqual(NAMES)
    const help = await guild.member('dana').slash(guild.channel('general'), 'help')
    expect(help.ephemeral).toBe(true)
  })

  it('gives up after its last try, and at once on a refusal that would not change', async () => {
    const discord = await fake()
    const start = (token: string) =>
      startBot({
        token,
        discordUrl: discord.url,
        databaseUrl: tempDatabase(),
        clock: discord.clock,
        log: createLogger('silent'),
        startUpBackoff: { attempts: 3, firstMs: 10, maxMs: 40 },
      })
    let asked = 0
    discord.injectFaults((method, path) =>
      method === 'GET' && path === '/gateway/bot' && ++asked ? { kind: 'drop' } : null,
    )
    await expect(start(discord.token)).rejects.toThrow(/other side closed/)
    expect(asked).toBe(3)
    discord.injectFaults(null)
    await expect(start('not-the-token')).rejects.toThrow(/invalid/i)
    expect(discord.requests.filter((r) => r.path === '/gateway/bot' && r.status === 401)).toHaveLength(1)
  })
})

/** A log destination that keeps each line. */
function sink(lines: string[]): Writable {
  return new Writable({
    write: (chunk: Buffer, _enc, done) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
}
