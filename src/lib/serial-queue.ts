/**
 * Runs async jobs one at a time per key (a table id), in arrival order. Discord work for one table
 * (editing its message, pinging, timed-out turns) must not interleave, or an older render could
 * land after a newer one.
 */
export class SerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve()
    const result = before.then(job, job)
    const tail = result.catch(() => undefined)
    this.tails.set(key, tail)
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return result
  }

  /** Whether a job for `key` is running or waiting. */
  busy(key: string): boolean {
    return this.tails.has(key)
  }

  /** Resolves when every queued job has finished (for a clean stop). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()])
  }
}
