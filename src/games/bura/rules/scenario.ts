import type { LoggedMove } from '../../../core/engine.js'
import type { BuraAction, BuraState } from './types.js'

/**
 * How a Bura deal goes into a scenario file for one viewer (`/table log`). A play that went face
 * down shows the table no cards and not whether its player chose to hide cards that would have
 * beaten (`faceDown`): another seat's face-down play is written as laid face down by choice, which
 * the rules allow whatever the cards, so the file says nothing of that choice.
 */
export function writtenMoves(moves: readonly LoggedMove<BuraState, BuraAction>[], viewer: number | null): BuraAction[] {
  return moves.map(({ seat, action, before, after }) =>
    action.type === 'play' && seat !== viewer && after.faceDownBy[seat]!.length > before.faceDownBy[seat]!.length
      ? { type: 'play', cards: action.cards, faceDown: true }
      : action,
  )
}
