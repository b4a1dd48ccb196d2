import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { PeriodicJob } from '../lib/periodic-job.js'

/** How often the outbox is looked through for effects nobody is delivering. */
export const OUTBOX_SWEEP_MS = 30_000

/**
 * An effect pending this long is taken up by the sweep: one this process wrote is shown within a
 * second or two, or waits on its own retry timer, which the sweep's delivery leaves in place.
 */
export const OUTBOX_STALE_MS = 10_000

export interface OutboxSweepDeps {
  readonly clock: Clock
  readonly log: Logger
  /** The tables of this process's guilds with an effect pending since before `before` (ms). */
  readonly stale: (before: number) => Promise<readonly string[]>
  /** Delivers a table's pending effects (the desk's `deliverNow`). */
  readonly deliver: (tableId: string) => Promise<void>
  readonly everyMs?: number
}

/**
 * The sweep behind the outbox: a change made by this process is delivered as it commits, and
 * retried on its own timer; an effect another process wrote (`npm run tables -- close`), or one
 * whose delivery was lost, waits in the database until this finds it, one sweep later.
 */
export class OutboxSweep {
  private readonly job: PeriodicJob

  constructor(private readonly deps: OutboxSweepDeps) {
    this.job = new PeriodicJob({
      clock: deps.clock,
      log: deps.log,
      failed: 'outbox sweep failed',
      everyMs: deps.everyMs ?? OUTBOX_SWEEP_MS,
      run: () => this.sweep(),
    })
  }

  start(): void {
    this.job.start('later')
  }

  /** Resolves when no sweep is running. */
  idle(): Promise<void> {
    return this.job.idle()
  }

  stop(): void {
    this.job.stop()
  }

  private async sweep(): Promise<void> {
    // Only effects pending a while: newer ones are on their way.
    for (const id of await this.deps.stale(this.deps.clock.now() - OUTBOX_STALE_MS)) {
      if (this.job.stopped) return
      await this.deps.deliver(id)
    }
  }
}
