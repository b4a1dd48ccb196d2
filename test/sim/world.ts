import { existsSync } from 'node:fs'
import { Writable } from 'node:stream'
import { Events } from 'discord.js'
import { startBot, type Bot } from '../../src/bot.js'
import type { Clock } from '../../src/lib/clock.js'
import { onCrashPoint, type CrashPoint } from '../../src/lib/crash-points.js'
import { createLogger } from '../../src/lib/log.js'
import type { Pace } from '../../src/discord/desk.js'
import type { Store } from '../../src/store/index.js'
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMember,
  type InjectedFault,
} from '../../src/sandbox/discord/index.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'
import { hash, Rng } from './rng.js'

/** Every change drawn at once and each answer after its change is shown (as the e2e tests run). */
const AT_ONCE: Pace = { tableEditMs: 0, answerWaitMs: Infinity }

/** The characters of a table id (base64url, as the bot's own ids). */
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

export const GUILDS = 3
export const CHANNELS_PER_GUILD = 2
export const MEMBERS_PER_GUILD = 5

/** The faults in force now; the steps turn them on and off. */
export interface Faults {
  /** Chance that a request to Discord fails (each request on its own; interaction callbacks a tenth as often). */
  discord: number
  /** Which failure Discord answers with. */
  discordKind: 'error' | 'rateLimit' | 'globalRateLimit' | 'drop'
  /** Chance that a database transaction fails at its commit (rolled back, the caller gets an error). */
  db: number
  /** Timers fire this many ms off their time (negative: early). */
  timerSkewMs: number
  /** A crash point armed: the bot crashes there (in process), the simulator restarts it. */
  crashAt: CrashPoint | null
}

export const NO_FAULTS: Faults = { discord: 0, discordKind: 'error', db: 0, timerSkewMs: 0, crashAt: null }

/** A database failure the simulator injected at a commit. */
export class InjectedCommitFailure extends Error {
  constructor() {
    super('injected fault: the commit failed')
  }
}

/** How a world is set up beyond its seed. */
export interface WorldOptions {
  /**
   * Wraps the bot's store inside the simulator's own fault wrapper, at every start: a test plants
   * a bug there (a cash-out that books a chip too few) to show the simulator finds it.
   */
  readonly wrapStore?: (store: Store) => Store
}

/** A server of the simulation: its handle, its channels (deleted ones stay listed) and members. */
export interface SimGuild {
  readonly guild: FakeGuild
  readonly channels: FakeChannel[]
  readonly deletedChannels: Set<string>
  readonly members: FakeMember[]
  /** The bot was removed from this server. */
  botRemoved: boolean
}

/** Real time between looks, while a step waits for an answer, at whether the bot has anything left to do. */
const ANSWER_POLL_MS = 5

/** Real time a gateway event may take to reach the bot before the step goes on regardless. */
const GATEWAY_WAIT_MS = 10_000

/**
 * The `retry_after` of an injected 429, in seconds: the bot must wait it out and try again; how
 * long it waits tests nothing, and a route may answer 429 many times in a row (see `chance`).
 */
const RETRY_AFTER_S = 0.001

/** Rounds in a row of running timers armed for a moment already passed, before a clock move gives up on more. */
const OVERDUE_ROUNDS = 50

/**
 * Starts the supervisor tries before a run fails, and its restart delay (doubling up to the max).
 * Real supervisors restart without end; the bound only ends a run whose bot can never start. A
 * route's faults come as outages (docs/reliability.md), so starts can fail many times in a row.
 */
const SUPERVISOR_STARTS = 100
const RESTART_DELAY_MS = 1000
const RESTART_DELAY_MAX_MS = 30_000

const never = <T>() => new Promise<T>(() => {})

/** Memory-backed files, where the system has them. */
const MEMORY_FOLDER = '/dev/shm'

/**
 * The world's database. A SQLite file goes in memory-backed files where there are some: a simulated
 * crash is the process's, never the machine's, so the bot's syncs of the file to disk would only
 * cost the run its time (the bot still makes them, the same calls as on a disk).
 */
function simDatabaseUrl(): string {
  return existsSync(MEMORY_FOLDER) ? freshDatabaseUrl(MEMORY_FOLDER) : freshDatabaseUrl()
}

/**
 * The simulated world: the fake Discord, the real bot in this process on a SQLite file, the
 * servers, channels and members, the faults in force, and the bot's crashes and restarts. The bot
 * runs on the fake's manual clock through a clock of its own generation, so that a crashed bot's
 * timers never fire again, and on a wrapped store that fails commits at the rate in force.
 */
