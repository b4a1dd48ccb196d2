import { REST, type InternalRequest, type RESTOptions, type ResponseLike } from 'discord.js'

/**
 * Discord's global limit (50 requests a second per bot) binds requests made with the bot's token
 * only: interaction callbacks and interaction webhooks are not bound by it (Discord's rate-limit
 * docs, "Global Rate Limit"). discord.js counts every request against one global budget, so under
 * load an interaction's answer would queue behind channel edits and fail Discord's 3 s. This REST
 * sends the interaction routes through a second REST of its own, outside that budget; each
 * interaction token is still its own bucket there, with Discord's per-route limits honoured.
 */
export class SplitRest extends REST {
  private readonly interactionRest: REST

  constructor(options: Partial<RESTOptions>) {
    super(options)
    // No global budget of its own to share with the channel routes (Discord sets none for them).
    this.interactionRest = new REST({ ...options, globalRequestsPerSecond: INTERACTION_REQUESTS_PER_SECOND })
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

  override queueRequest(request: InternalRequest): Promise<ResponseLike> {
    if (isInteractionRoute(request.fullRoute)) return this.interactionRest.queueRequest(request)
    return super.queueRequest(request)
  }
}

/** A budget no bot reaches: discord.js needs a number, Discord enforces none on these routes. */
const INTERACTION_REQUESTS_PER_SECOND = 100_000

/** `/interactions/{id}/{token}/callback` and `/webhooks/{application}/{token}…` (follow-ups, edits). */
function isInteractionRoute(route: string): boolean {
  return /^\/interactions\/[^/]+\/[^/]+\/callback$/.test(route) || /^\/webhooks\/[^/]+\/[^/]+/.test(route)
}
