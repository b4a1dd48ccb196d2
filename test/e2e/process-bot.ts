import { ENGLISH } from '../../src/i18n/index.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { CrashPoint } from '../../src/lib/crash-points.js'
import { previousResult } from '../../src/discord/outbox.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import { openStore, type Store } from '../../src/store/index.js'
import { TableService, type TableSnapshot } from '../../src/tables/index.js'
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from '../../src/sandbox/discord/index.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { gameLookup } from '../../src/games/registry.js'

/**
 * The bot as a real process (`src/main.ts`) against a fake Discord in the test process, so a test
 * can kill it with SIGKILL (or have it kill itself at a crash point) and start it again on the
 * same database. The fake's clock follows real time, as the bot's does.
 */
export class ProcessBot {
  readonly log: string[] = []
  private child: ChildProcess | null = null
  private exited: Promise<NodeJS.Signals | number | null> = Promise.resolve(null)
  private readonly crashFile: string
  private readonly ticker: NodeJS.Timeout
  private reader: { service: TableService; store: Store } | null = null

  private constructor(
    readonly discord: FakeDiscord,
    private readonly dir: string,
    clock: ManualClock,
  ) {
    this.crashFile = join(dir, 'crash-at')
    writeFileSync(this.crashFile, '')
    let last = Date.now()
    this.ticker = setInterval(() => {
      const now = Date.now()
      void clock.advance(now - last)
      last = now
    }, 100)
  }

  static async create(): Promise<ProcessBot> {
    const clock = new ManualClock(Date.now())
    const discord = await startFakeDiscord({ clock })
    return new ProcessBot(discord, mkdtempSync(join(tmpdir(), 'bot-process-')), clock)
  }

  get databaseUrl(): string {
    return `file:${join(this.dir, 'bot.db')}`
  }

  /** Starts the bot process and resolves once it logged "bot ready" (start-up has caught up). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        BOT_CRASH_FILE: this.crashFile,
        DISCORD_TOKEN: this.discord.token,
        DISCORD_API_URL: this.discord.url,
        DATABASE_URL: this.databaseUrl,
        LOG_LEVEL: 'info',
        // The tests' members click as fast as the bot answers: not limited.
        MEMBER_RATE_BURST: '1000',
        MEMBER_RATE_PER_SECOND: '100',
      },
    })
    this.child = child
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
    let buffer = ''
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString()
        const lines = buffer.split('\n')
        buffer = lines.pop()!
        for (const line of lines) {
          this.log.push(line)
          if (line.includes('"bot ready"')) resolve()
        }
      })
      void this.exited.then((how) => reject(new Error(`bot exited (${how}) before it was ready: ${stderr}`)))
    })
  }

  /** The bot kills itself with SIGKILL at `point` (until disarmed). */
  arm(point: CrashPoint): void {
    writeFileSync(this.crashFile, point)
  }

  disarm(): void {
    writeFileSync(this.crashFile, '')
  }

  /** Resolves with how the bot process ended. */
  exit(): Promise<NodeJS.Signals | number | null> {
    return this.exited
  }

  kill(): Promise<NodeJS.Signals | number | null> {
    this.child?.kill('SIGKILL')
    return this.exited
  }

  /** The committed state, read from the database the bot writes (a second connection). */
  async tables(): Promise<TableService> {
    if (!this.reader) {
      const store = await openStore({ url: this.databaseUrl })
      this.reader = { service: new TableService({ games: gameLookup, store }), store }
    }
    return this.reader.service
  }

  async close(): Promise<void> {
    clearInterval(this.ticker)
    await this.kill()
    await this.reader?.store.close()
    await this.discord.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * Whether a public message shows `table` as committed: the embed's title, text and buttons as
 * rendered from the database now, with the previous game's result line (the latest log lines, kept
 * in the bot's memory, are left out).
 */
/** A text as it reads without card emojis (the bot adds them once its upload is done, before each card's name). */
const withoutCardEmojis = (text: string | undefined) => text?.replace(/<:card_\w+:\d+> /g, '')

export async function showsCommitted(
  message: FakeMessage | undefined,
  table: TableSnapshot,
  now: number,
  tables: TableService,
): Promise<boolean> {
  if (!message) return false
  // The log lines are the bot's memory, not the committed state; the previous game's result is.
  const want = renderTableMessage(
    ENGLISH,
    table,
    now,
    [],
    await previousResult(ENGLISH, table, (t) => tables.outbox.latestResult(t.id)),
  )
  const embed = message.embeds[0]
  const wanted = want.embeds?.[0]
  return (
    embed?.title === wanted?.title &&
    withoutCardEmojis(embed?.description) === wanted?.description &&
    JSON.stringify(message.components) === JSON.stringify(want.components ?? [])
  )
}

/** Waits until `check` holds (polling), failing with `what` after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > end) expect.fail(`not within ${timeoutMs} ms: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
