import { engineFor } from '../games/registry.js'
import { readCustomId, type CustomId } from '../render/custom-id.js'

/**
 * Reads the custom_id of one of the bot's controls (src/render/custom-id.ts), a rules page's game
 * among the registered games; null for anything foreign or malformed (never throws).
 */
export function parseCustomId(raw: unknown): CustomId | null {
  return readCustomId(raw, (game) => engineFor(game) !== undefined)
}
