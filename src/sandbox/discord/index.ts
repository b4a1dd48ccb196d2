import type { ApplicationEmojis } from './emojis.js'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ManualClock } from './manual-clock.js'
import { Gateway, type GatewayStats } from './gateway.js'
import { FakeChannel, FakeGuild, type Backend } from './handles.js'
import { ANSWER_WINDOW_MS, Interactions, type FailedInteraction } from './interactions.js'
import { snapshot, type CommandRecord, type FakeMessage, type MessageRecord } from './model.js'
import {
  RestServer,
  routeMatcher,
  type ChannelEditLimit,
  type FaultInjector,
  type RateLimitRule,
  type RequestClass,
  type RequestLog,
} from './rest.js'
import { buildRoutes } from './routes.js'
import { World } from './world.js'

export type { FakeMessage } from './model.js'
export type { Answer, AnswerKind, FailedInteraction } from './interactions.js'
export { InteractionFailedError } from './interactions.js'
export { FakeChannel, FakeGuild, FakeMember } from './handles.js'
export type { WaitOptions, InteractOptions } from './handles.js'
export type { OptionValue } from './commands.js'
export { LIMITS } from './limits.js'
export type { RequestLog, RequestClass, ChannelEditLimit, FaultInjector, InjectedFault } from './rest.js'
export type { GatewayStats } from './gateway.js'

export interface FakeDiscordOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number
  /** The bot token the fake accepts (default: a fresh random one). */
  token?: string
  /** The clock for message timestamps, token expiry and the one-hour edit cap (default: a new ManualClock). */
  clock?: ManualClock
  /** The bot user's name (default "CardBot"). */
  botName?: string
  /** Real ms the bot has to acknowledge an interaction (Discord: 3000). */
  answerWindowMs?: number
  /** Real ms slash/click/select wait for a deferred answer to be completed (default 10000). */
  deferredTimeout?: number
  /** Real ms slash waits for a command the bot has not registered yet (default 5000). */
  commandWait?: number
  /** Edits a message takes once it is an hour old before error 30046 (default 0: refused at once). */
  oldMessageEdits?: number
  /** Gateway heartbeat interval in ms (Discord: 41250). */
  heartbeatInterval?: number
  /** The shard count `GET /gateway/bot` recommends (default 1); discord.js's `shards: 'auto'` uses it. */
  recommendedShards?: number
  /**
   * Enforce Discord's global rate limit: this many bot-authenticated requests a second, then 429
   * `global: true` (interaction callbacks and webhooks are exempt, as on Discord). Default: off.
   */
  globalRateLimit?: number
  /** `max_concurrency` in `GET /gateway/bot` (default 1): sessions the bot may start at once, one per key. */
  maxConcurrency?: number
  /**
   * Enforce Discord's session start limit: one IDENTIFY per `shard_id % maxConcurrency` every 5 s,
   * a second one answered with op 9 Invalid Session (`gatewayStats.identifyRefusals`). Default: off.
   */
  enforceIdentifyLimit?: boolean
  /** Enforce Discord's limit on message edits in one channel (5 in 5 s): 429 for that route. Default: off. */
  channelEditLimit?: ChannelEditLimit
}

export interface RateLimitHandle {
  /** How many requests were answered 429 so far. */
  readonly hits: number
  /** How many 429s are still to come. */
  readonly remaining: number
}

/** A running fake Discord: REST on `url`, gateway on the URL `GET /gateway/bot` returns. */
export class FakeDiscord {
  readonly url: string
  readonly token: string
  readonly clock: ManualClock
  private readonly backend: Backend

  /** @internal use startFakeDiscord */
  constructor(
    private readonly server: Server,
    private readonly world: World,
    private readonly rest: RestServer,
    private readonly gateway: Gateway,
    private readonly interactions: Interactions,
    options: Required<Pick<FakeDiscordOptions, 'deferredTimeout' | 'commandWait'>> & {
      token: string
      clock: ManualClock
    },
  ) {
    const { port } = server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
    this.token = options.token
    this.clock = options.clock
    this.backend = {
      world,
      interactions,
      gateway,
      deferredTimeout: options.deferredTimeout,
      commandWait: options.commandWait,
    }
  }

  /** The application id, which is also the bot user's id (as for Discord bots). */
  get applicationId(): string {
    return this.world.bot.id
  }
  get botUserId(): string {
    return this.world.bot.id
  }

  /** The guild with this name, created (and sent to the bot as GUILD_CREATE) on first use. */
  guild(name: string): FakeGuild {
    return new FakeGuild(this.backend, this.world.guildByName(name))
  }

