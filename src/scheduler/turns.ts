import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import type { TableService, TableSnapshot, TableUpdate } from '../tables/index.js'
import { TurnTimers } from './timers.js'

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
}

/**
 * Turn deadlines on the injected clock. The deadline itself lives in the database (the table's
 * `deadlineAt`); this only keeps one timer pair per table in step with it, and re-arms every table
 * from the database after a restart.
 */
export class TurnScheduler {
  private readonly timers: TurnTimers
  private readonly running = new Set<Promise<void>>()
  private stopped = false

  constructor(private readonly deps: TurnSchedulerDeps) {
    this.timers = new TurnTimers(deps.clock, {
      reminder: (tableId, deadline) => this.keep(this.onReminder(tableId, deadline)),
      deadline: (tableId, deadline) => this.keep(this.onDeadline(tableId, deadline)),
    })
  }

  /** Resolves when no reminder or deadline is being handled (before closing the database). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }

  private keep(work: Promise<void>): void {
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }

  /** Keeps the timers of one table in step with its deadline (none when nothing waits). */
  track(table: Pick<TableSnapshot, 'id' | 'status' | 'deadlineAt' | 'remindedFor' | 'turnMs'>): void {
    if (this.stopped) return
    const waiting = table.status === 'playing' && table.deadlineAt !== null
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

  stop(): void {
    this.stopped = true
    this.timers.stop()
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
      if (!result.ok) {
        this.deps.log.info({ tableId, code: result.error.code }, 'deadline passed with nothing to do')
        // Someone acted meanwhile: follow the table's new deadline (never the same one again).
        const table = await this.deps.tables.get(tableId)
        if (table && table.deadlineAt !== deadline) this.track(table)
        return
      }
      this.deps.log.info({ tableId, version: result.value.table.version }, 'deadline: automatic moves played')
      await this.deps.show(result.value)
    } catch (error) {
      this.deps.log.error({ err: error, tableId }, 'deadline handling failed')
    }
  }
}
