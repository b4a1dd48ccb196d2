import type { GameId } from '../../games/core/engine.js'
import type { PrivateContext, PrivateParts, PublicParts, RenderContext } from '../types.js'
import * as badugi from './badugi.js'
import * as bugami from './bugami.js'
import * as bura from './bura.js'

/** Each game's renderer, by game id; the engine's view, actions and events go in typed by the game. */
export interface GameRenderer {
  publicParts(view: unknown, ctx: RenderContext): PublicParts
  privateParts(view: unknown, legal: readonly unknown[], ctx: PrivateContext): PrivateParts
  eventLines(events: readonly unknown[], ctx: RenderContext): string[]
}

/** For games whose events each make one line (or none). */
function oneEach(eventLine: (event: never, ctx: RenderContext) => string | null): GameRenderer['eventLines'] {
  return (events, ctx) => {
    const out: string[] = []
    for (const e of events) {
      const line = eventLine(e as never, ctx)
      if (line) out.push(line)
    }
    return out
  }
}

export const RENDERERS: Partial<Record<GameId, GameRenderer>> = {
  badugi: { ...(badugi as unknown as GameRenderer), eventLines: oneEach(badugi.eventLine) },
  bugami: { ...(bugami as unknown as GameRenderer), eventLines: oneEach(bugami.eventLine) },
  bura: bura as unknown as GameRenderer,
}
