import { badugiEngine } from './badugi/rules/engine.js'
import { bugamiEngine } from './bugami/rules/engine.js'
import { buraEngine } from './bura/rules/engine.js'
import type { AnyEngine } from './core/engine.js'

/**
 * The engines the bot hosts, by id: the list of games. `GameId` comes from here; the bot's game
 * modules (src/registry.ts) are keyed by it, so the compiler asks for a module for every engine.
 */
const BUILT_IN = {
  bugami: bugamiEngine,
  bura: buraEngine,
  badugi: badugiEngine,
}

export type GameId = keyof typeof BUILT_IN

// The generic tools (replay, simulate, the table layer) see engines with their types erased.
export const ENGINES: Readonly<Record<GameId, AnyEngine>> = BUILT_IN

// Games added at run time (a test's toy game) sit beside the built-in ones.
const added = new Map<string, AnyEngine>()

/** Adds an engine under its id (tests register toy games this way); refuses to replace one. */
export function registerEngine(engine: AnyEngine): void {
  if (engineFor(engine.id)) throw new Error(`a game called ${engine.id} is already registered`)
  added.set(engine.id, engine)
}

export function engineFor(game: string): AnyEngine | undefined {
  return Object.prototype.hasOwnProperty.call(ENGINES, game) ? ENGINES[game as GameId] : added.get(game)
}

/** Every registered game id, built-in ones first. */
export function engineIds(): string[] {
  return [...Object.keys(ENGINES), ...added.keys()]
}
