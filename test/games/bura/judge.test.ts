import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { judgeFeatures, standing, winChance, type Standing } from '../../../src/games/bura/judge.js'

const aStanding: fc.Arbitrary<Standing> = fc.record({
  need: fc.integer({ min: 0, max: 31 }),
  trumps: fc.integer({ min: 0, max: 3 }),
  trumpPoints: fc.integer({ min: 0, max: 33 }),
  plainPoints: fc.integer({ min: 0, max: 33 }),
})

describe("Bura's judgement of a position", () => {
  test('reads points missing, trumps and their points, and plain points from a hand', () => {
    // Trump ♦: A♦ (11) and 10♦ (10) are trumps; K♠ (4) is plain.
    expect(standing(20, ['AD', 'TD', 'KS'], 'D')).toEqual({ need: 11, trumps: 2, trumpPoints: 21, plainPoints: 4 })
    expect(standing(40, [], 'D')).toMatchObject({ need: 0 })
  })

  test("the two seats' chances add up to one", () => {
    fc.assert(
      fc.property(aStanding, aStanding, fc.boolean(), (a, b, lead) => {
        const mine = winChance(judgeFeatures(a, b, lead))
        const theirs = winChance(judgeFeatures(b, a, !lead))
        expect(mine + theirs).toBeCloseTo(1, 9)
      }),
    )
  })

  test('fewer points missing, all else equal, never lowers the chance', () => {
    fc.assert(
      fc.property(aStanding, aStanding, fc.boolean(), (a, b, lead) => {
        fc.pre(a.need > 0)
        const closer = { ...a, need: a.need - 1 }
        expect(winChance(judgeFeatures(closer, b, lead))).toBeGreaterThanOrEqual(winChance(judgeFeatures(a, b, lead)))
      }),
    )
  })
})
