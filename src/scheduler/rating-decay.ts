import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
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
  private cancel: (() => void) | null = null
  private running: Promise<void> = Promise.resolve()

  constructor(private readonly deps: { clock: Clock; log: Logger; tables: Pick<TableService, 'decayRatings'> }) {}

  start(): void {
    this.tick()
  }

  private tick(): void {
    this.running = this.deps.tables
      .decayRatings()
      .then((n) => {
        if (n > 0) this.deps.log.info({ ratings: n }, 'ratings decayed through inactivity')
      })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'rating decay sweep failed'))
    this.cancel = this.deps.clock.schedule(this.deps.clock.now() + RATING_DECAY_EVERY_MS, () => this.tick())
  }

  /** Stops the sweep; resolves once a sweep in progress has finished. */
  async stop(): Promise<void> {
    this.cancel?.()
    this.cancel = null
    await this.running
  }
}
