import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { refundPot } from '../../src/core/chips.js'

describe('refundPot (a closing table returns its pot in proportion to what each paid in)', () => {
  it('splits in proportion', () => {
    expect(refundPot(100, [30, 20, 0])).toEqual([60, 40, 0])
    expect(refundPot(10, [5, 5])).toEqual([5, 5])
    expect(refundPot(0, [3, 4])).toEqual([0, 0])
  })

  it('gives the odd chips by largest remainder, ties to the earliest seat', () => {
    expect(refundPot(10, [1, 2])).toEqual([3, 7]) // 3.33 and 6.67
    expect(refundPot(10, [1, 1, 1])).toEqual([4, 3, 3])
    expect(refundPot(5, [1, 1])).toEqual([3, 2])
    expect(refundPot(7, [0, 1, 1, 1])).toEqual([0, 3, 2, 2])
  })

  it('splits evenly when nobody is on record as having paid', () => {
    expect(refundPot(5, [0, 0])).toEqual([3, 2])
  })

  it('refuses nonsense', () => {
    expect(() => refundPot(-1, [1])).toThrow(RangeError)
    expect(() => refundPot(1.5, [1])).toThrow(RangeError)
    expect(() => refundPot(3, [])).toThrow(RangeError)
  })

  it('never creates or loses a chip, and nobody gets less than the floor of their share', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(10_000), { minLength: 1, maxLength: 6 }), (pot, shares) => {
        const refund = refundPot(pot, shares)
        expect(refund.reduce((a, b) => a + b, 0)).toBe(pot)
        const total = shares.reduce((a, b) => a + b, 0)
        refund.forEach((r, i) => {
          const exact = total > 0 ? (pot * shares[i]!) / total : pot / shares.length
          expect(r).toBeGreaterThanOrEqual(Math.floor(exact))
          expect(r).toBeLessThanOrEqual(Math.ceil(exact))
        })
      }),
      { numRuns: 500 },
    )
  })
})
