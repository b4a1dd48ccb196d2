import type { DecideOptions } from './budget.js'
import type { SeatHistory } from './history.js'

export { AI_LEVELS, type AiLevel, type DecideOptions } from './budget.js'
export type { HistoryEntry, SeatHistory } from './history.js'

/**
 * A game's AI: its move for the seat whose history it is given (history.ts), or null when the
 * seat has nothing to do. It sees only that history, never a state. Deterministic for the same
 * history, level and seed unless `opts.deadline` cuts it short. A game module names its own
 * (`ai` in src/render/games/module.ts); the registry's `aiFor` finds it by game id.
 */
export type Decide<O, V, E, A> = (history: SeatHistory<O, V, E, A>, opts: DecideOptions) => A | null

// The generic layers (arena, tables, scheduler) see histories and AIs with their types erased.
export type AnySeatHistory = SeatHistory<unknown, unknown, unknown, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDecide = Decide<any, any, any, any>
