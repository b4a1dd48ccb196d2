import type { GameId } from '../../../src/games/registry.js'
import { engineFor } from '../../../src/games/registry.js'
import { Rng, seedRng } from '../../../src/core/rng.js'
import type { RenderTable } from '../../../src/render/types.js'
import { tableFor } from '../support.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

const ENDING = new Set(['declare', 'fold', 'pass'])

/**
 * Fixed states for the image tests and the bench: a game set up from a seed, then `moves`
 * legal actions chosen by a seeded random walk (the same every run), at every seat in turn.
 */
export function fixedTable(
  game: GameId,
  players: number,
  seed: number,
  moves: number,
  tableOptions: Record<string, unknown> = {},
): RenderTable {
  const engine = engineFor(game)!
  const options = engine.optionsSchema.parse(tableOptions) as never
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
  return tableFor(engine, state, players, 1, { options })
}

/** Whose hand a fixed state's hand picture shows: seat 1's, or the seat to act (its legal cards lit). */
export type HandSeat = 'seat1' | 'toAct'

/** The states the golden images draw: early, mid-trick and late, from 2 to 8 seats, per game. */
export const FIXED_STATES: readonly {
  readonly name: string
  readonly hand: HandSeat
  readonly table: () => RenderTable
}[] = [
  { name: 'bura-2p-start', hand: 'seat1', table: () => fixedTable('bura', 2, 7, 0) },
  { name: 'bura-4p-trick', hand: 'seat1', table: () => fixedTable('bura', 4, 11, 6) },
  { name: 'bura-3p-turn', hand: 'toAct', table: () => fixedTable('bura', 3, 2, 4) },
  { name: 'bura-6p-trick', hand: 'toAct', table: () => fixedTable('bura', 6, 3, 5) },
  { name: 'badugi-3p-draw', hand: 'seat1', table: () => fixedTable('badugi', 3, 5, 4) },
  { name: 'badugi-6p-start', hand: 'seat1', table: () => fixedTable('badugi', 6, 9, 0) },
  { name: 'badugi-8p-bets', hand: 'toAct', table: () => fixedTable('badugi', 8, 3, 3) },
  { name: 'badugi-3p-showdown', hand: 'seat1', table: () => fixedTable('badugi', 3, 1, 60) },
  { name: 'bugami-4p-trick', hand: 'seat1', table: () => fixedTable('bugami', 4, 3, 6) },
  { name: 'bugami-3p-bidding', hand: 'toAct', table: () => fixedTable('bugami', 3, 5, 1) },
  { name: 'bugami-5p-last-trick', hand: 'seat1', table: () => fixedTable('bugami', 5, 3, 10) },
  // Two jokers: one in the trick, one in the hand of the seat to act (not playable there).
  { name: 'bugami-7p-jokers', hand: 'toAct', table: () => fixedTable('bugami', 7, 179, 12, { jokers: 2 }) },
]

/** The seat whose hand picture a fixed state shows. */
export function handSeatOf(table: RenderTable, hand: HandSeat): number {
  if (hand === 'seat1') return 0
  const seat = engineFor(table.game)!.waitingFor(table.state)[0]
  if (seat === undefined) throw new Error(`nobody is to act at ${table.game}`)
  return seat
}
