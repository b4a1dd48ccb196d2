import type { AnyEngine } from '../../core/engine.js'

/**
 * Who a view was drawn for, carried in its type. Only the two functions below mint these, so the
 * table image (which takes a `SpectatorView`) can never be handed a seat's view with a hand in
 * it, and a hand image (which takes an `OwnSeatView`) can never be handed another seat's view
 * by accident: a plain engine view fits neither.
 */
declare const drawnFor: unique symbol

/** The engine's view for nobody in particular: what the whole channel may see. */
export type SpectatorView<V> = V & { readonly [drawnFor]: 'spectator' }

/** The engine's view for the seat whose player will receive the image, and nobody else. */
export type OwnSeatView<V> = V & { readonly [drawnFor]: 'own seat' }

export function spectatorView(engine: AnyEngine, state: unknown): SpectatorView<unknown> {
  return engine.view(state, null) as SpectatorView<unknown>
}

export function ownSeatView(engine: AnyEngine, state: unknown, seat: number): OwnSeatView<unknown> {
  return engine.view(state, seat) as OwnSeatView<unknown>
}
