/**
 * The seeded random number generator every engine uses, so the same seed deals the same
 * cards on every machine and Node version.
 *
 * Algorithm: SFC32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit), state of
 * four uint32 words. Seeding: the integer seed's low and high 32 bits go through SplitMix32
 * to fill a, b and c; d (the counter) starts at 1; then 12 outputs are discarded.
 * Integers in [0, n) use rejection sampling, so they are exactly uniform; shuffles are
 * Fisher-Yates from the last position down.
 *
 * The state is a plain array of four numbers so that game states stay JSON.
 */
export type RngState = readonly [number, number, number, number]

function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0
  let z = x
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
  return (z ^ (z >>> 15)) >>> 0
}

export function seedRng(seed: number): RngState {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`)
  const lo = seed >>> 0
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0
  const a = splitmix32(lo)
  const b = splitmix32(hi ^ a)
  const c = splitmix32(a ^ b ^ 0x5bd1e995)
  const rng = new Rng([a, b, c, 1])
  for (let i = 0; i < 12; i++) rng.nextUint32()
  return rng.state()
}

/** A mutable cursor over an RngState: create it, draw, then keep `state()` in the game state. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(state: RngState) {
    ;[this.a, this.b, this.c, this.d] = state
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /**
   * A uniform integer in [0, n), 1 <= n <= 2^32: x mod n for the first x that is below
   * 2^32 - (2^32 mod n), the largest multiple of n that fits.
   * That test is made as "the n values from x - r up fit below 2^32", which needs only x's own
   * remainder r. The remainder comes from a division, exact here: `%` on numbers this size is a
   * floating-point modulo, a slow library call (two per draw were ~7% of the Bugami bench).
   */
  int(n: number): number {
    if (!(n >= 1 && n <= 0x1_0000_0000 && Number.isInteger(n))) throw new RangeError(`bad range ${n}`)
    for (;;) {
      const x = this.nextUint32()
      const r = x - Math.floor(x / n) * n
      if (x - r <= 0x1_0000_0000 - n) return r
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list')
    return items[this.int(items.length)]!
  }

  /** One of `choices`, each as likely as its weight (whole numbers, at least one above 0). */
  weighted<T>(choices: readonly (readonly [weight: number, item: T])[]): T {
    let total = 0
    for (const [w] of choices) total += w
    let x = this.int(total)
    for (const [w, item] of choices) {
      if (x < w) return item
      x -= w
    }
    throw new RangeError('weighted pick with no positive weight')
  }

  /** Shuffles a copy of `items` (Fisher-Yates, last position first). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const t = out[i]!
      out[i] = out[j]!
      out[j] = t
    }
    return out
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0]
  }
}

/** Deterministic small integer from a state plus salt, without advancing it (for advice such as auto-moves). */
export function peekInt(state: RngState, salt: number, n: number): number {
  const rng = new Rng([state[0] ^ splitmix32(salt), state[1], state[2], state[3]])
  return rng.int(n)
}
