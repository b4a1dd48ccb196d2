import { describe, expect, it } from 'vitest'
import { Lru } from '../../src/lib/lru.js'

describe('Lru', () => {
  it('keeps the newest entries, the least recently used going first; a read makes an entry the newest', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect(lru.peek('b')).toBeUndefined()
    expect([lru.peek('a'), lru.peek('c')]).toEqual([1, 3])
    // A peek leaves the order alone: a stays the oldest.
    lru.set('d', 4)
    expect([lru.peek('a'), lru.peek('c'), lru.peek('d')]).toEqual([undefined, 3, 4])
  })

  it('forgets one entry', () => {
    const lru = new Lru<string, number>(3)
    lru.set('a', 1)
    lru.set('b', 2)
    lru.delete('a')
    expect(lru.get('a')).toBeUndefined()
    expect(lru.get('b')).toBe(2)
  })
})
