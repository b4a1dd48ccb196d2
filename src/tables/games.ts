import type { AnyDecide } from '../ai/index.js'
import type { AnyEngine } from '../core/engine.js'
import type { EngineLookup } from '../core/engine-lookup.js'
import { refundPot } from '../core/chips.js'

/**
 * The games the table service hosts, handed to it by the bot (src/games/registry.ts `gameLookup`:
 * the registry sits above this layer): each game's engine and, if it has one, its AI player (a
 * game without one refuses "Add AI").
 */
export interface TableGames extends EngineLookup {
  ai(game: string): AnyDecide | undefined
}

/**
 * The table layer's reading of a game through the engine's typed facts (GameEngine `table`,
 * `playedIn`, `potShares`, `nextDealer`), with the fallbacks a stored table may need.
 */

/** Engine options filled from the server's default stakes when the creator named none of them. */
export function stakeOptions(
  engine: AnyEngine,
  stakes: number,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const names: readonly string[] = engine.table.stakeOptions
  return names.some((k) => k in given) ? {} : (engine.table.stakes(stakes) as Record<string, unknown>)
}

/** Chips in the pot now and what each position paid into it (they add up; even shares when the game cannot say). */
export function potShares(engine: AnyEngine, state: unknown, pot: number, players: number): number[] {
  const shares: readonly number[] = engine.potShares(state)
  return shares.length === players && shares.reduce((a, b) => a + b, 0) === pot
    ? shares.slice()
    : refundPot(pot, new Array<number>(players).fill(0))
}

export { refundPot }
