import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runArena, type Policy } from '../../src/arena/arena.js'
import { gameModule } from '../../src/games/registry.js'

/**
 * Every AI and expert move is legal: whole games where every seat is an AI or the expert, over
 * each game's variants. Seat 0 plays the level under test; the others alternate the cheap ones
 * (easy and the expert), so those two play thousands of games per game and the searching levels
 * (normal, strong) tens, sized for CI. runArena reports any move the engine refuses.
 */
type Tested = 'easy' | 'normal' | 'strong' | 'expert'
const TESTED: readonly Tested[] = ['easy', 'normal', 'strong', 'expert']
const policy = (t: Tested): Policy => (t === 'expert' ? { kind: 'expert' } : { kind: 'ai', level: t })

function seats(players: number, tested: Tested): Policy[] {
  return Array.from({ length: players }, (_, i) => (i === 0 ? policy(tested) : policy(i % 2 ? 'expert' : 'easy')))
}

/** Games per run: many for the cheap levels, few for the searching ones. */
function games(tested: Tested, cheap: number, normal: number, strong: number): number {
  return tested === 'normal' ? normal : tested === 'strong' ? strong : cheap
}

/**
 * Decisions made by the seats under test in a property's runs: a single game may end at its deal (a
 * Bura combination) with no decision, but a whole property's runs must have made some.
 */
let decided = 0

function expectLegal(game: string, players: number, count: number, seed: number, options: object, tested: Tested) {
  const report = runArena({
    game: gameModule(game)!,
    policies: seats(players, tested),
    games: count,
    seed,
    options: { ...options },
  })
  expect(report.illegal).toEqual([])
  decided += report.decisions
}

describe('every AI move is legal', () => {
  it('Bura, 2-6 players, every option', () => {
    const options = fc.record({
      showCounts: fc.boolean(),
      declareOnTurnOnly: fc.boolean(),
      threeAcesWin: fc.boolean(),
      moscow: fc.boolean(),
      littleMoscow: fc.boolean(),
      redealOnCombination: fc.boolean(),
      deck32: fc.boolean(),
      faceDown: fc.boolean(),
      scoring: fc.constantFrom('chips', 'points'),
    })
    decided = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        options,
        fc.nat(1e6),
        fc.constantFrom(...TESTED),
        (players, o, seed, t) => expectLegal('bura', players, games(t, 60, 4, 2), seed, o, t),
      ),
      { numRuns: 60, seed: 17 },
    )
    expect(decided).toBeGreaterThan(0)
  }, 240_000)

  it('Bugami, 3-7 players, jokers and Shotgun Wedding', () => {
    const options = fc.record({
      target: fc.constant(1),
      jokers: fc.constantFrom(0, 1, 2),
      shotgunWedding: fc.boolean(),
    })
    decided = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 7 }),
        options,
        fc.nat(1e6),
        fc.constantFrom(...TESTED),
        (players, o, seed, t) => expectLegal('bugami', players, games(t, 40, 1, 1), seed, o, t),
      ),
      { numRuns: 40, seed: 17 },
    )
    expect(decided).toBeGreaterThan(0)
  }, 240_000)

  it('Badugi, 2-8 players, fixed, pot and no limit', () => {
    const options = fc.record({ limit: fc.constantFrom('fixed', 'pot', 'no') })
    decided = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        options,
        fc.nat(1e6),
        fc.constantFrom(...TESTED),
        (players, o, seed, t) => expectLegal('badugi', players, games(t, 150, 20, 10), seed, o, t),
      ),
      { numRuns: 60, seed: 17 },
    )
    expect(decided).toBeGreaterThan(0)
  }, 240_000)
})
