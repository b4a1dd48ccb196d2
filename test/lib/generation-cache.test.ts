import { describe, expect, it } from 'vitest'
import { GenerationCache } from '../../src/lib/generation-cache.js'

describe('GenerationCache', () => {
  it('keeps at most its size, and an entry read in each generation for good', () => {
    const cache = new GenerationCache<number, string>(4)
    cache.set(0, 'kept')
    for (let i = 1; i <= 100; i++) {
      expect(cache.get(0)).toBe('kept')
      cache.set(i, String(i))
    }
    // Of the others only the last generations' are left: at most the size in all.
    const left = Array.from({ length: 100 }, (_, i) => cache.get(i + 1)).filter((v) => v !== undefined)
    expect(left.length).toBeLessThanOrEqual(3)
    expect(left).toContain('100')
  })

  it('lets an entry nobody reads go after two generations; clear forgets everything', () => {
    const cache = new GenerationCache<string, number>(4)
    cache.set('a', 1)
    cache.set('b', 2) // the young generation is full: it becomes the old one
    expect(cache.get('a')).toBe(1) // read from the old one: young again
    cache.set('c', 3)
    cache.set('d', 4)
    cache.set('e', 5)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('e')).toBe(5)
    cache.clear()
    expect(cache.get('e')).toBeUndefined()
  })
})
