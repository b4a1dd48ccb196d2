import type { AnyEngine } from './engine.js'

/**
 * The games' engines by id, as the layers below the registry are given them (the replay tool, the
 * table service): src/games/registry.ts has the bot's list, these layers never import it.
 */
export interface EngineLookup {
  engine(game: string): AnyEngine | undefined
  /** Every game's id, built-in ones first. */
  ids(): readonly string[]
}
