import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/**
 * One JSON line per event. Callers log ids, seats and action *types* only: never a hand, a card
 * choice or a bid, because logs are read by people who also sit at the tables.
 */
export function createLogger(level: string = 'info', destination?: DestinationStream): Logger {
  return pino({ level, base: { app: 'card-table-bot' } }, destination ?? pino.destination(1))
}

/** The loggable part of a player's action: its type and public amount, never its cards or suit. */
export function actionForLog(action: Readonly<Record<string, unknown>>): { type: string; amount?: number } {
  const type = String(action.type)
  return typeof action.amount === 'number' ? { type, amount: action.amount } : { type }
}
