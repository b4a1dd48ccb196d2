import { placesByScore, type Placings } from '../../../core/placings.js'
import { gamesMatchWinner } from './game-end.js'
import { PENALTY_LIMIT } from './options.js'
import type { BuraState } from './types.js'
import { gameWinners } from './view.js'

/**
 * How a finished Bura game ranks its seats for the skill ratings (docs/ratings.md). For chips:
 * every game, the pot's winner first and the others tied (a game nobody wins is not rated). For
 * games won or penalty points: the match once decided, by games won or by fewest penalty points.
 */
export function buraPlacings(s: BuraState): Placings | null {
  if (s.phase !== 'over') return null
  if (s.options.scoring === 'games')
    return gamesMatchWinner(s.games, s.options.gamesTarget) === null ? null : placesByScore(s.games)
  if (s.options.scoring === 'points')
    return s.penalties.some((p) => p >= PENALTY_LIMIT) ? placesByScore(s.penalties.map((p) => -p)) : null
  const winners = gameWinners(s)
  if (!winners.length) return null
  return s.inGame.map((inGame, seat) => (!inGame ? null : winners.includes(seat) ? 1 : 2))
}
