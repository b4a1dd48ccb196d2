import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'

/** How often the upkeep pass runs (pruning rows and memory the bot no longer needs). */
export const DEFAULT_UPKEEP_MS = 60 * 60 * 1000

export interface UpkeepDeps {
  readonly clock: Clock
  readonly log: Logger
  /** One pass: what it removed, by kind. */
  readonly run: () => Promise<Record<string, number>>
  readonly everyMs?: number
}

/**
 * A periodic pass on the injected clock that keeps the bot's database and memory from growing
 * with every game ever played (docs/database.md, "Retention"). A failed pass is logged and the
 * next one tries again; a pass still running when the next falls due is left to finish.
 */
export class Upkeep {
  private cancel: (() => void) | null = null
  private running: Promise<unknown> | null = null
  private stopped = false

  constructor(private readonly deps: UpkeepDeps) {}

  start(): void {
    if (this.stopped || this.cancel) return
    this.cancel = this.deps.clock.schedule(this.deps.clock.now() + (this.deps.everyMs ?? DEFAULT_UPKEEP_MS), () => {
      this.cancel = null
      this.start()
      if (!this.running) void this.runOnce()
    })
  }

  /** One pass now (tests, and the timer). */
  async runOnce(): Promise<Record<string, number>> {
    const pass = this.deps.run()
    this.running = pass
    try {
      const removed = await pass
      this.deps.log.info(removed, 'upkeep: pruned')
      return removed
    } catch (error) {
      this.deps.log.error({ err: error }, 'upkeep failed')
      return {}
    } finally {
      this.running = null
    }
  }

  async idle(): Promise<void> {
    await this.running
  }

  stop(): void {
    this.stopped = true
    this.cancel?.()
    this.cancel = null
  }
}
