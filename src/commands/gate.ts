/**
 * At most `size` jobs at once; the others wait their turn in arrival order. `onWait` runs for a job
 * that has to wait, before it waits (an interaction acknowledges then, inside Discord's 3 s).
 */
export class Gate {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>, onWait: () => unknown): Promise<T> {
    if (this.active >= this.size) {
      onWait()
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.active++
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
