import type { Clock } from '../clock.js'

/** When the reminder for a turn goes out: a quarter of the turn before the deadline, at most an hour. */
export function reminderTime(deadline: number, turnMs: number): number {
  return deadline - Math.min(Math.floor(turnMs / 4), 60 * 60 * 1000)
}

export interface TurnAlarm {
  /** When the turn's time runs out. */
  readonly deadline: number
  /** The full turn length, from which the reminder time is worked out. */
  readonly turnMs: number
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
    const remindAt = reminderTime(alarm.deadline, alarm.turnMs)
    // After a restart a reminder whose time has passed is skipped rather than sent late and twice.
    if (remindAt > this.clock.now()) {
      cancel.push(this.clock.schedule(remindAt, () => this.handlers.reminder(tableId, alarm.deadline)))
    }
    const fire = () => {
      this.armed.delete(tableId)
      this.handlers.deadline(tableId, alarm.deadline)
    }
    if (alarm.deadline > this.clock.now()) cancel.push(this.clock.schedule(alarm.deadline, fire))
    else {
      // Passed while the bot was down: due now, whatever the clock's own idea of "soon" is.
      let cancelled = false
      queueMicrotask(() => cancelled || fire())
      cancel.push(() => (cancelled = true))
    }
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
