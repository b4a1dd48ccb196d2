import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import pg from 'pg'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMember,
  type RequestLog,
} from '../../src/sandbox/discord/index.js'
import { requestClass } from '../../src/sandbox/discord/rest.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { gameLookup } from '../../src/games/registry.js'
import { BotProcess, prepareBot, type BotKind } from './bot-process.js'
import { answersOverTime, errorKinds, LoadStats, perMove, percentiles, requestsBetween, round } from './stats.js'
import { loadTargets } from './targets.js'
import { TableDriver } from './table-driver.js'

export interface LoadOptions {
  readonly tables: number
  readonly seconds: number
  /** The game played (default bura, two players). */
  readonly game?: string
  /** Channels per server (Discord allows 500 channels in a server). */
  readonly channelsPerGuild?: number
  /** The bot as `npm start` runs it (`dist`, built first when older than `src`), or `src` through tsx. */
  readonly bot?: BotKind
  /** Seconds over which the tables start playing before the window opens (default 10). */
  readonly warmupSeconds?: number
  /** Shards (SHARDS, default 1); above 1 needs `databaseUrl` on PostgreSQL. */
  readonly shards?: number
  /** Shards in each of the supervisor's processes (SHARDS_PER_PROCESS, default 1: a process a shard). */
  readonly shardsPerProcess?: number
  /** The bot's database (default: a SQLite file in a temporary folder); a PostgreSQL URL gets a schema of its own. */
  readonly databaseUrl?: string
  /** Times a member opens their hand again on their turn before moving (default 1: a second look). */
  readonly reopens?: number
  /**
   * Mean ms each member takes over a move before acting (default 0: as soon as answered). Without
   * it the run is at the limit of whatever saturates first (docs/load.md, "Capacity and latency").
   */
  readonly thinkMs?: number
  /** The bot's HAND_PICTURE_CACHE_MB (0: every view draws its hand picture); default: the bot's own. */
  readonly handPictureCacheMb?: number
  /**
   * The bot's processes' niceness (0 to 19, default 0): above 0 the fake Discord and the members,
   * which stand for other machines, get the CPU first on a machine they share with the bot.
   */
  readonly botNice?: number
}

/** Discord's global limit for a bot, enforced by the fake on bot-token requests. */
const GLOBAL_LIMIT_PER_SECOND = 50
/** Discord's limit on message edits in one channel, enforced by the fake: the bot must never reach it. */
const CHANNEL_EDIT_LIMIT = { edits: 5, perMs: 5000 }
/** Seconds over which the tables start playing, one after another, before the window opens. */
const DEFAULT_WARMUP_SECONDS = 10
/** The report's answer latencies over time: this many ms of the window at a time. */
const ANSWER_SLICE_MS = 10_000
/** How long set-up waits for a table's channel to show its game. */
const SET_UP_SHOWN_MS = 120_000
/** Tables opened at once during set-up. */
const OPENING_AT_ONCE = 25
/** A member opens their hand once more on each turn before moving: the load test's second look. */
const DEFAULT_REOPENS = 1

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim()

/**
 * The load test: the real bot process (`src/main.ts`, SQLite in a temporary folder) against the
 * fake Discord, `tables` tables of two members each opened first, then played for `seconds`
 * with every member acting as soon as they are answered. Returns the report `npm run load` prints.
 */
