import fs from 'node:fs'
import { startBot, type Bot } from '../bot.js'
import type { Logger } from '../lib/log.js'
import { sqlitePath } from '../store/url.js'
import { ManualClock } from './discord/manual-clock.js'
import { startFakeDiscord, type FakeDiscord } from './discord/index.js'
import { startSandboxPage } from './web/server.js'

export const SANDBOX_DATABASE_URL = 'file:./data/sandbox.db'

export interface Sandbox {
  /** The page: http://127.0.0.1:<port> */
  readonly url: string
  readonly discord: FakeDiscord
  readonly bot: Bot
  stop(): Promise<void>
}

export interface SandboxOptions {
  readonly port: number
  readonly log: Logger
  /** Default data/sandbox.db, emptied at every start (the fake Discord's channels are new each time). */
  readonly databaseUrl?: string
  /** AI seats' pause and thinking cap (AI_MOVE_DELAY_MS, AI_THINK_MS); default as the bot's. */
  readonly ai?: { readonly moveDelayMs: number; readonly thinkMs: number }
  /** Seeds of new games (default: random; a page test fixes the deal it draws). */
  readonly seeds?: () => number
}

/**
 * The sandbox: the fake Discord (the same server the end-to-end tests use), the real bot logged in
 * to it, and the page that shows its channel. All in this process, all on 127.0.0.1; the fake's
 * clock follows real time, so turn deadlines pass as they would on Discord.
 */
export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  const databaseUrl = opts.databaseUrl ?? SANDBOX_DATABASE_URL
  const file = sqlitePath(databaseUrl)
  if (file !== ':memory:')
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true })

  const clock = new ManualClock(Date.now())
  const stopClock = clock.followRealTime()
  const discord = await startFakeDiscord({ clock })
  const guild = discord.guild('Sandbox')
  const channel = guild.channel('cards')
  guild.member('alice')
  guild.member('bob')
  guild.member('carol', { admin: true })
  let bot: Bot
  try {
    bot = await startBot({
      token: discord.token,
      discordUrl: discord.url,
      databaseUrl,
      devGuildId: guild.id,
      log: opts.log,
      // One person plays every member here (and the page tests click as fast as the bot answers).
      memberRate: { burst: 1000, perSecond: 100 },
      ...(opts.ai ? { ai: opts.ai } : {}),
      ...(opts.seeds ? { seeds: opts.seeds } : {}),
    })
  } catch (error) {
    stopClock()
    await discord.stop()
    throw error
  }
  const page = await startSandboxPage({ discord, guild, channel, port: opts.port })
  return {
    url: page.url,
    discord,
    bot,
    async stop() {
      await page.stop()
      await bot.stop()
      await discord.stop()
      stopClock()
    },
  }
}
