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
export function actionForLog(action: { readonly type: string; readonly amount?: unknown }): { type: string; amount?: number } {
  return typeof action.amount === 'number' ? { type: action.type, amount: action.amount } : { type: action.type }
}