export async function runLoad(opts: LoadOptions) {
  const game = opts.game ?? 'bura'
  const dir = mkdtempSync(join(tmpdir(), 'bot-load-'))
  const clock = new ManualClock(Date.now())
  const stopClock = clock.followRealTime(100)
  const shards = opts.shards ?? 1
  const discord = await startFakeDiscord({
    clock,
    recommendedShards: shards,
    globalRateLimit: GLOBAL_LIMIT_PER_SECOND,
    channelEditLimit: CHANNEL_EDIT_LIMIT,
    deferredTimeout: 30_000,
  })
  const stats = new LoadStats()
  const perGuild = opts.channelsPerGuild ?? 100
  // A server's shard is its id's timestamp (ms) modulo the shard count, as on Discord. Servers made
  // in one millisecond would all land on one shard, so each is made a millisecond after the one
  // before, as many per shard, and the tables are dealt to them in turn: every shard is busy.
  const guilds: FakeGuild[] = []
  for (let g = 0; g < shards * Math.ceil(opts.tables / (perGuild * shards)); g++) {
    guilds.push(discord.guild(`Load ${g}`))
    await clock.advance(1)
  }
  const seats: { channel: FakeChannel; guildId: string; members: [FakeMember, FakeMember] }[] = []
  for (let i = 0; i < opts.tables; i++) {
    const guild = guilds[i % guilds.length]!
    seats.push({
      channel: guild.channel(`table-${i}`),
      guildId: guild.id,
      members: [guild.member(`p${i}a`), guild.member(`p${i}b`)],
    })
  }
  const databaseUrl = opts.databaseUrl ? ownSchema(opts.databaseUrl) : `file:${join(dir, 'bot.db')}`
  const kind = opts.bot ?? 'dist'
  const reopens = opts.reopens ?? DEFAULT_REOPENS
  prepareBot(kind)
  const shardsPerProcess = Math.min(opts.shardsPerProcess ?? 1, shards)
  const botEnv: Record<string, string> = {
    SHARDS_PER_PROCESS: String(shardsPerProcess),
    ...(opts.handPictureCacheMb === undefined ? {} : { HAND_PICTURE_CACHE_MB: String(opts.handPictureCacheMb) }),
  }
  const bot = await BotProcess.start(discord, databaseUrl, kind, shards, botEnv, opts.botNice ?? 0)
  const store = await openStore({ url: databaseUrl })
  const reader = new TableService({ store, games: gameLookup })
  try {
    const drivers = seats.map(
      (s) =>
        new TableDriver({
          ...s,
          reader,
          message: (id) => discord.message(id),
          stats,
          game,
          reopens,
          thinkMs: opts.thinkMs ?? 0,
          options: game === 'bura' ? { buy_in: 100 } : game === 'badugi' ? { buy_in: 100 } : {},
        }),
    )
    const setUpAt = Date.now()
    for (let i = 0; i < drivers.length; i += OPENING_AT_ONCE)
      await Promise.all(drivers.slice(i, i + OPENING_AT_ONCE).map((d) => d.open()))
    // Until every channel shows its game (no effect pending): opening 500 tables posts and edits
    // about 2,000 messages, 40 s of Discord's global limit, which would otherwise spill into the window.
    await Promise.all(drivers.map((d) => d.shown(SET_UP_SHOWN_MS)))
    const setUpMs = Date.now() - setUpAt

    // The tables start playing one after another during the warm-up, as tables do, not all in the
    // same second; then the window: requests, CPU and memory are read at its start and end, and
    // the members finish the interactions they sent in it (their answers are checked against the
    // action log, as everything played since the warm-up began).
    const warmupMs = (opts.warmupSeconds ?? DEFAULT_WARMUP_SECONDS) * 1000
    const playFrom = Date.now()
    const began = playFrom + warmupMs
    const end = began + opts.seconds * 1000
    stats.window = { start: began, end }
    const failedBefore = discord.failedInteractions.length
    const playing = Promise.all(drivers.map((d, i) => d.run(end, playFrom + (warmupMs * i) / drivers.length)))
    await new Promise((r) => setTimeout(r, began - Date.now()))
    const loadBefore = loadavg()
    const countsBefore = discord.requestCounts
    const rateLimitedBefore = rateLimited(discord)
    const cpuBefore = bot.cpuSeconds()
    const ownCpuBefore = process.cpuUsage()
    const driverDelay = monitorEventLoopDelay({ resolution: 10 })
    driverDelay.enable()
    await Promise.race([playing, new Promise((r) => setTimeout(r, end - Date.now()))])
    const elapsed = (Date.now() - began) / 1000
    const countsAfter = discord.requestCounts
    const memory = bot.memory()
    const cpuAfter = bot.cpuSeconds()
    const ownCpu = process.cpuUsage(ownCpuBefore)
    driverDelay.disable()
    const rateLimitedAfter = rateLimited(discord)
    // Bot-token requests in each of the fake's one-second windows (Discord's global limit, all shards together).
    const windows = discord.globalWindows.filter((w) => w.start >= began && w.start + 1000 <= began + elapsed * 1000)
    const rateLimitedInWindow = {
      global: rateLimitedAfter.global - rateLimitedBefore.global,
      other: rateLimitedAfter.other - rateLimitedBefore.other,
    }
    const loadAfter = loadavg()
    await playing
    const drainSeconds = (Date.now() - began) / 1000 - elapsed
    const cpu = cpuAfter.all - cpuBefore.all
    const mainCpu = cpuAfter.main - cpuBefore.main
    const failed = discord.failedInteractions.slice(failedBefore)
    const check = await checkLog(store, reader, stats, failed.length)
    const serverErrors = discord.errors.filter((e) => e.status >= 500 || (e.status >= 400 && e.status !== 429))
    const requestsPerMove = perMove(countsBefore, countsAfter, stats.movesAcknowledged)
    const latencyMs = { ack: percentiles(stats.ackMs), answer: percentiles(stats.answerMs) }
    const movesPerSecond = round(stats.movesAcknowledged / elapsed, 1)
    const errorCount = stats.errors.length + failed.length + serverErrors.length + bot.errors.length
    return {
      tables: opts.tables,
      seconds: round(elapsed, 1),
      // When the window ran (epoch ms), to line other figures up with it (a profile, the database server's).
      windowMs: { start: began, end: began + Math.round(elapsed * 1000) },
      warmupSeconds: warmupMs / 1000,
      drainSeconds: round(drainSeconds, 1),
      game,
      bot: bot.kind,
      setUpSeconds: round(setUpMs / 1000, 1),
      tablesOpened: stats.tablesOpened,
      stuckTables: stats.stuckTables,
      interactions: stats.interactions,
      latencyMs,
      answerOverTime: answersOverTime(stats, began, ANSWER_SLICE_MS),
      moves: {
        acknowledged: stats.movesAcknowledged,
        perSecond: movesPerSecond,
        refused: stats.refusedMoves,
      },
      viewsWithoutPing: stats.viewsWithoutPing,
      reopenedViews: stats.reopenedViews,
      thinkMs: opts.thinkMs ?? 0,
      handPictureCacheMb: opts.handPictureCacheMb ?? 'default',
      botNice: opts.botNice ?? 0,
      requestsPerMove,
      requests: requestsBetween(countsBefore, countsAfter),
      otherRequests: otherRoutes(discord.requests.filter((r) => r.at >= began && r.at < began + elapsed * 1000)),
      rateLimited: rateLimitedInWindow,
      shards,
      shardsPerProcess,
      processes: bot.processes,
      // Tables per shard, by Discord's rule (the server id's timestamp modulo the shard count).
      tablesPerShard: Array.from(
        { length: shards },
        (_, k) => seats.filter((seat) => Number((BigInt(seat.guildId) >> 22n) % BigInt(shards)) === k).length,
      ),
      database: databaseUrl.startsWith('file:') ? 'sqlite' : 'postgresql',
      sharedBudget: process.env.REDIS_URL ? 'redis' : 'static slices',
      globalWindowRequests: {
        mean: round(windows.reduce((n, w) => n + w.used, 0) / Math.max(1, windows.length), 1),
        max: Math.max(0, ...windows.map((w) => w.used)),
      },
      botMemoryMb: memory,
      // Share of one core and ms per move: all the bot's threads (picture threads included), and
      // its main thread, whose share near 1 means the bot is at its limit.
      botCpu: {
        coreShare: round(cpu / elapsed, 2),
        mainThreadShare: round(mainCpu / elapsed, 2),
        msPerMove: round((cpu * 1000) / Math.max(1, stats.movesAcknowledged), 1),
        mainThreadMsPerMove: round((mainCpu * 1000) / Math.max(1, stats.movesAcknowledged), 1),
      },
      // This process (the fake Discord and the members): near 1, the latencies it measures include
      // its own waits for a core.
      driverCpuShare: round((ownCpu.user + ownCpu.system) / 1e6 / elapsed, 2),
      // How late this process's event loop ran: the fake Discord answers (and counts requests
      // against Discord's limits) only when its loop gets to them, so its stalls bunch requests.
      driverEventLoopDelayMs: {
        p50: round(driverDelay.percentile(50) / 1e6, 0),
        p99: round(driverDelay.percentile(99) / 1e6, 0),
        max: round(driverDelay.max / 1e6, 0),
      },
      loadavg: { before: loadBefore, after: loadAfter },
      errors: {
        count: errorCount,
        failedInteractions: failed.length,
        discordErrors: serverErrors.slice(0, 5).map((e) => `${e.method} ${e.path} → ${e.status} ${e.code ?? ''}`),
        members: stats.errors.slice(0, 5),
        memberKinds: errorKinds(stats.errors),
        bot: bot.errors.slice(0, 5),
      },
      check,
      targets: loadTargets({
        answerP99Ms: latencyMs.answer.p99,
        movesPerSecond,
        channelPerMove: requestsPerMove.channel,
        interactionPerMove: requestsPerMove.interaction,
        rateLimited: rateLimitedInWindow.global + rateLimitedInWindow.other,
        reopens,
      }),
    }
  } finally {
    await bot.stop()
    await store.close()
    stopClock()
    await discord.stop()
    rmSync(dir, { recursive: true, force: true })
    if (!databaseUrl.startsWith('file:')) await dropSchema(databaseUrl)
  }
}