export class SimWorld {
  bot!: Bot
  readonly logLines: string[] = []
  faults: Faults = { ...NO_FAULTS }
  /** When (the manual clock) a commit last failed by injection: a table cannot move while its commits fail. */
  lastCommitFailureAt = Number.NEGATIVE_INFINITY
  /**
   * When (the manual clock) the bot running now finished starting: while it was down or failing to
   * start (the supervisor's delays pass on the clock), no table could move.
   */
  upSince = Number.NEGATIVE_INFINITY
  /** Bot starts so far (the first is 1); a crashed generation's timers and database calls stop. */
  generation = 0
  /** Crashes so far, and the latest one's point. */
  crashes: CrashPoint[] = []
  private crashed: Promise<void> = never()
  private onCrash: () => void = () => {}
  /** Requests seen per (step, route) so that fault choices do not depend on the order of unrelated requests. */
  private requestCounts = new Map<string, number>()
  private commitCount = 0
  step = 0
  /** Interactions the bot has taken in (its client emitted them) whose wait may still be open. */
  private takenIn = new Set<string>()
  /** Wakes a step waiting for the bot to take in an interaction that is on its way over the gateway. */
  private tookIn: () => void = () => {}

  /** Ids of new tables, from their own stream so that they leave the bot's seeds as they were. */
  private readonly ids: Rng

  private constructor(
    readonly seed: number,
    readonly discord: FakeDiscord,
    readonly guilds: SimGuild[],
    readonly databaseUrl: string,
    private readonly rng: Rng,
    private readonly options: WorldOptions,
  ) {
    this.ids = new Rng(hash('ids', seed))
  }

  static async start(seed: number, options: WorldOptions = {}): Promise<SimWorld> {
    const discord = await startFakeDiscord({ deferredTimeout: 4000 })
    const guilds: SimGuild[] = []
    for (let g = 0; g < GUILDS; g++) {
      const guild = discord.guild(`Club ${g}`)
      const channels = Array.from({ length: CHANNELS_PER_GUILD }, (_, c) => guild.channel(`table-${c}`))
      const members = Array.from({ length: MEMBERS_PER_GUILD }, (_, m) =>
        guild.member(`g${g}m${m}`, { admin: m === 0 }),
      )
      guilds.push({ guild, channels, deletedChannels: new Set(), members, botRemoved: false })
      // Guilds a millisecond apart get different snowflakes.
      await discord.clock.advance(1)
    }
    const world = new SimWorld(seed, discord, guilds, simDatabaseUrl(), new Rng(hash('bot', seed)), options)
    discord.injectFaults((method, path) => world.discordFault(method, path))
    await world.boot()
    return world
  }

