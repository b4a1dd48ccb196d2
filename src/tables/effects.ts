import type { NewEffect } from '../store/effects.js'
import { isAiSeat } from './ai-seats.js'
import type { TableDraft } from './draft.js'
import type { TableSnapshot } from './types.js'

/**
 * What Discord must show for a change (the outbox, written in the change's transaction): the
 * table message at this version, the turn ping (replacing the previous one), and the result of
 * each deal or game that just ended, drawn later from the state it ended in.
 */
export function effectsOf(d: TableDraft, table: TableSnapshot, ping: readonly string[]): NewEffect[] {
  const effects: NewEffect[] = []
  // A game that ended pings the members who played it with the result, unless final standings
  // (which ping every player) close the table with it.
  const ended = d.tableEvents.some((e) => e.type === 'gameOver') && !d.tableEvents.some((e) => e.type === 'final')
  const players = ended
    ? d.seats.filter((s) => s.status === 'seated' && s.position !== null && !isAiSeat(s.userId)).map((s) => s.userId)
    : []
  const pinging = (ping.length > 0 && table.status === 'playing') || players.length > 0
  // An older ping goes once someone else is pinged or no member is waited for any more (AI
  // seats move on their own).
  const waitsForMember = table.waitingFor.some((u) => !isAiSeat(u))
  if (
    pinging ||
    (table.status !== 'lobby' && (table.status !== 'playing' || table.progress !== 'acting' || !waitsForMember))
  )
    effects.push({ kind: 'unping' })
  effects.push({ kind: 'refresh' })
  const seats = d.seats.map((s) => ({ userId: s.userId, position: s.position }))
  for (const state of d.ended) effects.push({ kind: 'result', state, seats })
  for (const e of d.tableEvents) if (e.type === 'final') effects.push({ kind: 'final', event: e })
  if (players.length) effects.push({ kind: 'ping', users: players, about: 'result' })
  else if (pinging) effects.push({ kind: 'ping', users: ping, about: 'turn' })
  return effects
}
