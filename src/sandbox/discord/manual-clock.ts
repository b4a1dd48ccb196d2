import type { Clock } from '../../lib/clock.js'

/** A clock that only moves when a test says so; due callbacks run in time order. */
export class ManualClock implements Clock {
  private current: number
  private timers: { at: number; seq: number; fn: () => void }[] = []
  private seq = 0

  constructor(start = Date.UTC(2026, 0, 1, 12)) {
    this.current = start
  }

  now(): number {
    return this.current
  }

  schedule(at: number, fn: () => void): () => void {
    const timer = { at, seq: this.seq++, fn }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((t) => t !== timer)
    }
  }

  /** Moves time forward by `ms`, running every callback that falls due, then lets async work settle. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
      if (!due) break
      this.timers = this.timers.filter((t) => t !== due)
      this.current = Math.max(this.current, due.at)
      due.fn()
      await new Promise((resolve) => setImmediate(resolve))
    }
    this.current = end
    await new Promise((resolve) => setImmediate(resolve))
  }

  /**
   * When the earliest waiting callback is due (it may be at or before now: armed after the clock passed its
   * time); null when none waits.
   */
  nextAt(): number | null {
    return this.timers.reduce<number | null>((at, t) => (at === null || t.at < at ? t.at : at), null)
  }

  /** How many callbacks are waiting. */
  pending(): number {
    return this.timers.length
  }

  /** Moves with real time from now on (the sandbox; tests move the clock by hand). Returns a stop function. */
  followRealTime(tickMs = 250): () => void {
    let last = Date.now()
    const timer = setInterval(() => {
      const now = Date.now()
      void this.advance(now - last)
      last = now
    }, tickMs)
    timer.unref()
    return () => clearInterval(timer)
  }
}
