import type { BuraAction, BuraState } from './types.js'

/**
 * What a Bura move means (GameEngine.moveContext). A play belongs to one turn: the game, the
 * tricks taken and the cards already in the trick. Declaring 31 during the play belongs to the
 * game and its phase only (tricks may be taken meanwhile: the claim is the same), unless the
 * table declares on one's turn only, when it belongs to that turn. At the final call, declaring
 * and passing answer the call: the seat's own pass and whose turn it is.
 */
export function moveContext(s: BuraState, seat: number, type: BuraAction['type']): string {
  const game = `${s.gameNumber}:${s.phase}`
  if (s.phase === 'finalCall' && type !== 'play') return `call:${game}:${s.passed[seat] ? 1 : 0}:${s.callTurn ?? '-'}`
  if (type === 'declare' && !s.options.declareOnTurnOnly) return `declare:${game}`
  let taken = 0
  for (const t of s.tricks) taken += t
  return `${type === 'play' ? 'play' : 'turn'}:${game}:${taken}:${s.trick?.plays.length ?? 0}`
}
