import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/**
 * One JSON line per event. Callers log ids, seats and action *types* only: never a hand, a card
 * choice or a bid, because logs are read by people who also sit at the tables.
 */
export function createLogger(level: string = 'info', destination?: DestinationStream): Logger {
  return pino(
    { level, base: { app: 'card-table-bot' }, serializers: { err: errorForLog } },
    destination ?? pino.destination(1),
  )
}

/**
 * An error as the log keeps it: name, message, code, status and stack. Never the whole object:
 * a Discord API error carries the request body, which may be a player's private hand view.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const e = error as Error & { code?: unknown; status?: unknown; method?: unknown; url?: unknown }
  return { type: e.name, message: e.message, code: e.code, status: e.status, method: e.method, stack: e.stack }
}

/** The loggable part of a player's action: its type and public amount, never its cards or suit. */
export function actionForLog(action: Readonly<Record<string, unknown>>): { type: string; amount?: number } {
  const type = String(action.type)
  return typeof action.amount === 'number' ? { type, amount: action.amount } : { type }
}
