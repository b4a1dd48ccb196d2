import { ok, type Outcome } from '../core/engine.js'
import type { TableEvent } from './types.js'
import type { TableDraft } from './draft.js'
import { potShares, refundPot } from './games.js'
import { freezeoutPlacings } from './knockouts.js'
import { isFreezeout, standingsOf } from './match.js'
import { CLOSED_PREFIX, closedLedgerReason, type CloseReason } from './close-reasons.js'
import { payByPlace, payInProportion, type Payout } from './prizes.js'
import type { Placing } from '../store/ratings.js'

/**
 * How a table closes: ended by its host, left by its last member, a match table whose match
 * is decided, or closed at once for a reason (voided by an admin, its lobby expired, its channel
 * or server gone). Pure: works on the change's draft.
 */

/**
 * Closes the table at once for `reason`: a game in progress is void (every chip in the pot goes
 * back to whoever paid it in, nothing reaches the stats), every stack goes back to its wallet
 * (practice chips to the practice account) in ledger rows naming the reason, and the log says
 * what each seat got back. `by`: the member who voided it, if any.
 */
export function closeFor(d: TableDraft, reason: CloseReason, by: string | null = null): Outcome<void> {
  const before = d.cashOuts.length
  const paidBefore = d.payouts.length
  close(d, undefined, closedLedgerReason(reason))
  const back = new Map<string, number>()
  // What came back: stacks, or at a tournament the entry fees (its tournament chips are nobody's).
  for (const c of [...d.cashOuts.slice(before).filter((c) => c.to !== 'tournament'), ...d.payouts.slice(paidBefore)])
    back.set(c.userId, (back.get(c.userId) ?? 0) + c.amount)
  // A void books no game: a hand cut short has no result, so nothing goes to the stats.
  d.results.length = 0
  d.tableEvents.push({ type: 'voided', reason, by, returns: [...back].map(([userId, amount]) => ({ userId, amount })) })
  return ok(undefined)
}

/**
 * Refunds the pot, cashes every stack out, and ends the table. A match table that reached
 * its end (`match`) first books its final standings, counting the refunded pot.
 */
export function close(d: TableDraft, match?: 'freezeout' | 'agreedEnd', ledgerReason = 'cash-out'): Outcome<void> {
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
  const final = match ? finishMatch(d, match) : null
  const prizes = d.status === 'playing' && d.prize > 0 ? payPrizePool(d, ledgerReason, final?.placings ?? null) : []
  if (final) d.tableEvents.push(prizes.length ? { ...final.event, prizes } : final.event)
  for (const s of d.seats) {
    d.cashOut(s, ledgerReason)
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
function finishMatch(
  d: TableDraft,
  reason: 'freezeout' | 'agreedEnd',
): { placings: Placing[] | null; event: Extract<TableEvent, { type: 'final' }> } {
  const players = d.seats.filter(
    (s) => s.status === 'seated' || (isFreezeout(d.engine, d.rec) && s.position !== null && d.status === 'playing'),
  )
  const { standings, winners } = standingsOf(players)
  for (const s of standings) d.results.push({ userId: s.userId, won: winners.includes(s.userId) })
  // A freeze-out is rated by its finishing order; a cash table's agreed end is not rated.
  let placings: Placing[] | null = null
  if (isFreezeout(d.engine, d.rec)) {
    const gone = new Set(d.knockouts.out.map((b) => b.userId))
    const survivors = players.filter((s) => !gone.has(s.userId)).map((s) => ({ userId: s.userId, stack: s.stack }))
    placings = freezeoutPlacings(survivors, d.knockouts.out)
    if (placings.length >= 2) d.rated.push(placings)
  }
  return { placings, event: { type: 'final', reason, standings, winners } }
}

/**
 * A tournament's prize pool paid out as it closes, before its tournament chips go back:
 * - decided (one player holds every chip, or the agreed end passed): by finishing place and the
 *   tournament's prize split, in `tournament-prize: place N` ledger rows;
 * - closed at once (a void, an expired lobby, a channel gone) or before any hand was over: every
 *   entry fee back, in rows naming the reason;
 * - ended by its host between hands: shared in proportion to the chips each entrant holds
 *   (`tournament-prize: chip count`), as a freeze-out pays back its stacks.
 * Each entrant's net chips (the stat) is what the pool paid them less their entry fee. Returns
 * what was paid.
 */
function payPrizePool(d: TableDraft, ledgerReason: string, placings: Placing[] | null): Payout[] {
  const tournament = d.tournament()
  if (!tournament) return []
  // The entrants still in the tournament, with the fee each paid (no rebuys: what they brought).
  const entrants = d.seats.filter((s) => s.position !== null && s.brought > 0)
  const pool = d.prize
  const paid: Payout[] = []
  if (ledgerReason.startsWith(CLOSED_PREFIX) || d.gamesPlayed === 0) {
    const fees = payInProportion(
      pool,
      entrants.map((s) => ({ userId: s.userId, weight: s.brought })),
    )
    d.payOut(fees, ledgerReason)
    paid.push(...fees)
  } else if (placings) {
    const prizes = payByPlace(tournament.prizes(pool, placings.length), placings)
    for (const place of new Set(prizes.map((p) => p.place))) {
      const at = prizes.filter((p) => p.place === place)
      d.payOut(at, `tournament-prize: place ${place}`)
    }
    paid.push(...prizes)
  } else {
    const shares = payInProportion(
      pool,
      entrants.map((s) => ({ userId: s.userId, weight: s.stack })),
    )
    d.payOut(shares, 'tournament-prize: chip count')
    paid.push(...shares)
  }
  if (d.prize > 0) {
    // Nobody left to pay by the rules above (no entrant in play): every fee back rather than a chip stuck.
    const rest = payInProportion(
      d.prize,
      d.seats.map((s) => ({ userId: s.userId, weight: Math.max(0, s.brought) })),
    )
    d.payOut(rest, ledgerReason)
    paid.push(...rest)
  }
  for (const s of entrants) {
    const won = paid.filter((p) => p.userId === s.userId).reduce((a, p) => a + p.amount, 0)
    d.net.set(s.userId, (d.net.get(s.userId) ?? 0) + won - s.brought)
  }
  return paid
}

/**
 * After a change: a match table whose game just ended closes when the match is decided (a
 * freeze-out with one player holding every chip, or the agreed end passed), with its final
 * standings and the match in the stats. A Bugami match nobody plays on closes after its deal
 * (`TableDraft.settle`), unfinished: nothing reaches the stats.
 */
export function closeIfMatchOver(d: TableDraft, now: number): void {
  if (d.status === 'playing' && d.abandoned) {
    d.tableEvents.push({ type: 'deserted' })
    close(d)
    return
  }
  if (d.status !== 'playing' || d.progress() !== 'gameOver') return
  // The host ended the table during the game just over (`/table end`): it closes now.
  if (d.endAfterGame) close(d)
  else if (d.rec.endsAt !== null && now >= d.rec.endsAt) close(d, 'agreedEnd')
  else if (isFreezeout(d.engine, d.rec) && d.engine.nextDeal(d.state).ok === false) close(d, 'freezeout')
}
