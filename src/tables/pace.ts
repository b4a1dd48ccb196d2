import type { Progress } from '../core/engine.js'

/**
 * How long a table waits. While a game runs, the seats the game waits for have the turn time;
 * after a Bura game or Badugi hand the table pauses for its break, then deals the next game by
 * itself (a player's "Next game" deals it at once).
 */

/** The break when the table's opener did not choose one. */
export const DEFAULT_BREAK_MS = 2 * 60 * 1000
/** The longest break (0 deals the next game at once). */
export const MAX_BREAK_MS = 60 * 60 * 1000

/** Whether a break length (ms) is allowed. */
export const validBreak = (ms: number): boolean => Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_BREAK_MS

/** How long the table waits from now, in the state a change left it in. */
export function waitMs(
  table: { readonly turnMs: number; readonly breakMs: number },
  progress: Progress | null,
): number {
  return progress === 'gameOver' ? table.breakMs : table.turnMs
}