  /** Starts (again) the bot on the world's database, a new generation. */
  async boot(): Promise<void> {
    const generation = ++this.generation
    const sink = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        this.logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        if (process.env.SIM_DEBUG_LOG) process.stderr.write(chunk)
        done()
      },
    })
    let crashedNow!: () => void
    this.crashed = new Promise<void>((resolve) => (crashedNow = resolve))
    this.onCrash = crashedNow
    const alive = () => this.generation === generation && !this.dead
    this.dead = false
    const { bot, delayed } = await this.supervised(() =>
      startBot({
        token: this.discord.token,
        discordUrl: this.discord.url,
        databaseUrl: this.databaseUrl,
        clock: this.clockFor(alive),
        log: createLogger('info', sink),
        pace: AT_ONCE,
        seeds: () => this.rng.int(2 ** 31 - 1),
        fileSeeds: () => this.rng.int(2 ** 31 - 1),
        // An AI's decisions are seeded by its table's id: a random id would make runs differ.
        tableIds: () => Array.from({ length: 12 }, () => ID_CHARS[this.ids.int(ID_CHARS.length)]).join(''),
        // The AI's search stops at its sample budget, not a real-time cut (which would make runs differ).
        ai: { moveDelayMs: 1500, thinkMs: 10_000 },
        wrapStore: (store) => this.faultyStore(this.options.wrapStore ? this.options.wrapStore(store) : store),
        // Simulated members click many times within one instant of the manual clock: not rate-limited.
        memberRate: { burst: 1_000_000, perSecond: 1_000_000 },
        // Start-up's retries wait in real time, which the manual clock does not see: kept short.
        startUpBackoff: { attempts: 6, firstMs: 5, maxMs: 80 },
        // The fake's rate limits keep exact time: no margin on waits that only cost the run time.
        rateLimitOffsetMs: 0,
      }),
    )
    this.bot = bot
    this.upSince = this.discord.clock.now()
    // Registered after the bot's own listener: by the time this runs, the bot is handling it.
    bot.client.on(Events.InteractionCreate, (interaction) => {
      this.takenIn.add(interaction.id)
      this.tookIn()
    })
    onCrashPoint((point) => {
      if (this.faults.crashAt !== point || !alive()) return
      this.faults = { ...this.faults, crashAt: null }
      this.crashes.push(point)
      // From here on no request of the bot reaches Discord and its timers never fire; the work
      // in flight finishes against the database (a dying process's commits in flight either land
      // or not), then the bot is stopped and a new one started.
      this.dead = true
      this.onCrash()
    })
    if (delayed) await this.advance(0)
  }

  /**
   * Starts the bot as a supervisor (systemd, Docker) would: a start that fails (Discord failing
   * start-up's requests past the bot's own retries) is tried again after a restart delay that
   * doubles, up to SUPERVISOR_STARTS in all; the delay passes on the world's clock (the tables'
   * deadlines too fall due while the bot is down), and what fell due runs once the bot is up.
   */
  private async supervised(start: () => Promise<Bot>): Promise<{ bot: Bot; delayed: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return { bot: await start(), delayed: attempt > 1 }
      } catch (error) {
        if (attempt >= SUPERVISOR_STARTS) throw error
        await this.discord.clock.advance(Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** (attempt - 1)))
      }
    }
  }

  /** The current generation crashed (cut off from Discord, its timers silent); set by the crash hook. */
  private dead = false

  /** Settles when the bot crashes at the armed point. */
  get crash(): Promise<void> {
    return this.crashed
  }

  get isDead(): boolean {
    return this.dead
  }

  /**
   * After a crash: Discord hears nothing more from the dead bot (every request it makes fails as a
   * cut connection), its timers are silent; it is stopped once its work in flight has run into
   * that, and a new bot starts on the same database.
   */
  async restartAfterCrash(): Promise<void> {
    const trace = (what: string) => process.env.SIM_TRACE && console.log(`  crash restart: ${what}`)
    trace('stopping the dead bot')
    await this.bot.stop()
    trace('booting')
    await this.boot()
    trace('booted')
  }

  /** A clean restart: the bot stops (finishing what it does) and starts again. */
  async restart(): Promise<void> {
    await this.bot.stop()
    await this.boot()
  }

  async idle(): Promise<void> {
    if (this.dead) return
    await Promise.race([this.bot.idle(), this.crashed])
  }

  /**
   * Runs a step's `work` without waiting out Discord's answer windows in real time: whenever the
   * bot is idle, an interaction it took in and left unanswered (its answer failed, or a deferred
   * answer's edit did) can get no answer any more, so the fake ends its wait at once, as the
   * window running out would (3 s, or the deferred answer's wait).
   */
  async withoutAnswerWaits<T>(work: Promise<T>): Promise<T> {
    let done = false
    const settled = work.finally(() => (done = true))
    settled.catch(() => {})
    while (!done) {
      // Only what the bot had taken in before the wait: those it was handling, so idle waited for them.
      const asked = [...this.takenIn]
      await Promise.race([settled.catch(() => {}), this.idle()])
      if (done || this.dead) break
      this.discord.giveUpInteractions(asked)
      for (const id of asked) this.takenIn.delete(id)
      // One taken in meanwhile is looked at at once; else the step waits for the next to arrive
      // (a member's click is still on its way) or, for whatever else it waits for, a poll's time.
      if (this.takenIn.size === 0) await Promise.race([settled.catch(() => {}), this.nextTakenIn(ANSWER_POLL_MS)])
    }
    return settled
  }

  /** Resolves when the bot takes in its next interaction, or after `ms` of real time. */
  private nextTakenIn(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(wake, ms)
      function wake() {
        clearTimeout(timer)
        resolve()
      }
      this.tookIn = wake
    }).finally(() => (this.tookIn = () => {}))
  }

  /**
   * Waits until the bot has taken in a gateway event (`seen`: its cache shows it), then until it is
   * idle: the event travels over the WebSocket, so the bot may not have it yet when `idle` is asked.
   * A dead bot takes in nothing (its successor's start-up finds what changed meanwhile).
   */
  async gatewaySeen(seen: () => boolean): Promise<void> {
    const until = Date.now() + GATEWAY_WAIT_MS
    while (!this.dead && !seen() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5))
    await this.idle()
  }

  /**
   * Moves the clock `ms` on as a real clock would: timer by timer, the bot's work each one starts
   * done before the next falls due. (Run through at once, a long jump would leave the bot's work
   * hours behind the clock: a sweep would set its next run from the end of the jump, a deadline
   * timer armed mid-jump would already be past.) A timer armed for a moment already passed runs at
   * once, as it would in a real process. A crash on the way ends the move: the rest of the time
   * would pass beside the restart.
   */
  async advance(ms: number): Promise<void> {
    const clock = this.discord.clock
    const end = clock.now() + ms
    const generation = this.generation
    // Rounds in a row that ran timers without moving the clock (work arming work for "now").
    let still = 0
    const start = clock.now()
    for (let round = 1, first = true; ; round++, first = false) {
      if (process.env.SIM_TRACE && round % 500 === 0)
        console.log(`  time step: ${round} rounds, ${((clock.now() - start) / 3_600_000).toFixed(2)} h passed`)
      const next = clock.nextAt()
      const due = next !== null && next <= end
      if (this.dead || this.generation !== generation || (!first && !due && clock.now() >= end)) return
      const before = clock.now()
      await clock.advance((due ? Math.max(next, before) : end) - before)
      await this.idle()
      if (clock.now() > before) still = 0
      else if (++still >= OVERDUE_ROUNDS) return
    }
  }

  async close(): Promise<void> {
    onCrashPoint(null)
    this.discord.injectFaults(null)
    await this.bot.stop().catch(() => {})
    await this.discord.stop()
    await dropDatabase(this.databaseUrl).catch(() => {})
  }

  /** Starts a step: fault choices are keyed by it. */
  beginStep(step: number): void {
    this.step = step
    this.requestCounts.clear()
    this.commitCount = 0
  }

  /** The bot's clock: the fake's, with timers off by the skew in force, and silent once its bot is gone. */
  private clockFor(alive: () => boolean): Clock {
    const clock = this.discord.clock
    return {
      now: () => clock.now(),
      // An early timer fires before its time but never before a moment from now: a timer re-armed
      // for a time just passed would otherwise fire again and again with the clock standing still.
      schedule: (at, fn) =>
        clock.schedule(Math.max(at + this.faults.timerSkewMs, Math.min(at, clock.now() + 1)), () => {
          if (alive()) fn()
        }),
    }
  }

  /** The store as the bot sees it: commits fail at the rate in force (the work is done, then rolled back). */
  private faultyStore(store: Store): Store {
    return new Proxy(store, {
      get: (t, prop, receiver) => {
        if (prop !== 'transaction') return Reflect.get(t, prop, receiver)
        return <T>(fn: (r: Parameters<Parameters<Store['transaction']>[0]>[0]) => Promise<T>) => {
          const fail = this.chance('commit', ++this.commitCount) < this.faults.db
          return t.transaction(async (r) => {
            const out = await fn(r)
            if (fail) {
              this.lastCommitFailureAt = this.discord.clock.now()
              throw new InjectedCommitFailure()
            }
            return out
          })
        }
      },
    })
  }

  /**
   * A number in [0, 1) fixed by the seed, the step and which request (or commit) of the step this
   * is. Neighbouring counts give near numbers (the hash's last character moves it little): a route
   * that fails once mostly fails its next tries too, as in a real outage, so the faults reach past
   * discord.js's own retries.
   */
  private chance(...key: (string | number)[]): number {
    return hash(this.seed, this.step, ...key) / 2 ** 32
  }

  /** Discord's answer to one request under the faults in force. */
  private discordFault(method: string, path: string): InjectedFault | null {
    if (this.dead) return { kind: 'drop' }
    if (this.faults.discord <= 0) return null
    // Ids differ from run to run (table ids); the route's shape does not.
    const route = `${method} ${path.replace(/\/\d{5,}/g, '/:id').replace(/\/[A-Za-z0-9_-]{12,}(?=\/|$)/g, '/:x')}`
    const n = (this.requestCounts.get(route) ?? 0) + 1
    this.requestCounts.set(route, n)
    const interaction = /^\/(interactions|webhooks)\//.test(path)
    const rate = interaction ? this.faults.discord / 10 : this.faults.discord
    if (this.chance(route, n) >= rate) return null
    switch (this.faults.discordKind) {
      case 'error':
        return { kind: 'error' }
      case 'rateLimit':
        return { kind: 'rateLimit', global: false, retryAfter: RETRY_AFTER_S }
      case 'globalRateLimit':
        return { kind: 'rateLimit', global: true, retryAfter: RETRY_AFTER_S }
      // An interaction the bot cannot answer fails for the member anyway; a cut callback would
      // only cost the 3 s wait, so those fail with 500s instead.
      case 'drop':
        return interaction ? { kind: 'error' } : { kind: 'drop' }
    }
  }
}
