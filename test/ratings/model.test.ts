import { describe, expect, it } from 'vitest'
import { placesByScore } from '../../src/core/placings.js'
import {
  afterIdle,
  DAY_MS,
  rateResult,
  shown,
  standing,
  START,
  type StoredSkill,
} from '../../src/store/rating-model.js'
import { replay } from '../../src/store/ratings.js'

const fresh = (place: number) => ({ prior: null, place })

describe('rating updates (OpenSkill, Plackett-Luce)', () => {
  // The published examples: openskill.js's own tests of `rate` with its default options
  // (src/__tests__/rate.test.ts at 5.0.1), through this project's entry point.
  const at = (mu: number, sigma: number): StoredSkill => ({ mu, sigma, results: 1, lastAt: 0 })

  it('reproduces the published example with ratings of every kind, ranked in order', () => {
    const priors = [at(29.182, 4.782), at(27.174, 4.922), at(16.672, 6.217), null]
    expect(
      rateResult(
        priors.map((prior, i) => ({ prior, place: i + 1 })),
        0,
      ),
    ).toEqual([
      { mu: 30.210227447000438, sigma: 4.765617924939384 },
      { mu: 27.644725221915632, sigma: 4.883479590134575 },
      { mu: 17.4036218889969, sigma: 6.101259408259549 },
      { mu: 19.21460876538932, sigma: 7.854669920480409 },
    ])
  })

  it('reproduces the published example of four new players ranked 2, 1, 4, 3', () => {
    expect(rateResult([fresh(2), fresh(1), fresh(4), fresh(3)], 0)).toEqual([
      { mu: 26.55291815138952, sigma: 8.17961798837266 },
      { mu: 27.795252672501135, sigma: 8.263571791259416 },
      { mu: 20.962412806387245, sigma: 8.084127880168786 },
      { mu: 24.689416369722096, sigma: 8.084127880168786 },
    ])
  })

  it('reproduces the published ties: one winner and two tied behind', () => {
    const priors = [at(10, 8), at(5, 10), at(0, 12)]
    expect(
      rateResult(
        priors.map((prior, i) => ({ prior, place: [1, 2, 2][i]! })),
        0,
      ),
    ).toEqual([
      { mu: 11.942996666741225, sigma: 7.926888197620324 },
      { mu: 2.9381178546315034, sigma: 9.653804487570165 },
      { mu: -1.4024317012198733, sigma: 11.323641575516767 },
    ])
  })

  it('reproduces the published ties out of order (places 2, 4, 2, 1)', () => {
    const priors = [15, 20, 25, 30].map((mu) => at(mu, 25 / 3))
    expect(
      rateResult(
        priors.map((prior, i) => ({ prior, place: [2, 4, 2, 1][i]! })),
        0,
      ),
    ).toEqual([
      { mu: 15.340043358359136, sigma: 8.213141619804967 },
      { mu: 18.007678675484204, sigma: 8.189033933813437 },
      { mu: 24.25801928251219, sigma: 8.166918055585525 },
      { mu: 32.39425868364447, sigma: 8.247687230833794 },
    ])
  })

  it('reproduces the published four-way tie of new players: μ stays, σ shrinks alike', () => {
    expect(rateResult([fresh(1), fresh(1), fresh(1), fresh(1)], 0)).toEqual(
      new Array(4).fill({ mu: 25, sigma: 8.263571791259416 }),
    )
  })

  it('gives the places of equal scores alike (a Bugami match: 37, 19, 37, 42 points)', () => {
    expect(placesByScore([37, 19, 37, 42])).toEqual([2, 4, 2, 1])
    const out = rateResult(
      placesByScore([37, 19, 37, 42]).map((p) => fresh(p!)),
      0,
    )
    expect(out[0]).toEqual(out[2])
    expect(out[3]!.mu).toBeGreaterThan(out[0]!.mu)
    expect(out[0]!.mu).toBeGreaterThan(out[1]!.mu)
  })

  it('ranks a winner above the tied losers of a Bura game, and the losers equal', () => {
    const out = rateResult([fresh(2), fresh(1), fresh(2)], 0)
    expect(out[1]!.mu).toBeGreaterThan(out[0]!.mu)
    expect(out[0]!.mu).toBe(out[2]!.mu)
    expect(out[0]!.sigma).toBe(out[2]!.sigma)
  })

  it('orders many players by their places and keeps every estimate finite', () => {
    for (const n of [2, 3, 5, 7, 8]) {
      const out = rateResult(
        Array.from({ length: n }, (_, i) => fresh(i + 1)),
        0,
      )
      for (let i = 1; i < n; i++) expect(out[i - 1]!.mu).toBeGreaterThan(out[i]!.mu)
      for (const s of out) {
        expect(Number.isFinite(s.mu) && Number.isFinite(s.sigma)).toBe(true)
        expect(s.sigma).toBeLessThan(START.sigma + 0.1)
      }
    }
  })

  it('moves a favourite less for an expected win than an outsider for an upset', () => {
    const strong: StoredSkill = { mu: 35, sigma: 3, results: 20, lastAt: 0 }
    const weak: StoredSkill = { mu: 20, sigma: 3, results: 20, lastAt: 0 }
    const [expected] = rateResult(
      [
        { prior: strong, place: 1 },
        { prior: weak, place: 2 },
      ],
      0,
    )
    const [, upset] = rateResult(
      [
        { prior: strong, place: 2 },
        { prior: weak, place: 1 },
      ],
      0,
    )
    expect(expected!.mu - strong.mu).toBeLessThan(upset!.mu - weak.mu)
  })
})

