import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { PeriodicJob } from '../lib/periodic-job.js'
import type { TableService, TableUpdate } from '../tables/index.js'

/** A lobby that has not started this long after it opened closes (LOBBY_EXPIRY_HOURS; docs/closing.md). */
export const DEFAULT_LOBBY_EXPIRY_MS = 24 * 3_600_000
/** The sweep runs at least this often, whatever the timers did (a missed timer costs at most this). */
export const LOBBY_SWEEP_MS = 15 * 60_000
/** ... and never more often than this, whatever the oldest lobby says. */
const MIN_GAP_MS = 60_000
/** A sweep that failed (the database dropped mid-closing) tries again this soon: the lobby is due now. */
const RETRY_MS = 5_000
/** Lobbies read per sweep; more wait for the next one, a minute later. */
const BATCH = 200

export interface LobbyExpiryDeps {
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Whether this process's shards serve a guild: only those guilds' lobbies are closed here. */
  readonly owns: (guildId: string) => boolean
  /** Shows the closed lobby (its message says why and what came back). */
  readonly show: (update: TableUpdate) => Promise<void>
  readonly expiryMs: number
}

/**
 * Closes lobbies that did not start in time, every buy-in back (`expireLobby`). One sweep reads the
 * database for every lobby past its time, so nothing depends on a timer that fired (or a process
 * that was up) when it fell due; the next sweep is set for the oldest lobby's expiry, or
 * LOBBY_SWEEP_MS at the latest, or RETRY_MS after a sweep that failed. Two shards sweeping one
 * database close a lobby once: the change is versioned, and a lobby already closed is refused.
 */
export class LobbyExpiry {
  private readonly job: PeriodicJob

  constructor(private readonly deps: LobbyExpiryDeps) {
    this.job = new PeriodicJob({
      clock: deps.clock,
      log: deps.log,
      failed: 'lobby expiry sweep failed; trying again',
      everyMs: LOBBY_SWEEP_MS,
      retryMs: RETRY_MS,
      run: () => this.sweep(),
    })
  }

  /** Sweeps now, then keeps sweeping. */
  start(): void {
    this.job.start('now')
  }

  /** Resolves when no sweep is running. */
  idle(): Promise<void> {
    return this.job.idle()
  }

  stop(): void {
    this.job.stop()
  }

  /** One sweep: closes the lobbies past their time; returns when the next one should run. */
  private async sweep(): Promise<number | void> {
    const { clock, tables, log } = this.deps
    const started = clock.now()
    const cutoff = started - this.deps.expiryMs
    const due = await tables.expiredLobbies(cutoff, BATCH)
    for (const lobby of due) {
      if (this.job.stopped) return
      if (!this.deps.owns(lobby.guildId)) continue
      const closed = await tables.expireLobby(lobby.id, cutoff)
      if (!closed.ok) continue
      log.info({ tableId: lobby.id }, 'lobby expired')
      await this.deps.show(closed.value)
    }
    const oldest = await tables.oldestLobby()
    let next = started + LOBBY_SWEEP_MS
    if (due.length === BATCH) next = clock.now()
    // The first moment the oldest lobby is past its time (a lobby exactly that old is not yet).
    else if (oldest !== null) next = Math.min(next, oldest + this.deps.expiryMs + 1)
    // A moment already passed (more lobbies than a batch, a lobby of another shard, or a timer that
    // fired early) waits the minimum gap; one still ahead is kept to the millisecond.
    return next > clock.now() ? next : clock.now() + MIN_GAP_MS
  }
}
