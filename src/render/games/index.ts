import type { GameId } from '../../games/core/engine.js'
import type { PrivateParts, PublicParts, RenderContext } from '../types.js'
import * as badugi from './badugi.js'
import * as bugami from './bugami.js'
import * as bura from './bura.js'

/** Each game's renderer, by game id; the engine's view, actions and events go in typed by the game. */
export interface GameRenderer {
  publicParts(view: unknown, ctx: RenderContext): PublicParts
  privateParts(view: unknown, legal: readonly unknown[], ctx: RenderContext): PrivateParts
  eventLine(event: unknown, ctx: RenderContext): string | null
}

export const RENDERERS: Partial<Record<GameId, GameRenderer>> = {
  badugi: badugi as unknown as GameRenderer,
  bugami: bugami as unknown as GameRenderer,
  bura: bura as unknown as GameRenderer,
}
