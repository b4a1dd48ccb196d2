import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { deflateSync } from 'node:zlib'
import { WebSocketServer, type WebSocket } from 'ws'
import { GatewayCloseCodes, GatewayDispatchEvents, GatewayIntentBits, GatewayOpcodes } from 'discord-api-types/v10'
import { apiMember } from './model.js'
import type { World } from './world.js'

interface Session {
  id: string
  intents: number
  /** [shard id, shard count] from IDENTIFY ([0, 1] without sharding). */
  shard: [number, number]
  seq: number
  /** Dispatches kept for replay on RESUME. */
  sent: { s: number; t: string; d: unknown }[]
  socket: WebSocket | null
  compress: boolean
}

export interface GatewayStats {
  identifies: number
  /** IDENTIFYs refused (op 9) for starting a second session of one rate-limit key within 5 s. */
  identifyRefusals: number
  resumes: number
  heartbeats: number
}

const REPLAY_BUFFER = 1000

/** Discord's session start limit: per rate-limit key, one IDENTIFY in this window. */
const IDENTIFY_WINDOW_MS = 5000

/** The shard that receives a guild's events: `(guild_id >> 22) % shard_count`, as Discord routes them. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count))
}

/** A valid IDENTIFY `shard` field, [0, 1] when absent, null when malformed. */
function identifyShard(value: unknown): [number, number] | null {
  if (value === undefined || value === null) return [0, 1]
  if (!Array.isArray(value) || value.length !== 2) return null
  const [id, count] = value as unknown[]
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null
  if ((count as number) < 1 || (id as number) < 0 || (id as number) >= (count as number)) return null
  return [id as number, count as number]
}

const owns = (session: Session, guildId: string) => shardOf(guildId, session.shard[1]) === session.shard[0]

/** The guild an event belongs to (GUILD_CREATE/UPDATE carry it as `id`), if any. */
function guildOf(event: string, data: unknown): string | undefined {
  const d = data as { guild_id?: string; id?: string } | null
  if (event === GatewayDispatchEvents.GuildCreate || event === GatewayDispatchEvents.GuildUpdate) return d?.id
  return d?.guild_id ?? undefined
}

/**
 * The fake gateway: HELLO, heartbeat ACKs, IDENTIFY → READY + GUILD_CREATEs, RESUME with replay of
 * missed dispatches, and dispatch of events the world produces. JSON only, never compressed streams.
 * Sharded like Discord: IDENTIFY may carry `shard: [id, count]`; a session then gets READY and
 * GUILD_CREATE for its own guilds only, and each guild's events (interactions included) go to
 * the session whose shard owns the guild. Events of no guild (DMs) go to shard 0.
 */
export class Gateway {
  private readonly server = new WebSocketServer({ noServer: true })
  private readonly sessions = new Map<string, Session>()
  private readonly waiters = new Set<() => void>()
  readonly stats: GatewayStats = { identifies: 0, identifyRefusals: 0, resumes: 0, heartbeats: 0 }
  /** Every accepted IDENTIFY: its shard and when (real time). */
  readonly identifyLog: { shard: number; count: number; at: number }[] = []
  /** IDENTIFYs refused by the session start limit. */
  readonly refusedIdentifies: { shard: number; count: number; at: number }[] = []

  constructor(
    private readonly world: World,
    private readonly token: string,
    private readonly urls: () => { gateway: string; resume: string },
    private readonly heartbeatInterval: number,
    /**
     * Discord's session start limit: one IDENTIFY per rate-limit key (`shard_id % max_concurrency`)
     * every 5 s, a second one answered with op 9 (Invalid Session); null: not enforced.
     */
    private readonly identifyLimit: { readonly maxConcurrency: number } | null = null,
  ) {
    world.dispatch = (event, data, intent) => this.dispatch(event, data, intent)
  }

  /** Whether a session of this shard's rate-limit key started less than 5 s ago (when the limit is enforced). */
  private identifyTooSoon(shard: number): boolean {
    if (!this.identifyLimit) return false
    const { maxConcurrency } = this.identifyLimit
    const since = Date.now() - IDENTIFY_WINDOW_MS
    return this.identifyLog.some((i) => i.at > since && i.shard % maxConcurrency === shard % maxConcurrency)
  }

