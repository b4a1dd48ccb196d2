import { describe, expect, test } from 'vitest'
import { prizeSplit } from '../../src/games/badugi/rules/index.js'
import { payByPlace, payInProportion } from '../../src/tables/prizes.js'

describe('a prize pool paid by finishing place', () => {
  test('one prize per place, in order', () => {
    const placings = [
      { userId: 'b', place: 2 },
      { userId: 'a', place: 1 },
      { userId: 'c', place: 3 },
    ]
    expect(payByPlace(prizeSplit(700, 7), placings)).toEqual([
      { userId: 'a', amount: 455, place: 1 },
      { userId: 'b', amount: 245, place: 2 },
    ])
    expect(payByPlace(prizeSplit(300, 3), placings)).toEqual([{ userId: 'a', amount: 300, place: 1 }])
  })

  test('players tied at a place share the prizes of the places they cover, the odd chip to the first', () => {
    const placings = [
      { userId: 'a', place: 1 },
      { userId: 'b', place: 2 },
      { userId: 'c', place: 2 },
      { userId: 'd', place: 4 },
    ]
    // 6 entrants, pool 601: 391 + 210; b and c share 210 + 0.
    expect(payByPlace(prizeSplit(601, 6), placings)).toEqual([
      { userId: 'a', amount: 391, place: 1 },
      { userId: 'b', amount: 105, place: 2 },
      { userId: 'c', amount: 105, place: 2 },
    ])
    expect(
      payByPlace(
        [101],
        [
          { userId: 'x', place: 1 },
          { userId: 'y', place: 1 },
        ],
      ),
    ).toEqual([
      { userId: 'x', amount: 51, place: 1 },
      { userId: 'y', amount: 50, place: 1 },
    ])
  })

  test('every split of every pool adds up to the pool', () => {
    for (let entrants = 2; entrants <= 8; entrants++)
      for (const pool of [0, 1, 7, 99, 600, 1_000_003])
        for (const scheme of ['standard', 'winner-takes-all'] as const) {
          // Pairs tied (competition ranking, as the finishing order gives): places 1, 1, 3, 3, 5, ...
          const placings = Array.from({ length: entrants }, (_, i) => ({
            userId: `u${i}`,
            place: 1 + 2 * Math.floor(i / 2),
          }))
          const paid = payByPlace(prizeSplit(pool, entrants, scheme), placings)
          expect(paid.reduce((a, p) => a + p.amount, 0)).toBe(pool)
        }
  })
})

describe('a prize pool shared in proportion', () => {
  test('by chips held, largest remainder first; nothing to share by gives nothing', () => {
    expect(
      payInProportion(100, [
        { userId: 'a', weight: 2 },
        { userId: 'b', weight: 1 },
        { userId: 'c', weight: 0 },
      ]),
    ).toEqual([
      { userId: 'a', amount: 67, place: null },
      { userId: 'b', amount: 33, place: null },
    ])
    expect(payInProportion(100, [{ userId: 'a', weight: 0 }])).toEqual([])
  })
})
