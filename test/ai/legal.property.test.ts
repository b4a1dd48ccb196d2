import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runArena, type Policy } from '../../src/arena/arena.js'
import { gameModule } from '../../src/games/registry.js'

/**
 * Every AI move is legal: whole games where every seat is an AI (mostly easy, the cheap level
 * that still builds a determinisation for every move; some normal), over each game's variants.
 * runArena reports any AI move the engine refuses.
 */
const easy: Policy = { kind: 'ai', level: 'easy' }
const normal: Policy = { kind: 'ai', level: 'normal' }

function seats(players: number, withNormal: boolean): Policy[] {
  return Array.from({ length: players }, (_, i) => (withNormal && i === 0 ? normal : easy))
}

function expectLegal(game: string, players: number, games: number, seed: number, options: object, withNormal: boolean) {
  const report = runArena({
    game: gameModule(game)!,
    policies: seats(players, withNormal),
    games,
    seed,
    options: { ...options },
  })
  expect(report.illegal).toEqual([])
  expect(report.decisions).toBeGreaterThan(0)
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
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), options, fc.nat(1e6), fc.boolean(), (players, o, seed, withNormal) =>
        expectLegal('bura', players, withNormal ? 4 : 40, seed, o, withNormal),
      ),
      { numRuns: 30, seed: 17 },
    )
  }, 240_000)

  it('Bugami, 3-7 players, jokers and Shotgun Wedding', () => {
    const options = fc.record({
      target: fc.constant(1),
      jokers: fc.constantFrom(0, 1, 2),
      shotgunWedding: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 7 }), options, fc.nat(1e6), fc.boolean(), (players, o, seed, withNormal) =>
        expectLegal('bugami', players, withNormal ? 1 : 30, seed, o, withNormal),
      ),
      { numRuns: 30, seed: 17 },
    )
  }, 240_000)

  it('Badugi, 2-8 players, fixed, pot and no limit', () => {
    const options = fc.record({ limit: fc.constantFrom('fixed', 'pot', 'no') })
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), options, fc.nat(1e6), fc.boolean(), (players, o, seed, withNormal) =>
        expectLegal('badugi', players, withNormal ? 10 : 60, seed, o, withNormal),
      ),
      { numRuns: 30, seed: 17 },
    )
  }, 240_000)
})