  /** Called by the HTTP server for upgrade requests on the gateway paths. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://x')
    this.server.handleUpgrade(request, socket, head, (ws) => {
      if (url.searchParams.get('encoding') && url.searchParams.get('encoding') !== 'json') {
        ws.close(GatewayCloseCodes.DecodeError, 'Only encoding=json is supported by the fake gateway')
        return
      }
      if (url.searchParams.get('compress')) {
        ws.close(GatewayCloseCodes.DecodeError, 'The fake gateway does not support transport compression')
        return
      }
      this.accept(ws)
    })
  }

  private accept(ws: WebSocket): void {
    let session: Session | null = null
    const send = (payload: unknown, compress = false) => {
      if (ws.readyState !== ws.OPEN) return
      const text = JSON.stringify(payload)
      ws.send(compress ? deflateSync(text) : text)
    }
    send({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.heartbeatInterval }, s: null, t: null })

    ws.on('message', (raw) => {
      let payload: { op: number; d: any }
      try {
        payload = JSON.parse(String(raw))
      } catch {
        ws.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.')
        return
      }
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          this.stats.heartbeats++
          send({ op: GatewayOpcodes.HeartbeatAck, d: null, s: null, t: null })
          return
        case GatewayOpcodes.Identify: {
          if (session) return ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.')
          if (payload.d?.token !== this.token)
            return ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.')
          const shard = identifyShard(payload.d.shard)
          if (!shard) return ws.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.')
          if (this.identifyTooSoon(shard[0])) {
            this.stats.identifyRefusals++
            this.refusedIdentifies.push({ shard: shard[0], count: shard[1], at: Date.now() })
            return send({ op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null })
          }
          this.stats.identifies++
          this.identifyLog.push({ shard: shard[0], count: shard[1], at: Date.now() })
          session = {
            id: this.world.nextId(),
            intents: Number(payload.d.intents ?? 0),
            shard,
            seq: 0,
            sent: [],
            socket: ws,
            compress: payload.d.compress === true,
          }
          this.sessions.set(session.id, session)
          this.sendDispatch(session, GatewayDispatchEvents.Ready, this.readyPayload(session))
          if (session.intents & GatewayIntentBits.Guilds) {
            for (const guild of this.world.guilds.filter((g) => owns(session!, g.id))) {
              this.sendDispatch(session, GatewayDispatchEvents.GuildCreate, this.world.guildCreatePayload(guild))
            }
          }
          this.settle()
          return
        }
        case GatewayOpcodes.Resume: {
          const old = this.sessions.get(String(payload.d?.session_id))
          if (!old || payload.d?.token !== this.token) {
            send({ op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null })
            return
          }
          this.stats.resumes++
          old.socket?.terminate()
          old.socket = ws
          session = old
          const since = Number(payload.d.seq ?? 0)
          for (const missed of old.sent.filter((p) => p.s > since)) {
            send({ op: GatewayOpcodes.Dispatch, ...missed }, old.compress)
          }
          this.sendDispatch(old, GatewayDispatchEvents.Resumed, {})
          this.settle()
          return
        }
        case GatewayOpcodes.RequestGuildMembers: {
          if (!session) return ws.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.')
          const d = payload.d ?? {}
          const guild = this.world.guildById(String(d.guild_id))
          if (!guild) return
          const ids: string[] | null = d.user_ids ? [].concat(d.user_ids) : null
          const query = typeof d.query === 'string' ? d.query.toLowerCase() : ''
          const limit = Number(d.limit) || Infinity
          const members = guild.members
            .filter((m) => (ids ? ids.includes(m.user.id) : m.user.username.toLowerCase().startsWith(query)))
            .slice(0, limit)
          this.sendDispatch(session, GatewayDispatchEvents.GuildMembersChunk, {
            guild_id: guild.id,
            members: members.map((m) => apiMember(m, guild)),
            chunk_index: 0,
            chunk_count: 1,
            ...(ids ? { not_found: ids.filter((id) => !members.some((m) => m.user.id === id)) } : {}),
            ...(d.nonce ? { nonce: d.nonce } : {}),
          })
          return
        }
        default:
          // Presence and voice updates and the like: accepted and ignored.
          return
      }
    })

    ws.on('close', (code) => {
      if (!session || session.socket !== ws) return
      session.socket = null
      // A clean close (1000/1001) ends the session on Discord; anything else leaves it resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id)
    })
  }

  private readyPayload(session: Session) {
    return {
      v: 10,
      user: this.world.botUser(),
      guilds:
        session.intents & GatewayIntentBits.Guilds ? this.world.readyGuilds().filter((g) => owns(session, g.id)) : [],
      session_id: session.id,
      resume_gateway_url: this.urls().resume,
      shard: session.shard,
      application: { id: this.world.bot.id, flags: 0 },
      private_channels: [],
      relationships: [],
      user_settings: {},
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
    }
  }

  private sendDispatch(session: Session, event: string, data: unknown): void {
    const payload = { s: ++session.seq, t: event, d: data }
    session.sent.push(payload)
    if (session.sent.length > REPLAY_BUFFER) session.sent.shift()
    const ws = session.socket
    if (ws && ws.readyState === ws.OPEN) {
      const text = JSON.stringify({ op: GatewayOpcodes.Dispatch, ...payload })
      ws.send(session.compress ? deflateSync(text) : text)
    }
  }

  /** Sends an event to every live (or resumable) session that asked for it and whose shard owns its guild. */
  dispatch(event: string, data: unknown, intent?: number): void {
    const guildId = guildOf(event, data)
    for (const session of this.sessions.values()) {
      if (intent !== undefined && !(session.intents & intent)) continue
      if (guildId !== undefined ? !owns(session, guildId) : session.shard[0] !== 0) continue
      this.sendDispatch(session, event, data)
    }
  }

