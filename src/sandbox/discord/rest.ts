import type { IncomingMessage, ServerResponse } from 'node:http'
import { readMultipart } from './attachments.js'
import { HttpError, notFound, unauthorized } from './errors.js'

export interface RestRequest {
  method: string
  /** Path below /api/v10, e.g. /channels/123/messages. */
  path: string
  params: Record<string, string>
  query: URLSearchParams
  body: any
  headers: IncomingMessage['headers']
}

/** What a handler returns or resolves to: a JSON body (200), or null for 204 No Content. */
export type RestResult = unknown

export interface Route {
  method: string
  /** Like /channels/:channel/messages/:message. */
  pattern: string
  /** Bot routes need `Authorization: Bot <token>`; interaction callbacks and webhooks take no auth. */
  auth: boolean
  handle: (req: RestRequest) => RestResult
}

export interface RequestLog {
  method: string
  path: string
  status: number
  /** Discord's JSON error code for failures, if any. */
  code?: number
  /** Discord's error message and, for 50035, the error tree. */
  message?: string
  errors?: unknown
  /** For a 429: whether it was Discord's global limit. */
  global?: boolean
  /** Real time (Date.now()) of the answer. */
  at: number
}

/**
 * What a request is, for counting: the interaction routes (no bot auth, outside Discord's global
 * limit), the channel message routes a table's traffic is made of, and everything else.
 */
export type RequestClass =
  'interactionCallback' | 'interactionWebhook' | 'messageCreate' | 'messageEdit' | 'messageDelete' | 'other'

export function requestClass(method: string, path: string): RequestClass {
  if (/^\/interactions\/[^/]+\/[^/]+\/callback$/.test(path)) return 'interactionCallback'
  if (path.startsWith('/webhooks/')) return 'interactionWebhook'
  if (/^\/channels\/[^/]+\/messages$/.test(path) && method === 'POST') return 'messageCreate'
  if (/^\/channels\/[^/]+\/messages\/[^/]+$/.test(path)) {
    if (method === 'PATCH') return 'messageEdit'
    if (method === 'DELETE') return 'messageDelete'
  }
  return 'other'
}

/** At most `edits` message edits in one channel within any `perMs` (Discord: 5 in 5 s). */
export interface ChannelEditLimit {
  readonly edits: number
  readonly perMs: number
}

export interface RateLimitRule {
  method: string
  pattern: RegExp
  remaining: number
  retryAfter: number
  global: boolean
  hits: number
}

/**
 * A fault the test injects on one request: Discord failing (500), rate limiting it (429, for the
 * route or global), never answering (the connection is cut, as a timed-out request ends) or slow
 * to take it (`hold`: the request is taken, and answered as usual, once `until` settles).
 */
export type InjectedFault =
  | { readonly kind: 'error' }
  | { readonly kind: 'rateLimit'; readonly global: boolean; readonly retryAfter: number }
  | { readonly kind: 'drop' }
  | { readonly kind: 'hold'; readonly until: Promise<unknown> }

/** Decides, for each request the fake routed, whether it fails and how (null: answered normally). */
export type FaultInjector = (method: string, path: string) => InjectedFault | null

