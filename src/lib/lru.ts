/** A small least-recently-used map: the newest `size` entries stay, the oldest go first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>()

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key)
    if (value === undefined) return undefined
    this.map.delete(key)
    this.map.set(key, value)
    return value
  }

  /** The value without making it the newest. */
  peek(key: K): V | undefined {
    return this.map.get(key)
  }

  delete(key: K): void {
    this.map.delete(key)
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as K)
  }
}

/**
 * A least-recently-used map bounded by the sum of its entries' weights (bytes, say): the oldest
 * entries go until the newest fit. An entry's weight may be given later (`weigh`), once known.
 */
export class WeightedLru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>()
  private total = 0

  constructor(private readonly maxWeight: number) {}

  get size(): number {
    return this.map.size
  }

  /** The sum of the weights held. */
  get weight(): number {
    return this.total
  }

  get(key: K): V | undefined {
    const entry = this.map.get(key)
    if (entry === undefined) return undefined
    this.map.delete(key)
    this.map.set(key, entry)
    return entry.value
  }

  peek(key: K): V | undefined {
    return this.map.get(key)?.value
  }

  delete(key: K): void {
    const entry = this.map.get(key)
    if (!entry) return
    this.total -= entry.weight
    this.map.delete(key)
  }

  set(key: K, value: V, weight = 0): void {
    this.delete(key)
    this.map.set(key, { value, weight })
    this.total += weight
    this.trim()
  }

  /** Gives an entry its weight (when it became known), keeping its place. */
  weigh(key: K, weight: number): void {
    const entry = this.map.get(key)
    if (!entry) return
    this.total += weight - entry.weight
    entry.weight = weight
    this.trim()
  }

  private trim(): void {
    for (const [key, entry] of this.map) {
      if (this.total <= this.maxWeight) return
      this.map.delete(key)
      this.total -= entry.weight
    }
  }
}
