import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FakeDiscord } from '../../src/sandbox/discord/index.js'

/** `dist`: the compiled bot, as `npm start` runs it (production figures); `src`: through tsx. */
export type BotKind = 'dist' | 'src'

/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100

const ROOT = resolve(import.meta.dirname, '..', '..')

/** The newest modification time of the files under `dir` (ms), skipping `skip` (relative paths). */
function newest(dir: string, skip: readonly string[]): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    if (!entry.isFile() || skip.some((s) => path.startsWith(join(ROOT, s)))) continue
    latest = Math.max(latest, statSync(path).mtimeMs)
  }
  return latest
}

/**
 * Makes sure `dist/` is the compiled `src/` (`npm run build` when a source file is newer than
 * `dist/main.js`), before anything is timed.
 */
export function prepareBot(kind: BotKind): void {
  if (kind !== 'dist') return
  const built = join(ROOT, 'dist', 'main.js')
  // src/sandbox/page is not part of the build (tsconfig.build.json).
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(ROOT, 'src'), ['src/sandbox/page'])) return
  process.stderr.write('load test: src/ is newer than dist/, building (npm run build)\n')
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}

/**
 * The bot in a process of its own, as `npm start` runs it (`dist/main.js`: settings from the
 * environment, the real discord.js client), or from `src/main.ts` through tsx; against the fake
 * Discord of the load test, so the members' side and the bot do not share one event loop.
 */
export class BotProcess {
  /** Log lines at level error or fatal, and anything on stderr. */
  readonly errors: string[] = []
  private constructor(
    private readonly child: ChildProcess,
    readonly kind: BotKind,
    /** The bot's processes besides a supervisor: one for each `SHARDS_PER_PROCESS` of its shards. */
    readonly processes: number,
  ) {}

  /**
   * Starts the bot (`prepareBot` first for `dist`) and resolves once it logs `bot ready`; with
   * `shards` above 1, the shard supervisor (SHARDS=N) once every shard process has (one for each
   * `SHARDS_PER_PROCESS` of `botEnv`'s shards).
   */
  static async start(
    discord: FakeDiscord,
    databaseUrl: string,
    kind: BotKind,
    shards = 1,
    /** Settings of the run's own for the bot (they win over the passed-through ones). */
    botEnv: Record<string, string> = {},
    /** The bot's niceness; set before it starts its shard processes, which inherit it. */
    nice = 0,
  ): Promise<BotProcess> {
    const args = kind === 'dist' ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts']
    // LOAD_BOT_NODE_ARGS: node's own flags for the bot, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = (process.env.LOAD_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean)
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DISCORD_TOKEN: discord.token,
        DISCORD_API_URL: discord.url,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'info',
        // Scripted members click as fast as the bot answers, far past a person's rate: not limited.
        MEMBER_RATE_BURST: '1000',
        MEMBER_RATE_PER_SECOND: '100',
        SHARDS: String(shards),
        // The bot's own settings that change its speed pass through (docs/load.md).
        ...passThrough(
          'SQLITE_SYNCHRONOUS',
          'IMAGE_THREADS',
          'DISCORD_GLOBAL_LIMIT',
          'MIMALLOC_ALLOW_THP',
          'REDIS_URL',
          'HAND_PICTURE_CACHE_MB',
          'METRICS_PORT',
          'PG_POOL_SIZE',
        ),
        ...botEnv,
        // No .env of the developer's: only the settings above.
        DOTENV_CONFIG_PATH: '/nonexistent/.env',
      },
    })
    if (nice) setPriority(child.pid!, nice)
    const bot = new BotProcess(child, kind, Math.ceil(shards / Number(botEnv.SHARDS_PER_PROCESS ?? 1)))
    let buffer = ''
    let ready = 0
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`the bot exited (${signal ?? code}): ${bot.errors.join('\n').slice(0, 2000)}`)),
      ),
    )
    exited.catch(() => {})
    child.stderr.on('data', (d: Buffer) => bot.errors.push(d.toString().trim()))
    await Promise.race([
      exited,
      new Promise<void>((done) => {
        child.stdout.on('data', (d: Buffer) => {
          buffer += d.toString()
          const lines = buffer.split('\n')
          buffer = lines.pop()!
          for (const line of lines) {
            if (/"level":(50|60)/.test(line)) bot.errors.push(line.slice(0, 1000))
            // One "bot ready" a process.
            if (line.includes('"bot ready"') && ++ready === bot.processes) done()
          }
        })
      }),
    ])
    return bot
  }

  /** The bot's processes: the bot, or the shard supervisor and its shard processes. */
  private pids(): number[] {
    const pid = this.child.pid!
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    return [pid, ...children]
  }

  /** Resident memory now and at its peak, in MB (from /proc), of all the bot's processes together. */
  memory(): { rssMb: number; peakMb: number } {
    let rss = 0
    let peak = 0
    for (const pid of this.pids()) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN)
      rss += kb('VmRSS')
      peak += kb('VmHWM')
    }
    return { rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) }
  }

  /**
   * CPU seconds used so far (user + system, from /proc): all the bot's processes' threads, and their
   * main threads'.
   */
  cpuSeconds(): { all: number; main: number } {
    let all = 0
    let main = 0
    for (const pid of this.pids()) {
      all += ticks(`/proc/${pid}/stat`)
      main += ticks(`/proc/${pid}/task/${pid}/stat`)
    }
    return { all, main }
  }

  /** SIGTERM (a clean stop, as Ctrl-C) and wait for the exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    const gone = new Promise<void>((done) => this.child.once('exit', () => done()))
    this.child.kill('SIGTERM')
    await gone
  }
}

function ticks(statFile: string): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(statFile, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

function passThrough(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (process.env[n] !== undefined ? [[n, process.env[n]]] : [])))
}