/** A PostgreSQL URL with a schema of this run's own. */
function ownSchema(url: string): string {
  const u = new URL(url)
  u.searchParams.set('schema', `load_${process.pid}_${Date.now()}`)
  return u.toString()
}

async function dropSchema(url: string): Promise<void> {
  const u = new URL(url)
  const schema = u.searchParams.get('schema')!
  u.searchParams.delete('schema')
  const client = new pg.Client({ connectionString: u.toString() })
  await client.connect()
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  await client.end()
}

/** The most frequent requests outside the counted classes, ids replaced by `:id`. */
function otherRoutes(log: readonly RequestLog[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const r of log) {
    if (requestClass(r.method, r.path) !== 'other') continue
    const route = `${r.method} ${r.path.replace(/\/\d{5,}/g, '/:id')}`
    counts.set(route, (counts.get(route) ?? 0) + 1)
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 5))
}

/**
 * 429s the fake answered so far (each counts toward Discord's invalid-request limit): for the global
 * limit, and for another (the limit on edits in one channel).
 */
function rateLimited(discord: FakeDiscord) {
  const refused = discord.errors.filter((e) => e.status === 429)
  const global = refused.filter((e) => e.global).length
  return { global, other: refused.length - global }
}

/**
 * Every move a member saw made is in the action log once, and nothing else is: the log's moves
 * (by interaction id) against the acknowledged ones, and the chip audit. `ok` only when, besides,
 * no interaction failed: a failed one is what "This interaction failed" shows a user.
 */
async function checkLog(
  store: Awaited<ReturnType<typeof openStore>>,
  reader: TableService,
  stats: LoadStats,
  failedInteractions: number,
) {
  let lost = 0
  let doubled = 0
  let unanswered = 0
  let logged = 0
  for (const [tableId, acked] of stats.acknowledged) {
    const entries = (await store.actions.list(tableId)).filter((e) => e.kind === 'action')
    logged += entries.length
    const seen = new Map<string, number>()
    for (const e of entries) if (e.interactionId) seen.set(e.interactionId, (seen.get(e.interactionId) ?? 0) + 1)
    for (const id of acked) if (!seen.has(id)) lost++
    for (const [id, n] of seen) {
      if (n > 1) doubled += n - 1
      if (!acked.has(id)) unanswered++
    }
  }
  const audit = await reader.audit()
  return {
    ok: failedInteractions === 0 && lost === 0 && doubled === 0 && unanswered === 0 && audit.ok,
    failedInteractions,
    loggedMoves: logged,
    lost,
    doubled,
    appliedWithoutAnswer: unanswered,
    auditOk: audit.ok,
    auditProblems: audit.problems.slice(0, 5),
  }
}
