import { doubling } from '../lib/backoff.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { PeriodicJob } from '../lib/periodic-job.js'
import type { TableService, TableSnapshot, TableUpdate } from '../tables/index.js'
import { TurnTimers } from './timers.js'

/** How often the overdue deadlines are looked up in the database (DEADLINE_SWEEP_MS). */
export const DEFAULT_DEADLINE_SWEEP_MS = 30_000
/** The most overdue tables one sweep takes on; the rest wait for the next one. */
const SWEEP_BATCH = 200
/** A timer that fired before its deadline (Node timers may, clocks slew) fires again this much after it. */
const EARLY_SLACK_MS = 5
/** The first retry of a failed expiry; each further one waits twice as long, at most a sweep interval. */
const FIRST_RETRY_MS = 1_000

export interface TurnSchedulerDeps {
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Whether this process's shard(s) own a guild: only those guilds' tables are armed here. */
  readonly owns: (guildId: string) => boolean
  /** Shows what a deadline did (automatic moves, next player's ping). */
  readonly show: (update: TableUpdate) => Promise<void>
  /** The reminder for `deadline`: pings those the table still waits for, once, if it still waits. */
  readonly remind: (tableId: string, deadline: number) => Promise<void>
  /** The interval of the overdue-deadline sweep (default DEFAULT_DEADLINE_SWEEP_MS). */
  readonly sweepMs?: number
}

/**
 * Turn deadlines on the injected clock. The deadline itself lives in the database (the table's
 * `deadlineAt`); this keeps one timer pair per table in step with it, and re-arms every table
 * from the database after a restart. A timer is only the fast path: a periodic sweep plays every
 * deadline that has passed (a timer lost, fired early, or whose handler failed), a timer that
 * fired early is re-armed, and a failed expiry is retried with backoff. The database's deadline
 * claim makes sure one deadline is played once, whoever gets there (timer, retry, sweep, shard).
 */
export class TurnScheduler {
  private readonly timers: TurnTimers
  private readonly running = new Set<Promise<void>>()
  /** Tables whose deadline is being played right now (a second trigger meanwhile is dropped). */
  private readonly playing = new Set<string>()
  /**
   * A deadline that fell due while its table's last one was still being played: played as soon as
   * that is done, rather than a sweep later.
   */
  private readonly fellDue = new Map<string, number>()
  /** Pending retries of failed expiries: the deadline, how many attempts failed, the cancel. */
  private readonly retries = new Map<string, { deadline: number; failed: number; cancel: () => void }>()
  private readonly sweepMs: number
  private readonly sweepJob: PeriodicJob
  private stopped = false

  constructor(private readonly deps: TurnSchedulerDeps) {
    this.sweepMs = deps.sweepMs ?? DEFAULT_DEADLINE_SWEEP_MS
    this.sweepJob = new PeriodicJob({
      clock: deps.clock,
      log: deps.log,
      failed: 'deadline sweep failed',
      everyMs: this.sweepMs,
      run: () => this.sweep(),
    })
    this.timers = new TurnTimers(deps.clock, {
      reminder: (tableId, deadline) => this.keep(this.onReminder(tableId, deadline)),
      deadline: (tableId, deadline) => this.fire(tableId, deadline),
    })
  }

  /** Resolves when no reminder, deadline or sweep is being handled (before closing the database). */
  async idle(): Promise<void> {
    for (;;) {
      await this.sweepJob.idle()
      if (this.running.size === 0) return
      await Promise.all([...this.running])
    }
  }

  private keep(work: Promise<void>): void {
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }

  /** Keeps the timers of one table in step with its deadline (none when nothing waits). */
  track(table: Pick<TableSnapshot, 'id' | 'status' | 'deadlineAt' | 'remindedFor' | 'turnMs'>): void {
    if (this.stopped) return
    const waiting = table.status === 'playing' && table.deadlineAt !== null
    const retry = this.retries.get(table.id)
    if (retry && (!waiting || retry.deadline !== table.deadlineAt)) {
      retry.cancel()
      this.retries.delete(table.id)
    }
    this.timers.arm(
      table.id,
      waiting
        ? { deadline: table.deadlineAt, turnMs: table.turnMs, reminded: table.remindedFor === table.deadlineAt }
        : null,
    )
  }