describe('inactivity (τ over time)', () => {
  const top: StoredSkill = { mu: 40, sigma: 2, results: 50, lastAt: 0 }

  it('widens σ with each whole idle day, up to the starting σ', () => {
    expect(afterIdle(top, 0)).toEqual(top)
    expect(afterIdle(top, 30).sigma).toBeCloseTo(Math.sqrt(4 + 0.25 * 30), 10)
    expect(afterIdle(top, 30).mu).toBe(40)
    expect(afterIdle(top, 10_000).sigma).toBe(START.sigma)
  })

  it('lowers the shown rating day by day, then stops dropping', () => {
    const scores = [0, 1, 7, 30, 90].map((d) => standing(top, d * DAY_MS + 1).score)
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1]!)
    expect(standing(top, 5 * DAY_MS).decayAt).toBe(6 * DAY_MS)
    expect(standing(top, 10_000 * DAY_MS).decayAt).toBeNull()
    expect(standing(top, 10_000 * DAY_MS).score).toBe(shown({ mu: 40, sigma: START.sigma }))
  })

  it('lets an active player pass a top player who stopped playing', () => {
    const active: StoredSkill = { mu: 36, sigma: 2, results: 50, lastAt: 100 * DAY_MS }
    expect(standing(top, 0).score).toBeGreaterThan(standing(active, 0).score)
    expect(standing(top, 100 * DAY_MS).score).toBeLessThan(standing(active, 100 * DAY_MS).score)
  })

  it('applies the idle days before the next result', () => {
    const other: StoredSkill = { mu: 30, sigma: 4, results: 5, lastAt: 0 }
    const soon = rateResult(
      [
        { prior: top, place: 1 },
        { prior: other, place: 2 },
      ],
      DAY_MS / 2,
    )
    const late = rateResult(
      [
        { prior: top, place: 1 },
        { prior: other, place: 2 },
      ],
      60 * DAY_MS,
    )
    expect(late[0]!.mu - top.mu).toBeGreaterThan(soon[0]!.mu - top.mu)
  })
})

describe('replay', () => {
  it('gives the same figures for the same results, whatever happened around them', () => {
    const results = [
      {
        id: 1,
        guildId: 'g',
        game: 'bura',
        at: 0,
        placings: [
          { userId: 'a', place: 1 },
          { userId: 'b', place: 2 },
        ],
      },
      {
        id: 2,
        guildId: 'g',
        game: 'bura',
        at: 3 * DAY_MS,
        placings: [
          { userId: 'b', place: 1 },
          { userId: 'a', place: 2 },
        ],
      },
      {
        id: 3,
        guildId: 'h',
        game: 'bura',
        at: 4 * DAY_MS,
        placings: [
          { userId: 'a', place: 1 },
          { userId: 'c', place: 2 },
        ],
      },
    ]
    const once = replay(results)
    expect(replay(results)).toEqual(once)
    expect([...once.values()].map((r) => [r.guildId, r.userId, r.results])).toEqual([
      ['g', 'a', 2],
      ['g', 'b', 2],
      ['h', 'a', 1],
      ['h', 'c', 1],
    ])
  })
})
