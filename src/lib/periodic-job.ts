import type { Clock } from './clock.js'
import type { Logger } from './log.js'

export interface PeriodicJobOptions {
  readonly clock: Clock
  readonly log: Logger
  /** The log line of a failed run (logged with the error). */
  readonly failed: string
  /** The time from one run's start to the next (ms on the clock). */
  readonly everyMs: number
  /** After a failed run, the next one comes this long after it started instead (default `everyMs`). */
  readonly retryMs?: number
  /**
   * One run. It may return when the next run should start (ms since the epoch) instead of the
   * usual interval: a sweep that knows when its next work falls due.
   */
  readonly run: () => Promise<number | void>
}

/**
 * Work done again and again on the injected clock: the sweeps behind the bot's timers (deadlines,
 * lobbies, the outbox) and its upkeep. A run that fails is logged and the next one tries again;
 * the next run is armed as a run starts, so the job keeps its pace whatever one run takes, and a
 * run still going when the next falls due is left to finish (that turn is skipped): two runs of one
 * job never overlap. `stop` ends it; `idle` waits for a run in progress.
 */
export class PeriodicJob {
  private cancel: (() => void) | null = null
  private running: Promise<void> | null = null
  #stopped = false

  constructor(private readonly opts: PeriodicJobOptions) {}

  /** Starts the job: the first run now, or one interval from now. A job started already is left as it is. */
  start(first: 'now' | 'later'): void {
    if (this.#stopped || this.cancel || this.running) return
    const { clock, everyMs } = this.opts
    if (first === 'now') this.fire()
    else this.arm(clock.now() + everyMs)
  }

  /** True once `stop` was called: a run in progress checks it to end early. */
  get stopped(): boolean {
    return this.#stopped
  }

  /** Resolves when no run is in progress. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve()
  }

  /** No run starts any more (one in progress finishes: `idle` waits for it). */
  stop(): void {
    this.#stopped = true
    this.cancel?.()
    this.cancel = null
  }

  private arm(at: number): void {
    if (this.#stopped) return
    this.cancel?.()
    this.cancel = this.opts.clock.schedule(at, () => {
      this.cancel = null
      this.fire()
    })
  }

  private fire(): void {
    const { clock, log, everyMs, retryMs } = this.opts
    const started = clock.now()
    this.arm(started + everyMs)
    if (this.running) return
    // A run that throws before its first await fails like one that rejects.
    const run = new Promise<number | void>((resolve) => resolve(this.opts.run())).then(
      (next) => {
        if (typeof next === 'number') this.arm(next)
      },
      (error: unknown) => {
        log.error({ err: error }, this.opts.failed)
        if (retryMs !== undefined) this.arm(started + retryMs)
      },
    )
    this.running = run.finally(() => (this.running = null))
  }
}