  /**
   * After a (re)start: the deadline of every open table of this shard's guilds, from the database;
   * passed ones fire at once; each table as read is also handed to `also`. Returns how many tables that is.
   */
  rearmAll(active: readonly TableSnapshot[], also: (table: TableSnapshot) => void = () => {}): number {
    const owned = active.filter((t) => this.deps.owns(t.guildId))
    for (const table of owned) {
      this.track(table)
      also(table)
    }
    return owned.length
  }

  /** Starts the periodic sweep of overdue deadlines (every `sweepMs` from now). */
  startSweep(): void {
    this.sweepJob.start('later')
  }

  stop(): void {
    this.stopped = true
    this.timers.stop()
    this.sweepJob.stop()
    for (const r of this.retries.values()) r.cancel()
    this.retries.clear()
    this.fellDue.clear()
  }

  /** Plays every overdue deadline of this shard's tables that nothing is playing already. */
  private async sweep(): Promise<void> {
    if (this.stopped) return
    for (const table of await this.deps.tables.overdue(SWEEP_BATCH)) {
      if (!this.deps.owns(table.guildId) || table.deadlineAt === null || this.playing.has(table.id)) continue
      this.deps.log.warn({ tableId: table.id, deadline: table.deadlineAt }, 'deadline sweep: overdue table')
      this.fire(table.id, table.deadlineAt)
    }
  }

  private fire(tableId: string, deadline: number): void {
    if (this.stopped) return
    if (this.playing.has(tableId)) {
      this.fellDue.set(tableId, deadline)
      return
    }
    this.playing.add(tableId)
    this.keep(
      this.onDeadline(tableId, deadline).finally(() => {
        this.playing.delete(tableId)
        const next = this.fellDue.get(tableId)
        this.fellDue.delete(tableId)
        // The same deadline again is refused as moved (the claim), so this never plays one twice.
        if (next !== undefined) this.fire(tableId, next)
      }),
    )
  }

  private async onReminder(tableId: string, deadline: number): Promise<void> {
    try {
      await this.deps.remind(tableId, deadline)
    } catch (error) {
      this.deps.log.error({ err: error, tableId }, 'turn reminder failed')
    }
  }

  private async onDeadline(tableId: string, deadline: number): Promise<void> {
    if (this.stopped) return
    try {
      const result = await this.deps.tables.expire(tableId, deadline)
      this.retries.delete(tableId)
      if (!result.ok) {
        if (result.error.code === 'not-due') {
          // The timer fired early: once more, just after the deadline.
          this.retryAt(tableId, deadline, Math.max(deadline, this.deps.clock.now()) + EARLY_SLACK_MS, 0)
          return
        }
        this.deps.log.info({ tableId, code: result.error.code }, 'deadline passed with nothing to do')
        // Someone acted meanwhile: follow the table's new deadline (never the same one again).
        const table = await this.deps.tables.get(tableId)
        if (table && table.deadlineAt !== deadline) this.track(table)
        return
      }
      this.deps.log.info({ tableId, version: result.value.table.version }, 'deadline: automatic moves played')
      // Shown beside the next deadline, not before it: while Discord fails, showing may take
      // minutes, and the table's next deadline (a break of a minute or two) must not wait for it.
      this.keep(
        this.deps
          .show(result.value)
          .catch((error: unknown) => this.deps.log.error({ err: error, tableId }, 'showing a deadline failed')),
      )
    } catch (error) {
      const failed = (this.retries.get(tableId)?.failed ?? 0) + 1
      const wait = doubling(FIRST_RETRY_MS, failed, this.sweepMs)
      this.deps.log.error({ err: error, tableId, failed, retryInMs: wait }, 'deadline handling failed')
      this.retryAt(tableId, deadline, this.deps.clock.now() + wait, failed)
    }
  }

  /** Plays `deadline` again at `at` (replacing an earlier retry of the table). */
  private retryAt(tableId: string, deadline: number, at: number, failed: number): void {
    if (this.stopped) return
    this.retries.get(tableId)?.cancel()
    const cancel = this.deps.clock.schedule(at, () => {
      const retry = this.retries.get(tableId)
      if (retry?.cancel !== cancel) return
      this.fire(tableId, deadline)
    })
    this.retries.set(tableId, { deadline, failed, cancel })
  }
}
