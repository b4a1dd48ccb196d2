import { describe, expect, it } from 'vitest'
import { WeightedLru } from '../../src/lib/lru.js'

describe('WeightedLru', () => {
  it('keeps the newest entries whose weights fit, the least recently used going first', () => {
    const lru = new WeightedLru<string, number>(10)
    lru.set('a', 1, 4)
    lru.set('b', 2, 4)
    expect(lru.get('a')).toBe(1) // a is now the newest
    lru.set('c', 3, 4)
    expect(lru.peek('b')).toBeUndefined()
    expect([lru.peek('a'), lru.peek('c')]).toEqual([1, 3])
    expect(lru.weight).toBe(8)
  })

  it('weighs an entry later, trimming the oldest when it outgrows the bound; an entry heavier than all goes too', () => {
    const lru = new WeightedLru<string, string>(10)
    lru.set('a', 'x')
    lru.set('b', 'y')
    expect(lru.weight).toBe(0)
    lru.weigh('a', 6)
    lru.weigh('b', 6)
    expect(lru.peek('a')).toBeUndefined()
    expect(lru.peek('b')).toBe('y')
    lru.weigh('b', 11)
    expect(lru.size).toBe(0)
    expect(lru.weight).toBe(0)
    lru.weigh('gone', 3)
    expect(lru.weight).toBe(0)
  })

  it('delete and set again keep the total right', () => {
    const lru = new WeightedLru<string, number>(100)
    lru.set('a', 1, 30)
    lru.set('a', 2, 20)
    expect(lru.weight).toBe(20)
    lru.delete('a')
    expect(lru.weight).toBe(0)
    expect(lru.size).toBe(0)
  })
})
