import type { AnyEngine } from '../core/engine.js'
import { byJoinOrder, type SeatRecord, type TableRecord } from '../store/tables.js'

/**
 * Tables played as one match rather than game by game: a Badugi freeze-out (over when one
 * player holds every chip) and any Bura or Badugi table with an agreed end (over when the end
 * time has passed and the game in progress is played out). Such a table books its result in
 * the stats once, for the match; net chips still count game by game.
 */

/** The agreed end may lie at most this far ahead (docs/rules/bura.md and badugi.md, "An agreed end"). */
export const MAX_AGREED_END_MS = 30 * 24 * 60 * 60 * 1000
/** ... and at least this far (an end before anyone could act would close the table at once). */
export const MIN_AGREED_END_MS = 60 * 1000

/** Whether the table, a table of `engine`'s game, is a freeze-out. */
export function isFreezeout(engine: AnyEngine, rec: Pick<TableRecord, 'options'>): boolean {
  return engine.table.freezeout(rec.options)
}

export function playsAMatch(engine: AnyEngine, rec: Pick<TableRecord, 'options' | 'endsAt'>): boolean {
  return isFreezeout(engine, rec) || rec.endsAt !== null
}

export interface Standing {
  readonly userId: string
  readonly stack: number
  /** Chips now minus chips brought. */
  readonly result: number
}

/**
 * The final standings of the players at the table, best result first (ties in joining order),
 * and the winners: everyone sharing the best result.
 */
export function standingsOf(seats: readonly Pick<SeatRecord, 'userId' | 'stack' | 'brought' | 'joinOrder'>[]): {
  standings: Standing[]
  winners: string[]
} {
  const standings = seats
    .slice()
    .sort((a, b) => b.stack - b.brought - (a.stack - a.brought) || byJoinOrder(a, b))
    .map((s) => ({ userId: s.userId, stack: s.stack, result: s.stack - s.brought }))
  const best = standings[0]?.result
  return { standings, winners: standings.filter((s) => s.result === best).map((s) => s.userId) }
}
