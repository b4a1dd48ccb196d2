import type { Repos } from '../store/store.js'
import { byJoinOrder, type TableRecord } from '../store/tables.js'
import { isAiSeat, isPracticeTable } from './ai-seats.js'
import { closeIfMatchOver } from './closing.js'
import type { TableDraft } from './draft.js'
import { effectsOf } from './effects.js'
import { waitMs } from './pace.js'
import { snapshot } from './snapshot.js'
import type { TableUpdate } from './types.js'

/**
 * Writes a changed table in the change's transaction: the table and its seats (guarded by the
 * version it was read at), cash-outs, log, ledger, the interaction, stats and the outbox. Null
 * when another writer changed the table first (the change is stale). `after` is the record as a
 * fresh read would give it, for the next change.
 */
export async function writeDraft(
  repos: Repos,
  d: TableDraft,
  now: number,
  interactionId?: string,
): Promise<{ after: TableRecord; value: TableUpdate } | null> {
  const rec = d.rec
  closeIfMatchOver(d, now)
  d.checkChips()
  const open = d.status === 'playing'
  // After a game the wait is the table's break: then the next game is dealt by itself.
  const turnDeadline = !open
    ? null
    : d.restartClock || rec.deadlineAt === null
      ? now + waitMs(rec, d.progress())
      : rec.deadlineAt
  // Between games the table also wakes at its agreed end, to close.
  const deadlineAt =
    turnDeadline !== null && rec.endsAt !== null && d.progress() === 'gameOver'
      ? Math.min(turnDeadline, Math.max(rec.endsAt, now))
      : turnDeadline
  const written = await repos.tables.update(
    rec.id,
    rec.version,
    {
      status: d.status,
      state: d.state,
      seed: d.seed,
      deadlineAt,
      pot: d.pot,
      prize: d.prize,
      potShares: d.potShares,
      gamesPlayed: d.gamesPlayed,
      logSize: rec.logSize + d.log.length,
      ...(d.knockouts !== rec.knockouts ? { knockouts: d.knockouts } : {}),
      endAfterGame: d.endAfterGame,
      seats: d.seats,
    },
    rec.seats,
  )
  if (!written) return null
  // Practice and tournament chips go back where they came from (a ledger row only: they are nobody's).
  for (const c of d.cashOuts)
    if (c.to !== 'wallet')
      d.movements.push({
        guildId: rec.guildId,
        from: { kind: 'stack', userId: c.userId },
        to: { kind: c.to },
        amount: c.amount,
        reason: c.reason,
        tableId: rec.id,
      })
  for (const c of d.cashOuts.filter((c) => c.to === 'wallet'))
    await repos.wallets.deposit(rec.guildId, c.userId, c.amount, { kind: 'stack', userId: c.userId }, rec.id, c.reason)
  for (const p of d.payouts)
    await repos.wallets.deposit(rec.guildId, p.userId, p.amount, { kind: 'prize' }, rec.id, p.reason)
  // A practice table (AI seats) reaches no stats and so no leaderboard.
  const practice = isPracticeTable(d.seats)
  if (!practice && d.results.length) await repos.stats.recordGame(rec.guildId, rec.game, d.results)
  if (!practice && d.net.size) await repos.stats.addNetChips(rec.guildId, rec.game, d.net)
  // Rated in order, in this transaction: `npm run ratings -- --rebuild` replays them the same way.
  if (!practice)
    for (const placings of d.rated) await repos.ratings.record(rec.guildId, rec.game, rec.id, placings, now)
  const after: TableRecord = {
    ...rec,
    status: d.status,
    state: d.state,
    seed: d.seed,
    version: rec.version + 1,
    deadlineAt,
    pot: d.pot,
    prize: d.prize,
    potShares: d.potShares,
    gamesPlayed: d.gamesPlayed,
    logSize: rec.logSize + d.log.length,
    knockouts: d.knockouts,
    endAfterGame: d.endAfterGame,
    // In join order, as a read gives them: a member who sat down again has a new place at the end.
    seats: d.seats.map((s) => ({ ...s })).sort(byJoinOrder),
  }
  const table = snapshot(after, d.engine)
  const ping =
    deadlineAt !== rec.deadlineAt || d.restartClock
      ? table.waitingFor.filter((u) => !d.seatOf(u)?.away && !isAiSeat(u))
      : []
  // The new rows of the change (log, chips, the interaction, the outbox) are independent inserts:
  // one statement on PostgreSQL. A repeated interaction id fails it as a unique violation.
  await repos.writeAll([
    repos.actions.appendStatement(rec.id, rec.logSize, d.log),
    repos.ledger.recordStatement(d.movements),
    interactionId ? repos.actions.interactionStatement(interactionId, rec.id, rec.version + 1) : null,
    repos.effects.addStatement(rec.id, after.version, effectsOf(d, table, ping)),
  ])
  return {
    // What a fresh read would give (the state as stored, JSON), for the next change.
    after: {
      ...after,
      state:
        after.state === null || after.state === undefined ? null : (JSON.parse(JSON.stringify(after.state)) as unknown),
      seats: after.seats.map((s) => ({ ...s })),
    },
    value: {
      table,
      events: d.events,
      automatic: d.automatic,
      tableEvents: d.tableEvents,
      ping,
      deadlineAt,
      duplicate: false,
    },
  }
}
