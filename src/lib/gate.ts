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
