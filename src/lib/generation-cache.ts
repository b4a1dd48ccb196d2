/**
 * A cache of at most `size` entries that keeps what is used: two generations, the young one
 * filling up to half the size while the old one is kept beside it; a hit in the old one moves the
 * entry into the young one, and when the young one is full it becomes the old one (the old one's
 * entries not used meanwhile go). Close to a least-recently-used map for entries used often, at a
 * lookup or two per read where an exact one costs three map operations and a rehash now and then.
 */
export class GenerationCache<K, V> {
  private young = new Map<K, V>()
  private old = new Map<K, V>()
  private readonly half: number

  constructor(size: number) {
    this.half = Math.max(1, Math.floor(size / 2))
  }

  get(key: K): V | undefined {
    const value = this.young.get(key)
    if (value !== undefined) return value
    const kept = this.old.get(key)
    if (kept !== undefined) this.set(key, kept)
    return kept
  }

  set(key: K, value: V): void {
    this.young.set(key, value)
    if (this.young.size < this.half) return
    this.old = this.young
    this.young = new Map()
  }

  clear(): void {
    this.young.clear()
    this.old.clear()
  }
}
