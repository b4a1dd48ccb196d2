/**
 * The simulator's random source: a small seeded generator (SplitMix32), so that one seed gives
 * one run. Every choice the simulator makes goes through one of these.
 */
export class Rng {
  private s: number

  constructor(seed: number) {
    this.s = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x9e3779b9) >>> 0
    let z = this.s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing')
    return items[this.int(items.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /** One of `weighted`'s keys, each as likely as its weight. */
  weighted<K extends string>(weighted: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weighted) as [K, number][]
    const total = entries.reduce((a, [, w]) => a + w, 0)
    let r = this.next() * total
    for (const [k, w] of entries) if ((r -= w) < 0) return k
    return entries.at(-1)![0]
  }
}

/** A stable 32-bit hash of strings and numbers (FNV-1a), for choices that must not depend on order. */
export function hash(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5
  for (const c of parts.join('\u0000')) {
    h ^= c.charCodeAt(0)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}
