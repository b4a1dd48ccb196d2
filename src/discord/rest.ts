import { DefaultRestOptions, REST, Routes, type InternalRequest, type RESTOptions, type ResponseLike } from 'discord.js'
import { DEFAULT_GLOBAL_PER_SECOND, GlobalBudget, type Lane } from './global-budget.js'
import { withMultipartBody } from './multipart-body.js'
import type { StartUpRetry } from './start-up-retry.js'

/**
 * The REST client of the bot. Discord's global limit (50 requests a second per bot) binds the
 * requests made with the bot's token only: "Interaction endpoints are not bound to the bot's Global
 * Rate Limit" (https://docs.discord.com/developers/topics/rate-limits#global-rate-limit). So:
 *
 * - interaction callbacks and webhooks go through a REST of their own, outside any global budget:
 *   an answer never waits behind channel requests (each interaction token is still its own bucket,
 *   with Discord's per-route limits honoured);
 * - every other request waits its turn in the bot's `GlobalBudget` (a little under the limit in
 *   any second, spread out; by lane: new messages, then edits, then deletions; channels taking
 *   turns) at the last moment, when discord.js sends it (`makeRequest`): after discord.js's own
 *   handling of Discord's per-route limits, which holds a request until the one before it on its
 *   route has been answered. A turn taken before that wait would let the request reach Discord in
 *   a later second than the one it was counted in, past the limit there; and each of discord.js's
 *   retries (a per-route 429, a 5xx, a dropped connection) takes a turn of its own. discord.js's own global
 *   limiter is a fixed window that does not line up with Discord's, lets up to twice the limit
 *   through across a window boundary (each 429 counting toward Discord's ban for invalid
 *   requests) and wakes its waiting requests in no order; it is set out of the way;
 * - a request with files goes out with its multipart body in one buffer (multipart-body.ts);
 * - the gateway's address (`GET /gateway/bot`, which login and every reconnection need) is tried
 *   again after a transient failure (start-up-retry.ts): discord.js's login gives up at its first
 *   failure and leaves its client unusable for another login.
 */
export class SplitRest extends REST {
  private readonly interactionRest: REST
  /**
   * The turns of the requests discord.js holds, by method and route, in the order it sends them
   * (one at a time per route and channel, first come first served): `makeRequest` gets only a
   * request's URL and options, and finds its turn here.
   */
  private readonly turns = new Map<string, Turn[]>()

  /**
   * `durable`: awaited before each request goes out, so that nothing reaches Discord (a player)
   * before the changes it shows are on disk (Store.durable). `retry`: how the gateway's address is
   * tried again (default: not).
   */
  constructor(
    options: Partial<RESTOptions>,
    readonly budget: GlobalBudget = new GlobalBudget(DEFAULT_GLOBAL_PER_SECOND),
    private readonly durable: () => Promise<void> = () => Promise.resolve(),
    private readonly retry: StartUpRetry = (_what, work) => work(),
  ) {
    const send = options.makeRequest ?? DefaultRestOptions.makeRequest
    const timeoutMs = options.timeout ?? DefaultRestOptions.timeout
    const prefix = `${options.api ?? DefaultRestOptions.api}/v${options.version ?? DefaultRestOptions.version}`
    super({
      ...options,
      globalRequestsPerSecond: NO_GLOBAL_LIMIT,
      makeRequest: async (url, init) => {
        const route = url.slice(prefix.length).split('?')[0]!
        const method = init.method ?? 'GET'
        let turn = this.turns.get(turnKey(method, route))?.[0] ?? turnOf(method, route, budget.clock.now())
        for (;;) {
          await budget.take(turn.lane, turn.key, turn.since)
          // discord.js's timeout runs from before the turn: the request gets its whole time on the
          // wire (the bot gives discord.js no abort signals of its own to pass on).
          const response = await send(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
          const retryAfterMs = await globalRetryAfterMs(response)
          if (retryAfterMs === null) return response
          // A 429 for the global limit all the same (requests bunched on the way): the whole
          // budget waits its retry_after, then this request goes again, in the first lane.
          // discord.js never sees it: its own handling would hold every request and then let them
          // all go at once, past the budget.
          budget.pauseUntil(budget.clock.now() + retryAfterMs)
          turn = { lane: 'create', key: RETRY, since: budget.clock.now() }
        }
      },
    })
    this.interactionRest = new REST({ ...options, globalRequestsPerSecond: NO_GLOBAL_LIMIT })
  }

  override setToken(token: string): this {
    this.interactionRest.setToken(token)
    return super.setToken(token)
  }

  override clearHashSweeper(): void {
    this.interactionRest.clearHashSweeper()
    super.clearHashSweeper()
  }

  override clearHandlerSweeper(): void {
    this.interactionRest.clearHandlerSweeper()
    super.clearHandlerSweeper()
  }

  override async queueRequest(original: InternalRequest): Promise<ResponseLike> {
    const request = withMultipartBody(original)
    await this.durable()
    if (isInteractionRoute(request.fullRoute)) return this.interactionRest.queueRequest(request)
    const send = async () => {
      const key = turnKey(request.method, request.fullRoute)
      const turn = turnOf(request.method, request.fullRoute, this.budget.clock.now())
      const waiting = this.turns.get(key)
      if (waiting) waiting.push(turn)
      else this.turns.set(key, [turn])
      try {
        return await super.queueRequest(request)
      } finally {
        const left = this.turns.get(key)!
        left.splice(left.indexOf(turn), 1)
        if (!left.length) this.turns.delete(key)
      }
    }
    return request.fullRoute === Routes.gatewayBot() ? this.retry('gateway', send) : send()
  }
}

/**
 * For a 429 of Discord's global limit, how long to wait (its body read, so the connection is free);
 * null for anything else (a per-route 429 goes to discord.js, which keeps the route's bucket).
 */
async function globalRetryAfterMs(response: ResponseLike): Promise<number | null> {
  if (response.status !== 429 || !response.headers.get('x-ratelimit-global')) return null
  const body = (await response.json().catch(() => ({}))) as { retry_after?: unknown }
  const seconds = typeof body.retry_after === 'number' ? body.retry_after : Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : 1000
}

/** A request's place in the budget's lanes: its lane, its channel, when it was made. */
interface Turn {
  readonly lane: Lane
  readonly key: string
  readonly since: number
}

const turnKey = (method: string, route: string) => `${method.toUpperCase()} ${route}`

function turnOf(method: string, route: string, since: number): Turn {
  return { lane: laneOf(method.toUpperCase(), route), key: channelOf(route), since }
}

/** The key a request refused with a global 429 takes its turn again under. */
const RETRY = 'retry-after-429'

/** A budget no bot reaches: discord.js needs a number. */
const NO_GLOBAL_LIMIT = 1_000_000

/** `/interactions/{id}/{token}/callback` and `/webhooks/{application}/{token}…` (follow-ups, edits). */
function isInteractionRoute(route: string): boolean {
  return /^\/interactions\/[^/]+\/[^/]+\/callback$/.test(route) || /^\/webhooks\/[^/]+\/[^/]+/.test(route)
}

/** New messages first, then edits and everything else, deletions last. */
function laneOf(method: string, route: string): Lane {
  if (method === 'POST' && /^\/channels\/[^/]+\/messages$/.test(route)) return 'create'
  if (method === 'DELETE') return 'delete'
  return 'edit'
}

/** The channel a request is about (its turn is shared with that channel's other requests), else its route. */
function channelOf(route: string): string {
  return /^\/channels\/(\d+)/.exec(route)?.[1] ?? route
}
