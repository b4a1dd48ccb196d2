import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'

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
  private cancel: (() => void) | null = null
  private running: Promise<void> = Promise.resolve()
  private stopped = false

  constructor(private readonly deps: OutboxSweepDeps) {}

  start(): void {
    this.arm()
  }

  /** Resolves when no sweep is running. */
  idle(): Promise<void> {
    return this.running
  }

  stop(): void {
    this.stopped = true
    this.cancel?.()
  }

  private arm(): void {
    if (this.stopped) return
    const every = this.deps.everyMs ?? OUTBOX_SWEEP_MS
    this.cancel = this.deps.clock.schedule(this.deps.clock.now() + every, () => {
      this.running = this.sweep().finally(() => this.arm())
    })
  }

  private async sweep(): Promise<void> {
    try {
      // Only effects pending a while: newer ones are on their way.
      for (const id of await this.deps.stale(this.deps.clock.now() - OUTBOX_STALE_MS)) {
        if (this.stopped) return
        await this.deps.deliver(id)
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'outbox sweep failed')
    }
  }
}
