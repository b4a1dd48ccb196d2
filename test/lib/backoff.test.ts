import { describe, expect, it } from 'vitest'
import { doubling } from '../../src/lib/backoff.js'

describe('doubling', () => {
  it('waits firstMs after the first failure, twice as long after each further one', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => doubling(1000, attempt, 60_000))).toEqual([1000, 2000, 4000, 8000, 16_000])
  })

  it('never waits more than maxMs, however many failures', () => {
    expect([5, 6, 7, 100, 2000].map((attempt) => doubling(1000, attempt, 30_000))).toEqual([
      16_000, 30_000, 30_000, 30_000, 30_000,
    ])
  })

  it('a cap below firstMs caps the first wait too', () => {
    expect(doubling(1000, 1, 500)).toBe(500)
  })
})
