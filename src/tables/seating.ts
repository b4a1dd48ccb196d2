import { ok, refuse, type Outcome } from '../core/engine.js'
import type { Repos } from '../store/store.js'
import { isOpen } from '../store/tables.js'
import { isAiSeat } from './ai-seats.js'
import { takeBuyIn } from './cash.js'
import { close } from './closing.js'
import type { TableDraft } from './draft.js'
import { isFreezeout } from './match.js'

/** Players and AI seats sitting down at a table and standing up. Works on the change's draft. */

/** Seats `userId` (again, if they sat here before) with `buyIn` chips; they are dealt in at the next game. */
export async function seat(d: TableDraft, repos: Repos, userId: string, buyIn: number): Promise<Outcome<void>> {
  const existing = d.seatOf(userId)
  if (d.seated().length >= d.engine.maxPlayers) return refuse('table-full', { max: d.engine.maxPlayers })
  const taken = await takeBuyIn(d, repos, userId, buyIn)
  if (!taken.ok) return taken
  const stack = taken.value
  const joinOrder = Math.max(-1, ...d.seats.map((s) => s.joinOrder)) + 1
  if (existing)
    Object.assign(existing, {
      status: 'seated',
      joinOrder,
      stack: existing.stack + stack,
      brought: existing.brought + stack,
      missedTurns: 0,
      away: false,
      position: null,
    })
  else
    d.seats.push({
      userId,
      joinOrder,
      position: null,
      stack,
      brought: stack,
      status: 'seated',
      missedTurns: 0,
      away: false,
    })
  d.tableEvents.push({ type: 'joined', userId, buyIn: stack, ...(d.tournament() ? { entryFee: true } : {}) })
  return ok(undefined)
}

/**
 * Stands `userId` up (`by`: who removed them, null when they left themselves). Lobby or between
 * games: cash out. Mid-game: Bugami and Bura seats are played automatically until the game ends
 * (then cashed out); Badugi folds and cashes out at once, a freeze-out seat plays on. A table
 * left with no member closes.
 */
export function unseat(d: TableDraft, userId: string, interactionId?: string, by: string | null = null): Outcome<void> {
  const seat = d.seatOf(userId)
  if (!seat || seat.status !== 'seated') return refuse('not-seated')
  if (!isOpen(d.status)) return refuse('table-ended')
  const midGame = d.status === 'playing' && d.progress() === 'acting'
  let cashedOut = 0
  if (d.status === 'playing' && isFreezeout(d.engine, d.rec) && seat.position !== null && d.engine.table.leaveAction) {
    // A freeze-out seat stays in play without its player (it folds every hand and posts its
    // blinds); its chips return to the wallet when the table closes.
    const left = d.move(seat.position, d.engine.table.leaveAction, 'action', interactionId)
    if (!left.ok) return left
    seat.status = 'left'
  } else if (seat.position === null) {
    // Waiting for the next game, not in this one: paid out at once.
    seat.status = 'left'
    cashedOut = d.cashOut(seat, 'cash-out')
  } else if (midGame && d.engine.table.leaveAction) {
    const left = d.move(seat.position, d.engine.table.leaveAction, 'action', interactionId)
    if (!left.ok) return left
    seat.status = 'left'
    cashedOut = d.cashOut(seat, 'cash-out')
  } else if (midGame) {
    // The seat plays on automatically until the game ends; its chips follow then.
    seat.status = 'left'
  } else {
    seat.status = 'left'
    cashedOut = d.cashOut(seat, 'cash-out')
    if (d.status === 'lobby') seat.position = null
  }
  d.tableEvents.push({ type: 'left', userId, cashedOut, by })
  // AI seats never keep a table open on their own.
  if (!d.seated().some((s) => !isAiSeat(s.userId)))
    return isFreezeout(d.engine, d.rec) && d.status === 'playing' ? close(d, 'freezeout') : close(d)
  d.settle()
  return ok(undefined)
}
