import { describeRuleError, ok, refuse, type Outcome } from '../core/engine.js'
import { moveToken } from '../core/move-context.js'
import { isAiSeat } from './ai-seats.js'
import { close } from './closing.js'
import { nextGame } from './dealing.js'
import { unseat } from './seating.js'
import type { ActOptions, TableSnapshot, TableUpdate } from './types.js'
import { STALE, type UnitOfWork } from './unit-of-work.js'

/**
 * A game in play: players' moves, the next game dealt on request, and deadlines (automatic moves
 * when a turn runs out, the next game dealt after the break, the turn reminder). A match table
 * whose match ends this way closes with the change (closing.ts).
 */
export class Moves {
  constructor(
    private readonly work: UnitOfWork,
    /** Seeds of new games. */
    private readonly seeds: () => number,
    /** Who this process is, in deadline claims. */
    private readonly instance: string,
  ) {}

  /**
   * One move. `expectedToken` refuses a control whose move means something else now,
   * `expectedVersion` any change since; a repeated `interactionId` is applied once.
   */
  act(tableId: string, userId: string, action: unknown, opts: ActOptions = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      if (d.status !== 'playing' || d.state === null) return refuse('not-playing')
      const seat = d.seatOf(userId)
      if (!seat || seat.position === null || seat.status !== 'seated') return refuse('not-playing-here')
      const parsed = d.engine.actionSchema.safeParse(action)
      if (!parsed.success)
        return refuse('bad-action', { game: d.engine.title, issue: parsed.error.issues[0]?.message ?? '?' })
      const move = parsed.data as { type: string }
      if (
        opts.expectedToken !== undefined &&
        moveToken(d.engine, d.state, d.gamesPlayed, seat.position, move.type) !== opts.expectedToken
      )
        return STALE
      if (d.engine.table.leaveAction && move.type === d.engine.table.leaveAction.type)
        return unseat(d, userId, opts.interactionId)
      if (d.progress() !== 'acting') return refuse('deal-next-game')
      const moved = d.move(seat.position, move, 'action', opts.interactionId)
      if (!moved.ok) return moved
      seat.missedTurns = 0
      if (seat.away) {
        seat.away = false
        d.tableEvents.push({ type: 'back', userId })
      }
      d.settle()
      return ok(undefined)
    })
  }

  /** Between Bura/Badugi games: deals the next one to whoever sits at the table. */
  nextDeal(tableId: string, opts: ActOptions & { userId?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      if (d.status !== 'playing' || d.progress() !== 'gameOver') return refuse('not-between-games')
      if (opts.userId !== undefined && d.seatOf(opts.userId)?.status !== 'seated') return refuse('deal-not-seated')
      const next = nextGame(d, this.work.clock, this.seeds)
      if (!next.ok) return next
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * The deadline `deadline` passed (the scheduler's call). Plays the automatic move of every
   * seat the game waits for (3 missed turns in a row: away), or between chip games deals the
   * next game; a table where nobody is left to play closes. Refused (`stale`) when the
   * table's deadline is no longer `deadline`.
   */
  expire(tableId: string, deadline: number): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, {}, async (d, repos) => {
      if (d.status !== 'playing' || d.rec.deadlineAt !== deadline) return refuse('deadline-moved')
      if (this.work.clock.now() < deadline) return refuse('not-due')
      if (!(await repos.tables.claimDeadline(tableId, deadline, this.instance))) return refuse('claimed')
      if (d.progress() === 'gameOver') {
        const present = d.seated().filter((s) => !s.away && !isAiSeat(s.userId))
        if (present.length === 0) {
          d.tableEvents.push({ type: 'deserted' })
          return close(d)
        }
        const next = nextGame(d, this.work.clock, this.seeds)
        if (!next.ok) return close(d)
        d.settle()
        return ok(undefined)
      }
      for (const position of d.waiting()) {
        const seat = d.atPosition(position)
        if (!seat || seat.away || seat.status === 'left') continue
        const action = d.engine.autoAction(d.state, position)
        if (action === null) continue
        // An AI seat acts on its own (its move was late: the bot was down); it is never "away".
        if (!isAiSeat(seat.userId)) seat.missedTurns++
        if (seat.missedTurns >= 3 && !seat.away) {
          seat.away = true
          d.tableEvents.push({ type: 'away', userId: seat.userId })
        }
        const moved = d.move(position, action, 'auto')
        if (!moved.ok)
          throw new Error(
            `${d.engine.id}: automatic move ${JSON.stringify(action)} refused: ${describeRuleError(moved.error)}`,
          )
        d.tableEvents.push({ type: 'autoMove', userId: seat.userId, position, action })
      }
      d.restartClock = true
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * The turn reminder for `deadline`, once: noted on the table and written to the outbox as a
   * ping that replaces the turn ping, in one transaction. Null when the table no longer waits for
   * that deadline, nobody is waited for, or the reminder was already written.
   */
  async remind(tableId: string, deadline: number): Promise<TableSnapshot | null> {
    const table = await this.work.store.transaction(async (repos) => {
      const rec = await repos.tables.get(tableId)
      if (!rec) return null
      const t = this.work.snapshot(rec)
      const users = t.waitingFor.filter((u) => !isAiSeat(u) && !t.seats.find((s) => s.userId === u)?.away)
      if (!users.length || !(await repos.tables.claimReminder(tableId, deadline))) return null
      await repos.effects.add(tableId, rec.version, [{ kind: 'unping' }, { kind: 'ping', users, about: 'reminder' }])
      return { ...t, remindedFor: deadline }
    })
    if (table) this.work.amendKnown(tableId, { remindedFor: deadline })
    return table
  }
}
