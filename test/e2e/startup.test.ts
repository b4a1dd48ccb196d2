import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startBot, type Bot } from '../../src/bot.js'
import { commandDefinitions } from '../../src/commands/index.js'
import { createLogger } from '../../src/lib/log.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'

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
})
