import type { AnyEngine } from './engine.js'

/**
 * The token a control carries instead of the table version: a short hash of the move's context
 * (`GameEngine.moveContext`) and of which game at the table it belongs to (`gamesPlayed` so far:
 * a fresh deal may restart an engine's own counters). Render draws it into the custom_id; the
 * table service recomputes it for the state at click time and refuses the move as stale when
 * the two differ. Lower-case base 36, so it can never read like a card code (`7D`, `X1`).
 */
export function moveToken(engine: AnyEngine, state: unknown, gamesPlayed: number, seat: number, type: string): string {
  return tokenOf(`${gamesPlayed}|${engine.moveContext(state, seat, type)}`)
}

/** A context as a token (the same hash and alphabet as a move's). */
export function tokenOf(context: string): string {
  return hash53(context).toString(36)
}

/** The shape of a token (what the custom_id codec accepts). */
export const MOVE_TOKEN = /^[0-9a-z]{1,11}$/

/** cyrb53: a fast 53-bit string hash; a stale control matching a fresh one by chance is ~2^-53. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}