  /** Every message of a channel (ephemeral ones included, see `ephemeralFor`), oldest first. */
  messages(channel: FakeChannel | { id: string }): FakeMessage[] {
    return this.world
      .channelRecords(channel.id)
      .filter((m) => !m.deleted)
      .map(snapshot)
  }

  /** The current state of a message, or undefined once deleted. */
  message(id: string): FakeMessage | undefined {
    const record = this.world.messageById(id)
    return record && !record.deleted ? snapshot(record) : undefined
  }

  /** A channel or thread by id; null once it is deleted or the bot has left its server. */
  channel(id: string): FakeChannel | null {
    const record = this.world.channelById(id)
    return record ? new FakeChannel(this.backend, record) : null
  }

  /** The bytes of an uploaded file, by its attachment url or id (also served over HTTP at the url). */
  attachmentData(urlOrId: string): Buffer | undefined {
    return this.world.attachments.data(urlOrId)
  }

  /** The bot application's emojis (`emojis`, `uploads`, `failUploads`); their images at `${url}/emojis/<id>.png`. */
  get applicationEmojis(): ApplicationEmojis {
    return this.world.emojis
  }

  /** A moderator deletes a public message (MESSAGE_DELETE goes out as for any deletion). */
  deleteMessage(id: string): void {
    const record = this.world.messageById(id)
    if (!record || record.deleted || record.ephemeralFor) throw new Error(`no public message ${id} to delete`)
    this.world.deleteMessage(record)
  }

  /** Commands the bot registered: global ones, or those of a guild. */
  commands(guild?: FakeGuild): CommandRecord[] {
    return structuredClone(guild ? (this.world.guildCommands.get(guild.id) ?? []) : this.world.globalCommands)
  }

  /** Requests to routes the fake does not serve (answered 404); a test should expect this to stay empty. */
  get unknownRoutes(): { method: string; path: string }[] {
    return [...this.rest.unknownRoutes]
  }

  /** Every REST request with its status (and Discord error code on failures). */
  get requests(): RequestLog[] {
    return [...this.rest.log]
  }

  /** How many requests of each class the fake has answered (interaction routes, channel messages, other). */
  get requestCounts(): Record<RequestClass, number> {
    return { ...this.rest.counts }
  }

  /** Requests answered with an error (4xx/5xx, including 429s). */
  get errors(): RequestLog[] {
    return this.rest.log.filter((r) => r.status >= 400)
  }

  /**
   * Ends at once the waits of these interactions (by id) for the bot's answer, as their windows
   * running out would: for a harness that knows no answer can come any more.
   */
  giveUpInteractions(ids: Iterable<string>): void {
    this.interactions.giveUp(ids)
  }

  /** Interactions the bot did not acknowledge within 3 s ("This interaction failed"). */
  get failedInteractions(): FailedInteraction[] {
    return [...this.interactions.failed]
  }

  /**
   * The global limit's one-second windows (with `globalRateLimit`): when each began (real time)
   * and the bot-token requests it counted, from every connection and process of the bot; a
   * window's count past the limit is its 429s.
   */
  get globalWindows(): { start: number; used: number }[] {
    return this.rest.globalWindows.map((w) => ({ ...w }))
  }

  get gatewayStats(): GatewayStats {
    return { ...this.gateway.stats }
  }

  /** Every accepted IDENTIFY: the shard (of `count`) and when, in real time. */
  get identifies(): { shard: number; count: number; at: number }[] {
    return [...this.gateway.identifyLog]
  }

  /** IDENTIFYs refused by the session start limit (`enforceIdentifyLimit`): the shard and when. */
  get refusedIdentifies(): { shard: number; count: number; at: number }[] {
    return [...this.gateway.refusedIdentifies]
  }

  /**
   * Answers the next `count` requests matching `route` with 429 and the rate-limit headers discord.js
   * reads. `route` is "METHOD /path" below /api/v10, where `:name`, `{name}` or `*` match one segment:
   * `rateLimit('PATCH /channels/:channel/messages/:message', 1)`.
   */
  rateLimit(route: string, count = 1, options: { retryAfter?: number; global?: boolean } = {}): RateLimitHandle {
    const rule: RateLimitRule = {
      ...routeMatcher(route),
      remaining: count,
      retryAfter: options.retryAfter ?? 0.1,
      global: options.global ?? false,
      hits: 0,
    }
    this.rest.rateLimits.push(rule)
    return {
      get hits() {
        return rule.hits
      },
      get remaining() {
        return rule.remaining
      },
    }
  }

  /**
   * Lets `injector` fail any routed request: 500, 429 (route or global), a cut connection
   * (status 0 in `requests`) or a hold (taken once a promise settles); null stops injecting. The
   * simulator's Discord faults.
   */
  injectFaults(injector: FaultInjector | null): void {
    this.rest.faults = injector
  }

