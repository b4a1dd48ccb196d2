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
