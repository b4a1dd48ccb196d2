import { ok, type Outcome } from '../games/core/engine.js'
import type { TableDraft } from './draft.js'
import { potShares, refundPot } from './games.js'
import { freezeoutPlacings } from './knockouts.js'
import { isFreezeout, standingsOf } from './match.js'

/**
 * How a table closes: ended by its host, left by its last member, or a match table whose match
 * is decided. Pure: works on the change's draft.
 */

/**
 * Refunds the pot, cashes every stack out, and ends the table. A match table that reached
 * its end (`match`) first books its final standings, counting the refunded pot.
 */
export function close(d: TableDraft, match?: 'freezeout' | 'agreedEnd'): Outcome<void> {
  const cutShort = d.status === 'lobby' || (d.status === 'playing' && d.progress() === 'acting')
  const refunds: { userId: string; amount: number }[] = []
  if (d.pot > 0 && d.state !== null) {
    const n = d.engine.summary(d.state).seats.length
    const paid =
      d.progress() === 'acting' || d.potShares.length !== n ? potShares(d.engine, d.state, d.pot, n) : d.potShares
    // A position nobody holds any more (its player left and sat down again) forfeited its
    // share: it is spread over the others, as when the next game is dealt.
    const held = paid.map((v, p) => (d.atPosition(p) ? v : 0))
    const shares = held.some((v) => v > 0) ? held : paid.map((_, p) => (d.atPosition(p) ? 1 : 0))
    const back = refundPot(d.pot, shares)
    back.forEach((amount, position) => {
      if (amount > 0) {
        refunds.push({ userId: d.atPosition(position)!.userId, amount })
        d.absorb([{ type: 'chips', from: 'pot', to: { seat: position }, amount, reason: 'refund' }])
      }
    })
  }
  if (match) finishMatch(d, match)
  for (const s of d.seats) {
    d.cashOut(s, 'cash-out')
    s.status = 'left'
  }
  d.status = cutShort || d.gamesPlayed === 0 ? 'aborted' : 'finished'
  d.potShares = []
  d.tableEvents.push({ type: 'ended', status: d.status, refunds })
  return ok(undefined)
}

/**
 * The end of a match table (freeze-out won, or the agreed end reached): the final standings
 * of its players (those seated, and in a freeze-out every seat still in play), booked in the
 * stats as one game won by whoever has the best result. Called once the pot is refunded, before the
 * stacks are cashed out.
 */
function finishMatch(d: TableDraft, reason: 'freezeout' | 'agreedEnd'): void {
  const players = d.seats.filter(
    (s) => s.status === 'seated' || (isFreezeout(d.engine, d.rec) && s.position !== null && d.status === 'playing'),
  )
  const { standings, winners } = standingsOf(players)
  for (const s of standings) d.results.push({ userId: s.userId, won: winners.includes(s.userId) })
  // A freeze-out is rated by its finishing order; a cash table's agreed end is not rated.
  if (isFreezeout(d.engine, d.rec)) {
    const gone = new Set(d.knockouts.out.map((b) => b.userId))
    const survivors = players.filter((s) => !gone.has(s.userId)).map((s) => ({ userId: s.userId, stack: s.stack }))
    const placings = freezeoutPlacings(survivors, d.knockouts.out)
    if (placings.length >= 2) d.rated.push(placings)
  }
  d.tableEvents.push({ type: 'final', reason, standings, winners })
}

/**
 * After a change: a match table whose game just ended closes when the match is decided (a
 * freeze-out with one player holding every chip, or the agreed end passed), with its final
 * standings and the match in the stats.
 */
export function closeIfMatchOver(d: TableDraft, now: number): void {
  if (d.status !== 'playing' || d.progress() !== 'gameOver') return
  if (d.rec.endsAt !== null && now >= d.rec.endsAt) close(d, 'agreedEnd')
  else if (isFreezeout(d.engine, d.rec) && d.engine.nextDeal(d.state).ok === false) close(d, 'freezeout')
}