/** Turns "PATCH /channels/:id/messages/*" into a matcher; `:name`, `{name}` and `*` match one segment. */
export function routeMatcher(route: string): { method: string; pattern: RegExp } {
  const [method = '', path = ''] = route.trim().split(/\s+/, 2)
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((seg) => (/^(:.+|\{.+\}|\*)$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`) }
}

function matchRoute(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null
  const want = route.pattern.split('/')
  const got = path.replace(/\/+$/, '').split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const g = decodeURIComponent(got[i]!)
    if (w.startsWith(':')) params[w.slice(1)] = g
    else if (w !== g) return null
  }
  return params
}

async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  if (raw.length === 0) return undefined
  const type = req.headers['content-type'] ?? ''
  // discord.js sends files as multipart: the message in `payload_json`, the files in `files[n]`.
  if (type.startsWith('multipart/form-data')) return readMultipart(raw, type)
  return JSON.parse(raw.toString('utf8'))
}

/** The REST half of the fake: routing, auth, rate limits, error shapes, and a log of every request. */
export class RestServer {
  readonly log: RequestLog[] = []
  readonly unknownRoutes: { method: string; path: string }[] = []
  readonly rateLimits: RateLimitRule[] = []
  /** Faults a test injects (the simulator); null: none. */
  faults: FaultInjector | null = null
  /** Requests answered, by class (a 429 counts too: Discord received it). */
  readonly counts: Record<RequestClass, number> = {
    interactionCallback: 0,
    interactionWebhook: 0,
    messageCreate: 0,
    messageEdit: 0,
    messageDelete: 0,
    other: 0,
  }
  // The global limit's current one-second window (real time): its start and the requests in it.
  private globalWindow = { start: 0, used: 0 }
  /**
   * The global limit's one-second windows so far (the last hour's): when each began and how many
   * bot-token requests it counted, refused ones included (over `globalPerSecond`, each was a 429).
   */
  readonly globalWindows: { start: number; used: number }[] = []
  // Per channel, when its last message edits were taken (real time, oldest first).
  private readonly channelEdits = new Map<string, number[]>()

  constructor(
    private readonly routes: Route[],
    private readonly token: string,
    /** Discord's global limit on bot-authenticated requests per second; null: not enforced. */
    private readonly globalPerSecond: number | null = null,
    /** Discord's limit on message edits in one channel; null: not enforced. */
    private readonly channelEditLimit: ChannelEditLimit | null = null,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const method = (req.method ?? 'GET').toUpperCase()
    const prefix = '/api/v10'
    const path = url.pathname.startsWith(prefix + '/') ? url.pathname.slice(prefix.length) : null
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const entry: RequestLog = { method, path: path ?? url.pathname, status, at: Date.now() }
      if (status >= 400 && body && typeof body === 'object') {
        const error = body as { code?: unknown; message?: unknown; errors?: unknown; global?: unknown }
        if (error.code !== undefined) entry.code = Number(error.code)
        if (typeof error.message === 'string') entry.message = error.message
        if (error.errors !== undefined) entry.errors = error.errors
        if (status === 429) entry.global = error.global === true
      }
      this.log.push(entry)
      if (path !== null) this.counts[requestClass(method, path)]++
      if (status === 204 || body === null || body === undefined) {
        res.writeHead(status === 200 ? 204 : status, headers).end()
      } else {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
      }
    }
    try {
      let route: Route | undefined
      let params: Record<string, string> | null = null
      if (path !== null) {
        for (const candidate of this.routes) {
          params = matchRoute(candidate, method, path)
          if (params) {
            route = candidate
            break
          }
        }
      }
      if (!route || !params) {
        this.unknownRoutes.push({ method, path: url.pathname })
        throw notFound()
      }
      if (route.auth && req.headers.authorization !== `Bot ${this.token}`) throw unauthorized()
      const fault = this.faults?.(method, path!)
      if (fault?.kind === 'drop') {
        this.log.push({ method, path: path!, status: 0, at: Date.now() })
        req.socket.destroy()
        return
      }
      if (fault?.kind === 'error') throw new Error('injected fault')
      if (fault?.kind === 'hold') await fault.until.catch(() => {})
      if (fault?.kind === 'rateLimit') {
        const after = String(fault.retryAfter)
        return reply(
          429,
          { message: 'You are being rate limited.', retry_after: fault.retryAfter, global: fault.global },
          {
            'retry-after': after,
            'x-ratelimit-reset-after': after,
            'x-ratelimit-scope': fault.global ? 'global' : 'user',
            ...(fault.global ? { 'x-ratelimit-global': 'true' } : { 'x-ratelimit-remaining': '0' }),
          },
        )
      }
      const limited =
        this.rateLimited(method, path!) ??
        (route.auth ? (this.globallyLimited() ?? this.channelEditLimited(method, path!)) : null)
      if (limited) return reply(429, limited.body, limited.headers)
      const body = await readBody(req)
      const result = await route.handle({
        method,
        path: path!,
        params,
        query: url.searchParams,
        body,
        headers: req.headers,
      })
      reply(result === null || result === undefined ? 204 : 200, result)
    } catch (error) {
      if (error instanceof HttpError) return reply(error.status, error.body, error.headers)
      const message = error instanceof Error ? error.message : String(error)
      reply(500, { message: `500: Internal Server Error (fake Discord: ${message})`, code: 0 })
    }
  }

  /**
   * Discord's global limit: 50 requests a second per bot token (by default), counted on requests
   * made with the bot's token only: interaction callbacks and webhooks carry none and are not bound
   * by it. Over the limit Discord answers 429 with `global: true`. One fake serves one bot token,
   * so its window counts every connection and process of the bot together, as Discord's does.
   */
  private globallyLimited() {
    if (this.globalPerSecond === null) return null
    const now = Date.now()
    if (now - this.globalWindow.start >= 1000) {
      this.globalWindow = { start: now, used: 0 }
      this.globalWindows.push(this.globalWindow)
      if (this.globalWindows.length > 3600) this.globalWindows.shift()
    }
    if (++this.globalWindow.used <= this.globalPerSecond) return null
    const retryAfter = Math.max(0.001, (this.globalWindow.start + 1000 - now) / 1000)
    return {
      body: { message: 'You are being rate limited.', retry_after: retryAfter, global: true },
      headers: {
        'retry-after': String(Math.ceil(retryAfter)),
        'x-ratelimit-global': 'true',
        'x-ratelimit-scope': 'global',
      },
    }
  }

  /**
   * Discord's per-channel limit on message edits (5 in 5 s): a sliding window per channel over the
   * edits it took; over it, 429 for that route only (not global).
   */
  private channelEditLimited(method: string, path: string) {
    if (!this.channelEditLimit || requestClass(method, path) !== 'messageEdit') return null
    const channelId = path.split('/')[2]!
    const now = Date.now()
    const { edits, perMs } = this.channelEditLimit
    const taken = (this.channelEdits.get(channelId) ?? []).filter((at) => at > now - perMs)
    this.channelEdits.set(channelId, taken)
    if (taken.length < edits) {
      taken.push(now)
      return null
    }
    const retryAfter = Math.max(0.001, (taken[0]! + perMs - now) / 1000)
    return {
      body: { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
      headers: {
        'retry-after': String(retryAfter),
        'x-ratelimit-limit': String(edits),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset-after': String(retryAfter),
        'x-ratelimit-bucket': 'fake-channel-edits',
        'x-ratelimit-scope': 'user',
      },
    }
  }

  private rateLimited(method: string, path: string) {
    const rule = this.rateLimits.find((r) => r.remaining > 0 && r.method === method && r.pattern.test(path))
    if (!rule) return null
    rule.remaining--
    rule.hits++
    const after = String(rule.retryAfter)
    const headers: Record<string, string> = {
      'retry-after': after,
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.now() / 1000 + rule.retryAfter),
      'x-ratelimit-reset-after': after,
      'x-ratelimit-bucket': `fake-${rule.pattern.source.length}-${rule.method}`,
      'x-ratelimit-scope': rule.global ? 'global' : 'user',
    }
    if (rule.global) headers['x-ratelimit-global'] = 'true'
    return {
      body: { message: 'You are being rate limited.', retry_after: rule.retryAfter, global: rule.global },
      headers,
    }
  }
}
