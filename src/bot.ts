import { Client, Events, GatewayIntentBits, MessageFlags, Options, type Interaction } from 'discord.js'
import { systemClock, type Clock } from './lib/clock.js'
import { MemberLimit, type MemberRate } from './lib/member-limit.js'
import { createLogger, type Logger } from './lib/log.js'
import { commandDefinitions } from './commands/index.js'
import { routeInteraction } from './commands/router.js'
import { memberLang } from './discord/lang.js'
import { TableDesk, type Pace } from './discord/desk.js'
import type { BotContext } from './commands/context.js'
import { MAX_RATE_LIMIT_WAIT_MS } from './discord/public-message.js'
import { TurnScheduler } from './scheduler/turns.js'
import { openStore, type Store } from './store/index.js'
import { TableService, type TableSnapshot } from './tables/index.js'
import { AiTurns } from './scheduler/ai-turns.js'
import { RatingDecay } from './scheduler/rating-decay.js'
import { Upkeep } from './scheduler/upkeep.js'
import { DEFAULT_RETENTION } from './store/retention.js'
import { OutboxSweep } from './scheduler/outbox-sweep.js'
import { DEFAULT_AI_MOVE_DELAY_MS, DEFAULT_AI_THINK_MS } from './config.js'
import { DEFAULT_GLOBAL_PER_SECOND } from './discord/global-budget.js'
import { aiFor, gameLookup } from './games/registry.js'
import type { CardEmojis, CardEmojisByLanguage } from './render/emojis.js'
import type { Locale } from './i18n/index.js'
import { uploadCardEmojis } from './discord/card-emojis.js'
import { shardOf } from './sharding/shard-of.js'
import { SplitRest } from './discord/rest.js'
import { LostTables } from './discord/lost-tables.js'
import { DEFAULT_LOBBY_EXPIRY_MS, LobbyExpiry } from './scheduler/lobby-expiry.js'
import { BotMetrics } from './metrics/metrics.js'
import { AnswerClock, countMoves, observedRequests, observedStore, readGauges, timedDecide } from './metrics/observe.js'
import { startMetricsServer, type MetricsServer, type NotReady } from './metrics/server.js'
import { channelBudget, connectRedis } from './discord/shared-budget.js'
import { RedisIdentifyThrottler } from './discord/identify-throttle.js'
import { startUpRetry, type Backoff } from './discord/start-up-retry.js'

export interface BotOptions {
  readonly token: string
  /** Discord's root URL (`https://discord.com`) or the fake Discord's. */
  readonly discordUrl: string
  readonly databaseUrl: string
  readonly clock?: Clock
  /** Register the commands in this server only (instant); otherwise globally. */
  readonly devGuildId?: string
  readonly log?: Logger
  /**
   * The shards this process runs (`ids` of `count`). Default: what discord.js's ShardingManager
   * gave a shard process, else the one and only shard.
   */
  readonly shards?: { readonly ids: readonly number[]; readonly count: number }
  /** AI seats: the pause before each move and the cap on one decision (default: 1.5 s and 300 ms). */
  readonly ai?: { readonly moveDelayMs: number; readonly thinkMs: number }
  /** How fast busy tables are drawn and answers wait for the channel (default DEFAULT_PACE). */
  readonly pace?: Pace
  /** Seeds of the random source `/table log` deals unseen cards from (default: crypto random; tests fix them). */
  readonly fileSeeds?: () => number
  /** How many interactions each member may send: a burst and a rate (default DEFAULT_MEMBER_RATE). */
  readonly memberRate?: MemberRate
  /** Ids of new tables (default: crypto random; the simulator fixes them). */
  readonly tableIds?: () => string
  /** Seeds of new games (default: crypto random; the simulator fixes them). */
  readonly seeds?: () => number
  /**
   * Wraps the opened database before anything uses it (the simulator fails commits through it);
   * the default uses it as it is.
   */
  readonly wrapStore?: (store: Store) => Store
  /**
   * Requests a second all of the bot's processes together allow themselves under Discord's global
   * limit (default DEFAULT_GLOBAL_PER_SECOND); each process keeps its shards' share of it.
   */
  readonly globalPerSecond?: number
  /** A lobby that has not started this long (ms) after it opened closes (default DEFAULT_LOBBY_EXPIRY_MS). */
  readonly lobbyExpiryMs?: number
  /**
   * Serve `/metrics`, `/healthz` and `/readyz` on this port (0: any free one) and host (default
   * 127.0.0.1); none when unset (docs/metrics.md).
   */
  readonly metrics?: { readonly port: number; readonly host?: string }
  /** How often effects nobody delivers (written by another process) are looked for (default OUTBOX_SWEEP_MS). */
  readonly outboxSweepMs?: number
  /** How often overdue deadlines are looked up in the database (default DEFAULT_DEADLINE_SWEEP_MS). */
  readonly deadlineSweepMs?: number
  /** How long a closed table (its `/table log`) is kept, in days (default 30). */
  readonly tableLogRetentionDays?: number
  /**
   * Redis (REDIS_URL): every process of the bot draws its channel requests from one global budget
   * there, and IDENTIFYs wait their turn there (docs/shared-budget.md). Without it each process
   * keeps its shards' static slice.
   */
  readonly redisUrl?: string
  /**
   * How start-up's requests to Discord (the gateway's address, the command registration) are tried
   * again after a transient failure (default START_UP_BACKOFF; tests shorten the waits).
   */
  readonly startUpBackoff?: Backoff
  /**
   * The margin discord.js adds to every rate-limit wait, in ms (default its own: 50, for Discord's
   * clock and ours disagreeing). The simulator's fake Discord shares our clock and sets 0.
   */
  readonly rateLimitOffsetMs?: number
}

