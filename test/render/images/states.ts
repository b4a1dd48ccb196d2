import type { GameId } from '../../../src/games/registry.js'
import { engineFor } from '../../../src/games/registry.js'
import { Rng, seedRng } from '../../../src/games/core/rng.js'
import type { RenderTable } from '../../../src/render/types.js'
import { tableFor } from '../support.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

const ENDING = new Set(['declare', 'fold', 'pass'])

/**
 * Fixed states for the image tests and the bench: a game set up from a seed, then `moves`
 * legal actions chosen by a seeded random walk (the same every run), at every seat in turn.
 */
export function fixedTable(game: GameId, players: number, seed: number, moves: number): RenderTable {
  const engine = engineFor(game)!
  const options = engine.optionsSchema.parse({}) as never
  const stacks = engine.usesChips ? Array.from({ length: players }, () => 200) : undefined
  const set = engine.setup({ players, dealer: 0, options, seed, ...(stacks ? { stacks } : {}) })
  if (!set.ok) throw new Error(refusalText(set.error, ENGLISH))
  let state = set.value.state
  const rng = new Rng(seedRng(seed))
  for (let i = 0; i < moves && engine.progress(state) === 'acting'; i++) {
    const seat = engine.waitingFor(state)[0]!
    // Moves that end the game at once (declaring, folding, passing) are skipped while others exist.
    const all = engine.legalActions(state, seat) as { type: string }[]
    const calm = all.filter((a) => !ENDING.has(a.type))
    const legal = calm.length ? calm : all
    const next = engine.apply(state, seat, legal[rng.int(legal.length)]!)
    if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
    state = next.value.state
  }
  return tableFor(engine, state, players, 1)
}

/** The states the golden images and the bench draw: early, mid-trick and late, per game. */
export const FIXED_STATES: readonly { readonly name: string; readonly table: () => RenderTable }[] = [
  { name: 'bura-2p-start', table: () => fixedTable('bura', 2, 7, 0) },
  { name: 'bura-4p-trick', table: () => fixedTable('bura', 4, 11, 6) },
  { name: 'badugi-3p-draw', table: () => fixedTable('badugi', 3, 5, 4) },
  { name: 'badugi-6p-start', table: () => fixedTable('badugi', 6, 9, 0) },
  { name: 'bugami-4p-trick', table: () => fixedTable('bugami', 4, 3, 6) },
]
