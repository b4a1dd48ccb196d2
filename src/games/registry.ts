import { bugamiEngine } from './bugami/index.js'
import { buraEngine } from './bura/index.js'
import { badugiEngine } from './badugi/index.js'
import type { AnyEngine, GameId } from './core/engine.js'

/** Every game the bot hosts, by id. Each engine plugs into replay, simulate, bench and the bot here. */
export const ENGINES: Partial<Record<GameId, AnyEngine>> = {
  badugi: badugiEngine,
  bugami: bugamiEngine,
  bura: buraEngine,
}

export function engineFor(game: string): AnyEngine | undefined {
  return Object.prototype.hasOwnProperty.call(ENGINES, game) ? ENGINES[game as GameId] : undefined
}
