import { tokenOf } from '../core/move-context.js'
import type { Progress } from '../core/engine.js'
import type { TableStatus } from './types.js'

/**
 * The token of a confirmed leave: what leaving means depends on which game is at the table and
 * whether it is still being played (mid-game the seat plays on or folds; once it is over, the
 * player simply stands up). A confirmation asked during one game is refused as stale once that
 * game has ended, so nobody leaves on the strength of a question that no longer applies; moves
 * by others in the same game leave it good.
 */
export function leaveToken(t: {
  readonly status: TableStatus
  readonly progress: Progress | null
  readonly gamesPlayed: number
}): string {
  return tokenOf(`leave|${t.status}|${t.progress ?? 'none'}|${t.gamesPlayed}`)
}