export interface Bot {
  readonly client: Client
  readonly tables: TableService
  /** The database (tests read the audit and balances through it). */
  readonly store: Store
  readonly clock: Clock
  /** The card emojis of each language once uploaded (or found from an earlier start); null until then or on failure. */
  cardEmojis(): CardEmojisByLanguage | null
  /** Settles when the emoji upload at start-up has finished, well or not. */
  readonly emojisSettled: Promise<void>
  /**
   * Resolves once nothing is in progress: no interaction being handled, no deadline being
   * played, no table message being edited (tests wait on it after moving the clock).
   */
  idle(): Promise<void>
  /** One upkeep pass now (it runs every hour by itself): what it pruned, by kind. */
  upkeep(): Promise<Record<string, number>>
  /** Logs out, stops the timers and closes the database; the state stays on disk. */
  stop(): Promise<void>
  /** The port `/metrics`, `/healthz` and `/readyz` answer on; null without `metrics`. */
  readonly metricsPort: number | null
}

/**
 * Starts the bot: opens the database (migrations apply), logs in with intent Guilds only,
 * registers the slash commands, and re-arms every open table's deadline from the database.
 */
export async function startBot(opts: BotOptions): Promise<Bot> {
  const clock = opts.clock ?? systemClock
  const log = opts.log ?? createLogger(process.env.LOG_LEVEL ?? 'info')
  // Why the bot is not ready yet (/readyz), null once it is.
  let notReady: NotReady | null = 'logging-in'
  const metrics = opts.metrics ? new BotMetrics() : null
  const answers = metrics ? new AnswerClock(metrics) : null
  // Set once the database and the shards are known; until then a scrape has no gauges to read.
  let refreshGauges = () => Promise.resolve()
  // Up first, so that /healthz answers and /readyz says why not while the bot starts.
  const metricsServer: MetricsServer | null =
    metrics && opts.metrics
      ? await startMetricsServer({
          port: opts.metrics.port,
          host: opts.metrics.host ?? '127.0.0.1',
          registry: metrics.registry,
          ready: () => notReady,
          refresh: () => refreshGauges(),
          onError: (error) => log.error({ err: error }, 'metrics endpoint failed'),
        })
      : null
  let store: Store
  try {
    const opened = await openStore({ url: opts.databaseUrl, clock })
    store = opts.wrapStore ? opts.wrapStore(opened) : opened
  } catch (error) {
    await metricsServer?.close()
    throw error
  }
  const tables = new TableService({
    store: metrics ? observedStore(store, metrics) : store,
    clock,
    games: gameLookup,
    ...(opts.fileSeeds ? { fileSeeds: opts.fileSeeds } : {}),
    ...(opts.seeds ? { seeds: opts.seeds } : {}),
    ...(opts.tableIds ? { tableIds: opts.tableIds } : {}),
    instance: `pid ${process.pid} shards ${opts.shards?.ids.join(',') ?? process.env.SHARDS ?? '0'}`,
  })
  // Explicit unless a ShardingManager started this process (discord.js then reads SHARDS and
  // SHARD_COUNT from the environment, where our own SHARDS=auto|N must not be mistaken for it).
  const shards = opts.shards ?? (process.env.SHARDING_MANAGER ? undefined : { ids: [0], count: 1 })
  const redis = opts.redisUrl ? connectRedis(opts.redisUrl) : null
  let identifyThrottler: RedisIdentifyThrottler | null = null
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // The bot reads no message back from its cache (it edits by id and gets each interaction's
    // message with it): caching every message it sends would grow with the tables, to no use.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    // Messages are Discord's own JSON already (render/payload.ts): the default transformer would
    // re-key every component and embed in snake case, which changes nothing and cost a busy bot
    // about 2% of its thread.
    jsonTransformer: (data: unknown) => data,
    // Only the pings a message names go out (its own allowedMentions); nothing else ever pings,
    // whatever a name or a typed text holds (docs/user-text.md).
    allowedMentions: { parse: [], repliedUser: false },
    rest: {
      api: `${opts.discordUrl}/api`,
      rejectOnRateLimit: (limit) => limit.retryAfter > MAX_RATE_LIMIT_WAIT_MS,
      ...(opts.rateLimitOffsetMs !== undefined ? { offset: opts.rateLimitOffsetMs } : {}),
      ...(metrics && answers ? { makeRequest: observedRequests(metrics, answers) } : {}),
    },
    ...(shards ? { shards: [...shards.ids], shardCount: shards.count } : {}),
    ...(redis
      ? {
          ws: {
            buildIdentifyThrottler: async (manager) =>
              (identifyThrottler = new RedisIdentifyThrottler(
                redis,
                opts.token,
                (await manager.fetchGatewayInformation()).session_start_limit.max_concurrency,
              )),
          },
        }
      : {}),
  })
  client.on(Events.Raw, (packet: { t?: string }, shardId: number) => {
    if (packet.t === 'READY') identifyThrottler?.sessionStarted(shardId)
  })
  const ownShards = client.options.shards as number[]
  const shardCount = client.options.shardCount!
  // Interaction answers outside the global budget that channel requests share, which this process
  // keeps for its shards' share of the bot's global limit (src/discord-rest.ts), or draws from the
  // budget all processes share in Redis, keeping that slice while Redis is down.
  const globalPerSecond = opts.globalPerSecond ?? DEFAULT_GLOBAL_PER_SECOND
  const { budget, shared } = channelBudget({
    perSecond: globalPerSecond,
    ownShards: ownShards.length,
    shardCount,
    token: opts.token,
    redis,
    log,
  })
  const retry = startUpRetry(log, opts.startUpBackoff)
  const rest = new SplitRest(client.options.rest ?? {}, budget, () => store.durable(), retry)
  client.rest = rest
  const owns = (guildId: string) => ownShards.includes(shardOf(guildId, shardCount))
  if (metrics) {
    metrics.labelShards(ownShards)
    countMoves(tables, metrics)
    budget.onLetGo = (lane, waitedMs) => metrics.budgetWaitSeconds.observe({ lane }, waitedMs / 1000)
    refreshGauges = () => readGauges(metrics, store, owns, clock.now())
  }

  let scheduler: TurnScheduler
  let ai: AiTurns
  let lost: LostTables
  const onTable = (table: TableSnapshot) => {
    scheduler.track(table)
    ai.track(table)
  }
  let cardEmojis: CardEmojisByLanguage | null = null
  const emojisIn = (locale: Locale): CardEmojis | null => cardEmojis?.get(locale) ?? null
  const desk = new TableDesk({
    client,
    clock,
    log,
    tables,
    owns,
    onTable,
    emojis: emojisIn,
    channelBacklog: () => rest.budget.backlog,
    onLost: (tableId, reason) => lost.report(tableId, reason),
    ...(opts.pace ? { pace: opts.pace } : {}),
  })
  // Tables whose channel, thread or server is gone close, every chip back (docs/closing.md).
  lost = new LostTables({ client, clock, log, tables, owns, show: (update) => desk.show(update) })
  const lobbies = new LobbyExpiry({
    clock,
    log,
    tables,
    owns,
    show: (update) => desk.show(update),
    expiryMs: opts.lobbyExpiryMs ?? DEFAULT_LOBBY_EXPIRY_MS,
  })
  client.on(Events.GuildDelete, (guild) => lost.keep(() => lost.guildGone(guild.id)))
  client.on(Events.ChannelDelete, (channel) => {
    if ('guildId' in channel) lost.keep(() => lost.channelGone(channel.guildId, channel.id))
  })
  client.on(Events.ThreadDelete, (thread) => lost.keep(() => lost.threadGone(thread.guildId, thread.id)))
  ai = new AiTurns({
    clock,
    log,
    tables,
    show: (update) => desk.show(update),
    moveDelayMs: opts.ai?.moveDelayMs ?? DEFAULT_AI_MOVE_DELAY_MS,
    thinkMs: opts.ai?.thinkMs ?? DEFAULT_AI_THINK_MS,
    aiFor: metrics ? timedDecide(aiFor, metrics) : aiFor,
  })
  scheduler = new TurnScheduler({
    clock,
    log,
    tables,
    owns,
    show: (update) => desk.show(update),
    ...(opts.deadlineSweepMs ? { sweepMs: opts.deadlineSweepMs } : {}),
    remind: async (tableId, deadline) => {
      // Noted with its ping in one transaction; the desk delivers it like any other ping.
      const table = await tables.remind(tableId, deadline)
      if (!table) return
      log.info({ tableId, users: table.waitingFor.length }, 'turn reminder')
      await desk.deliverNow(tableId)
    },
  })
  const decay = new RatingDecay({ clock, log, tables })
  const retention = {
    ...DEFAULT_RETENTION,
    ...(opts.tableLogRetentionDays ? { closedTableMs: opts.tableLogRetentionDays * 24 * 60 * 60 * 1000 } : {}),
  }
  const upkeep = new Upkeep({
    clock,
    log,
    run: async () => {
      const pruned = await store.retention.prune(clock.now(), retention)
      const open = new Set((await tables.activeTables()).map((t) => t.id))
      return { ...pruned, recentLines: desk.forgetClosed(open), keptTables: tables.forgetClosed(open) }
    },
  })
  const outboxSweep = new OutboxSweep({
    clock,
    log,
    stale: async (before) =>
      (await store.effects.pendingSince(before)).filter((p) => owns(p.guildId)).map((p) => p.tableId),
    deliver: (tableId) => desk.deliverNow(tableId),
    ...(opts.outboxSweepMs !== undefined ? { everyMs: opts.outboxSweepMs } : {}),
  })
  const ctx: BotContext = {
    client,
    clock,
    log,
    tables,
    desk,
    emojis: emojisIn,
    limit: new MemberLimit(clock, opts.memberRate),
  }
  // Interactions in progress, so that stop() never closes the database under one.
  const handling = new Set<Promise<void>>()
  // Set by stop(): new interactions get a short answer instead of a change, in-flight ones finish.
  let stopping = false
  // Interactions wait until the gateway is ready and the open tables are read; the catch-up of
  // effects still owed to Discord (desk.catchUp) runs beside them.
  let routing!: () => void
  const ready = new Promise<void>((resolve) => (routing = resolve))
  client.on(Events.InteractionCreate, (interaction) => {
    answers?.received(interaction)
    const work = stopping ? refuseWhileStopping(interaction) : ready.then(() => routeInteraction(interaction, ctx))
    handling.add(work)
    void work.finally(() => {
      handling.delete(work)
      answers?.done(interaction)
    })
  })
  const idle = async () => {
    await catchingUp
    while (handling.size > 0) await Promise.all([...handling])
    await scheduler.idle()
    await lost.idle()
    await lobbies.idle()
    await outboxSweep.idle()
    // A deadline's change can give an AI its turn, and an AI's move another AI's.
    await ai.idle()
    await desk.idle()
    await upkeep.idle()
  }
  client.on(Events.Error, (error) => log.error({ err: error }, 'discord client error'))
  let emojisSettled: Promise<void> = Promise.resolve()
  // The catch-up after start-up, then the background check of table messages (desk.checkMessages).
  let catchingUp: Promise<void> = Promise.resolve()
  let checking: Promise<void> = Promise.resolve()

  try {
    const loggedIn = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()))
    await client.login(opts.token)
    await loggedIn
    notReady = 'registering-commands'
    const commands = client.application!.commands
    await retry('commands', () =>
      opts.devGuildId ? commands.set(commandDefinitions(), opts.devGuildId) : commands.set(commandDefinitions()),
    )
    // In the background: until the emojis are there, cards show as text.
    emojisSettled = uploadCardEmojis(client, log).then((found) => {
      cardEmojis = found
    })
    // One read of every open table for the catching up and the timers (thousands start in seconds).
    const active = await tables.activeSnapshots()
    // Servers that removed the bot while it was down: their tables close (the desk's message check
    // finds the channels deleted meanwhile).
    const gone = await lost.sweep(active)
    routing()
    // Interactions are taken from here on; /readyz waits for the catch-up below as well.
    notReady = 'catching-up'
    outboxSweep.start()
    // An AI seat whose turn it was when the bot stopped moves now (after its pause).
    const rearmed = scheduler.rearmAll(active, (table) => ai.track(table))
    decay.start()
    lobbies.start()
    scheduler.startSweep()
    upkeep.start()
    // Beside the interactions: a move on a table still owing effects delivers them with its own.
    catchingUp = desk
      .catchUp(active)
      .then((caughtUp) => log.info({ tables: caughtUp }, 'caught up with Discord'))
      .catch((error: unknown) => log.error({ err: error }, 'could not catch up with Discord after start-up'))
      // Ready even when it failed: what is still owed is the outbox sweep's now.
      .finally(() => {
        if (notReady === 'catching-up') notReady = null
      })
    checking = catchingUp
      .then(() => desk.checkMessages(active))
      .catch((error: unknown) => log.error({ err: error }, 'could not check the table messages after start-up'))
    log.info(
      {
        user: client.user?.id,
        guilds: client.guilds.cache.size,
        pid: process.pid,
        shards: ownShards,
        shardCount,
        tables: rearmed,
        closedGone: gone,
        commandsIn: opts.devGuildId ?? 'global',
      },
      'bot ready',
    )
  } catch (error) {
    scheduler.stop()
    upkeep.stop()
    ai.stop()
    outboxSweep.stop()
    desk.stop()
    await decay.stop()
    lobbies.stop()
    lost.stop()
    await client.destroy()
    await shared?.close()
    await store.close()
    await metricsServer?.close()
    throw error
  }

  return {
    client,
    tables,
    store,
    clock,
    cardEmojis: () => cardEmojis,
    get emojisSettled() {
      return emojisSettled
    },
    idle,
    upkeep: () => upkeep.runOnce(),
    metricsPort: metricsServer?.port ?? null,
    async stop() {
      stopping = true
      notReady = 'stopping'
      scheduler.stop()
      upkeep.stop()
      ai.stop()
      outboxSweep.stop()
      desk.stop()
      await decay.stop()
      lobbies.stop()
      lost.stop()
      await idle()
      await checking
      await emojisSettled
      await client.destroy()
      await shared?.close()
      await store.close()
      await metricsServer?.close()
      log.info('bot stopped')
    },
  }
}

/** An interaction that arrives while the bot shuts down: nothing changes, the member is told why, in their language. */
export async function refuseWhileStopping(interaction: Interaction): Promise<void> {
  if (!interaction.isRepliable()) return
  await interaction
    .reply({ content: memberLang(interaction).t('commands:replies.restarting'), flags: MessageFlags.Ephemeral })
    .catch(() => {})
}
