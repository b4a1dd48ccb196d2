import type { Clock } from '../lib/clock.js'

/** When the reminder for a turn goes out: a quarter of the turn before the deadline, at most an hour. */
export function reminderTime(deadline: number, turnMs: number): number {
  return deadline - Math.min(Math.floor(turnMs / 4), 60 * 60 * 1000)
}

export interface TurnAlarm {
  /** When the turn's time runs out. */
  readonly deadline: number
  /** The full turn length, from which the reminder time is worked out. */
  readonly turnMs: number
  /** The reminder for this deadline already went out (before a restart). */
  readonly reminded: boolean
}

export interface TurnTimerHandlers {
  reminder(tableId: string, deadline: number): void
  deadline(tableId: string, deadline: number): void
}

/**
 * One reminder and one deadline timer per table, on the injected clock. Timers only say "look at
 * this table now": the handlers re-read the database and ignore a deadline that has since moved,
 * so a stale timer can never act on a turn that is already over.
 */
export class TurnTimers {
  private readonly armed = new Map<string, { deadline: number; cancel: (() => void)[] }>()

  constructor(
    private readonly clock: Clock,
    private readonly handlers: TurnTimerHandlers,
  ) {}

  /** Sets the table's timers for this turn (replacing earlier ones); null clears them. */
  arm(tableId: string, alarm: TurnAlarm | null): void {
    const current = this.armed.get(tableId)
    if (current && alarm && current.deadline === alarm.deadline) return
    this.disarm(tableId)
    if (!alarm) return
    const cancel: (() => void)[] = []
    const at = (when: number, fn: () => void) => {
      if (when > this.clock.now()) {
        cancel.push(this.clock.schedule(when, fn))
        return
      }
      // Due while the bot was down: now, whatever the clock's own idea of "soon" is.
      let cancelled = false
      queueMicrotask(() => cancelled || fn())
      cancel.push(() => (cancelled = true))
    }
    // A reminder that fell due while the bot was down goes out late, once, if the turn is still on.
    if (!alarm.reminded && alarm.deadline > this.clock.now())
      at(reminderTime(alarm.deadline, alarm.turnMs), () => this.handlers.reminder(tableId, alarm.deadline))
    at(alarm.deadline, () => {
      this.armed.delete(tableId)
      this.handlers.deadline(tableId, alarm.deadline)
    })
    this.armed.set(tableId, { deadline: alarm.deadline, cancel })
  }

  disarm(tableId: string): void {
    const current = this.armed.get(tableId)
    if (!current) return
    for (const c of current.cancel) c()
    this.armed.delete(tableId)
  }

  /** The deadline armed for a table, if any. */
  deadlineOf(tableId: string): number | undefined {
    return this.armed.get(tableId)?.deadline
  }

  stop(): void {
    for (const id of [...this.armed.keys()]) this.disarm(id)
  }
}
