import { gameModules, isGame } from '../games/registry.js'
import { sameInAll } from './localized.js'

/** The `game` choices of /rules and /leaderboard: every registered game. */
export function gameChoices() {
  return gameModules().map((m) => sameInAll(m.engine.title, m.engine.id))
}

export { isGame }
