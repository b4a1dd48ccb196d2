import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { PeriodicJob } from '../lib/periodic-job.js'

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
  private readonly job: PeriodicJob
  /** A pass asked for by hand (`runOnce`), for `idle`. */
  private asked: Promise<unknown> | null = null

  constructor(private readonly deps: UpkeepDeps) {
    this.job = new PeriodicJob({
      clock: deps.clock,
      log: deps.log,
      failed: 'upkeep failed',
      everyMs: deps.everyMs ?? DEFAULT_UPKEEP_MS,
      run: async () => {
        await this.pass()
      },
    })
  }

  start(): void {
    this.job.start('later')
  }

  /** One pass now (tests, and the operator): what it removed; a failed pass is logged and removes nothing. */
  async runOnce(): Promise<Record<string, number>> {
    const pass = this.pass().catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'upkeep failed')
      return {}
    })
    this.asked = pass
    try {
      return await pass
    } finally {
      if (this.asked === pass) this.asked = null
    }
  }

  private async pass(): Promise<Record<string, number>> {
    const removed = await this.deps.run()
    this.deps.log.info(removed, 'upkeep: pruned')
    return removed
  }

  async idle(): Promise<void> {
    await this.asked
    await this.job.idle()
  }

  stop(): void {
    this.job.stop()
  }
}
