/** At most `size` jobs at once; the others wait their turn in arrival order. */
export class Gate {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await job()
    } finally {
      const next = this.waiting.shift()
      // The slot passes straight to the next job in line.
      if (next) next()
      else this.active--
    }
  }
}

/**
 * At most `size` jobs at once, and at most `perKey` of one key's (a member's): a key's jobs past
 * that wait behind each other, and free places go round the keys that wait, in turn. One member's
 * fifty clicks hold one place at a time; another member's move takes the next free one, never
 * waiting behind them.
 */
export class FairGate {
  private active = 0
  private readonly running = new Map<string, number>()
  // Keys in the order they get the next free place (a key served goes to the back).
  private readonly waiting = new Map<string, (() => void)[]>()

  constructor(
    private readonly size: number,
    private readonly perKey = 1,
  ) {}

  /** Whether a job of `key` started now would wait its turn. */
  wouldWait(key: string): boolean {
    return !(this.active < this.size && !this.waiting.has(key) && this.mayRun(key))
  }

  /** The keys waiting for a place: a key that joins them gets one after about this many others. */
  get waitingKeys(): number {
    return this.waiting.size
  }

  async run<T>(key: string, job: () => Promise<T>): Promise<T> {
    if (!this.wouldWait(key)) this.enter(key)
    else
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key)
        if (queue) queue.push(resolve)
        else this.waiting.set(key, [resolve])
      })
    try {
      return await job()
    } finally {
      this.leave(key)
    }
  }

  private mayRun(key: string): boolean {
    return (this.running.get(key) ?? 0) < this.perKey
  }

  private enter(key: string): void {
    this.active++
    this.running.set(key, (this.running.get(key) ?? 0) + 1)
  }

  private leave(key: string): void {
    this.active--
    const left = (this.running.get(key) ?? 1) - 1
    if (left > 0) this.running.set(key, left)
    else this.running.delete(key)
    this.next()
  }

  /** Hands free places to the waiting keys in turn, each up to its own limit. */
  private next(): void {
    while (this.active < this.size) {
      let key: string | undefined
      for (const k of this.waiting.keys())
        if (this.mayRun(k)) {
          key = k
          break
        }
      if (key === undefined) return
      const queue = this.waiting.get(key)!
      const resolve = queue.shift()!
      this.waiting.delete(key)
      if (queue.length) this.waiting.set(key, queue)
      this.enter(key)
      resolve()
    }
  }
}
