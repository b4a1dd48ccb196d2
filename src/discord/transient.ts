import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js'

/** Network failures worth another try: a cut or refused connection, a name lookup that failed for now. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND'])

/**
 * Whether a failed request may succeed when tried again: Discord's 5xx and 429 (past discord.js's
 * own retries), a request that timed out, a failed connection. A refusal (a wrong token, a 4xx)
 * says the same the next time.
 */
export function transient(error: unknown): boolean {
  if (error instanceof HTTPError || error instanceof RateLimitError) return true
  if (error instanceof DiscordAPIError) return error.status >= 500 || error.status === 429
  if (!(error instanceof Error)) return false
  if (error.name === 'AbortError') return true
  return [error, error.cause].some((e) => {
    const code = (e as { code?: unknown } | undefined)?.code
    return typeof code === 'string' && (code.startsWith('UND_ERR') || NETWORK_CODES.has(code))
  })
}