  /** Whether some bot session exists (connected, or dropped and able to resume). */
  hasSession(): boolean {
    return this.sessions.size > 0
  }

  /** The [id, count] of every connected session, by shard id. */
  connectedShards(): [number, number][] {
    return [...this.sessions.values()]
      .filter((s) => s.socket?.readyState === 1)
      .map((s) => s.shard)
      .sort((a, b) => a[0] - b[0])
  }

  /** Whether a bot is connected right now. */
  isConnected(): boolean {
    return [...this.sessions.values()].some((s) => s.socket?.readyState === 1)
  }

  /** Drops every connection without a close frame, as a network failure would; sessions stay resumable. */
  dropConnections(): number {
    let dropped = 0
    for (const session of this.sessions.values()) {
      if (session.socket) {
        session.socket.terminate()
        session.socket = null
        dropped++
      }
    }
    return dropped
  }

  /** Sends RECONNECT (op 7) on every connection: discord.js closes and resumes. */
  requestReconnect(): number {
    return this.sendToSockets(() => ({ op: GatewayOpcodes.Reconnect, d: null }))
  }

  /** Forgets every session and sends INVALID_SESSION (op 9, not resumable): discord.js identifies afresh. */
  invalidateSessions(): number {
    const sent = this.sendToSockets(() => ({ op: GatewayOpcodes.InvalidSession, d: false }))
    this.sessions.clear()
    return sent
  }

  private sendToSockets(payload: () => unknown): number {
    let sent = 0
    for (const session of this.sessions.values()) {
      const ws = session.socket
      if (ws && ws.readyState === ws.OPEN) {
        const text = JSON.stringify(payload())
        ws.send(session.compress ? deflateSync(text) : text)
        sent++
      }
    }
    return sent
  }

  /** Resolves on the next successful IDENTIFY or RESUME. */
  nextConnection(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer)
        this.waiters.delete(done)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiters.delete(done)
        reject(new Error(`No bot reconnected to the fake gateway within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.add(done)
    })
  }

  private settle(): void {
    for (const waiter of [...this.waiters]) waiter()
  }

  async close(): Promise<void> {
    for (const session of this.sessions.values()) session.socket?.terminate()
    this.sessions.clear()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
