import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { PeriodicJob } from '../lib/periodic-job.js'
import type { TableService } from '../tables/index.js'

/** How often the ratings of members who stopped playing are brought down (docs/ratings.md). */
export const RATING_DECAY_EVERY_MS = 60 * 60 * 1000

/**
 * The inactivity sweep: every hour (and once at start-up, for the time the bot was down) the
 * ratings whose shown figure dropped through a whole idle day are updated, so that boards and
 * ranks read current figures from their index. Idempotent: processes sharing a database may
 * all run it (store/ratings.ts guards each row).
 */
export class RatingDecay {
  private readonly job: PeriodicJob

  constructor(private readonly deps: { clock: Clock; log: Logger; tables: Pick<TableService, 'decayRatings'> }) {
    this.job = new PeriodicJob({
      clock: deps.clock,
      log: deps.log,
      failed: 'rating decay sweep failed',
      everyMs: RATING_DECAY_EVERY_MS,
      run: async () => {
        const n = await this.deps.tables.decayRatings()
        if (n > 0) this.deps.log.info({ ratings: n }, 'ratings decayed through inactivity')
      },
    })
  }

  start(): void {
    this.job.start('now')
  }

  /** Stops the sweep; resolves once a sweep in progress has finished. */
  async stop(): Promise<void> {
    this.job.stop()
    await this.job.idle()
  }
}