  /** Whether a bot is connected to the gateway right now. */
  get connected(): boolean {
    return this.gateway.isConnected()
  }

  /** `[id, count]` of each connected gateway session (one per shard), by shard id. */
  get connectedShards(): [number, number][] {
    return this.gateway.connectedShards()
  }

  /**
   * Cuts the bot's gateway connection without a close frame (like a network failure) and resolves
   * once it has reconnected (discord.js resumes, and the fake replays what it missed).
   */
  async dropConnection(options: { timeout?: number } = {}): Promise<void> {
    const reconnected = this.gateway.nextConnection(options.timeout ?? 15_000)
    if (this.gateway.dropConnections() === 0) {
      reconnected.catch(() => {})
      throw new Error('No bot is connected to the fake gateway')
    }
    await reconnected
  }

  /** Asks the bot to reconnect (gateway op 7 RECONNECT) and resolves once it has resumed. */
  async requestReconnect(options: { timeout?: number } = {}): Promise<void> {
    const reconnected = this.gateway.nextConnection(options.timeout ?? 15_000)
    if (this.gateway.requestReconnect() === 0) {
      reconnected.catch(() => {})
      throw new Error('No bot is connected to the fake gateway')
    }
    await reconnected
  }

  /**
   * Ends the bot's session (gateway op 9 INVALID_SESSION, not resumable) and resolves once it has
   * identified again: a fresh READY and GUILD_CREATEs, nothing replayed.
   */
  async invalidateSession(options: { timeout?: number } = {}): Promise<void> {
    const reconnected = this.gateway.nextConnection(options.timeout ?? 15_000)
    if (this.gateway.invalidateSessions() === 0) {
      reconnected.catch(() => {})
      throw new Error('No bot is connected to the fake gateway')
    }
    await reconnected
  }

  /** Resolves once a bot has identified (or resumed) on the gateway. */
  async waitForBot(timeout = 15_000): Promise<void> {
    if (this.gateway.isConnected()) return
    await this.gateway.nextConnection(timeout)
  }

  /** Calls `listener` after every message create, edit or delete (the sandbox page's live updates). */
  onMessageChange(listener: (message: FakeMessage) => void): () => void {
    const relay = (record: MessageRecord) => listener(snapshot(record))
    this.world.events.on('message', relay)
    return () => this.world.events.off('message', relay)
  }

  async stop(): Promise<void> {
    this.interactions.stop()
    await this.gateway.close()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** Starts a fake Discord on 127.0.0.1. Point discord.js at it with `rest: { api: discord.url + '/api' }`. */
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const clock = options.clock ?? new ManualClock()
  const token = options.token ?? `fake.${Math.random().toString(36).slice(2)}.${Date.now().toString(36)}`
  const world = new World({
    clock,
    botName: options.botName ?? 'CardBot',
    oldMessageEdits: options.oldMessageEdits ?? 0,
  })
  let rest: RestServer | undefined
  const interactions = new Interactions(world, options.answerWindowMs ?? ANSWER_WINDOW_MS, (since) =>
    (rest?.log ?? []).filter((r) => r.status >= 400 && r.at >= since),
  )
  let base = ''
  const gateway = new Gateway(
    world,
    token,
    () => ({ gateway: `${base}/gateway`, resume: `${base}/gateway-resume` }),
    options.heartbeatInterval ?? 41_250,
    options.enforceIdentifyLimit ? { maxConcurrency: options.maxConcurrency ?? 1 } : null,
  )
  rest = new RestServer(
    buildRoutes(
      world,
      interactions,
      () => `${base}/gateway`,
      options.recommendedShards ?? 1,
      options.maxConcurrency ?? 1,
    ),
    token,
    options.globalRateLimit ?? null,
    options.channelEditLimit ?? null,
  )
  const restServer = rest
  const server = createServer((req, res) => {
    if (!world.attachments.serve(req, res) && !world.emojis.serve(req, res)) void restServer.handle(req, res)
  })
  // Idle connections stay open a minute, as Discord's edge keeps them: with Node's 5 s default a busy
  // bot's HTTP client can send on a socket the fake is just closing (EPIPE, a lost request).
  server.keepAliveTimeout = 60_000
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/gateway' || path === '/gateway-resume') gateway.handleUpgrade(req, socket, head)
    else socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  world.attachments.baseUrl = base.replace('ws://', 'http://')
  return new FakeDiscord(server, world, restServer, gateway, interactions, {
    token,
    clock,
    deferredTimeout: options.deferredTimeout ?? 10_000,
    commandWait: options.commandWait ?? 5000,
  })
}
