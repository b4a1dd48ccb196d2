import { gameModules, isGame } from '../registry.js'

/** The `game` choices of /rules and /leaderboard: every registered game. */
export function gameChoices(): { name: string; value: string }[] {
  return gameModules().map((m) => ({ name: m.engine.title, value: m.engine.id }))
}

export { isGame }
