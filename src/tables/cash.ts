import { ok, refuse, type Outcome } from '../core/engine.js'
import type { Repos } from '../store/store.js'
import { MAX_AMOUNT, type DailyClaim, type WalletInfo } from '../store/wallets.js'
import { isAiSeat, isPracticeTable } from './ai-seats.js'
import type { TableDraft } from './draft.js'
import { isFreezeout } from './match.js'
import type { ActOptions, TableUpdate } from './types.js'
import type { UnitOfWork } from './unit-of-work.js'
import { CLOSED_PREFIX, closeReasonOf, type CloseReason } from './close-reasons.js'

/**
 * Chips: the wallet, the daily claim and admin grants, and chips moving between a wallet and a
 * table (buy-ins, rebuys; cash-outs are booked by the draft and written with the change).
 */

export interface WalletView extends WalletInfo {
  /** Chips sitting at open tables of this server. */
  readonly atTables: number
  /**
   * Chips paid back lately (RETURNS_SHOWN_MS) from tables closed at once (a void, an expired lobby,
   * a channel or server gone), per table, newest first: `/chips balance` tells what came back and why.
   */
  readonly returned: readonly { readonly reason: CloseReason; readonly amount: number; readonly at: number }[]
}

/** How long `/chips balance` tells of chips a closed table paid back. */
export const RETURNS_SHOWN_MS = 7 * 24 * 3_600_000

/**
 * The chips a player sitting down brings (0 at a game without chips): taken from their wallet,
 * or practice chips at a practice table and for an AI seat.
 */
export async function takeBuyIn(d: TableDraft, repos: Repos, userId: string, buyIn: number): Promise<Outcome<number>> {
  if (d.engine.usesChips && (isPracticeTable(d.seats) || isAiSeat(userId))) {
    if (!Number.isSafeInteger(buyIn) || buyIn < 1 || buyIn > MAX_AMOUNT) return refuse('bad-buy-in')
    d.practiceBuyIn(userId, buyIn, 'practice buy-in')
    return ok(buyIn)
  }
  if (!d.engine.usesChips) return ok(0)
  // A tournament: the entry fee goes into the prize pool and buys as many tournament chips.
  const tournament = d.tournament() !== null
  const taken = await repos.wallets.withdraw(
    d.rec.guildId,
    userId,
    buyIn,
    tournament ? { kind: 'prize' } : { kind: 'stack', userId },
    d.rec.id,
    tournament ? 'entry fee' : 'buy-in',
  )
  if (!taken.ok) return taken
  if (tournament) d.enterTournament(userId, buyIn)
  return ok(buyIn)
}

/**
 * A table turning into a practice table: every chip a player bought in with goes back to their
 * wallet, and the same stack is theirs again in practice chips.
 */
export function toPractice(d: TableDraft): void {
  if (!d.engine.usesChips) return
  for (const s of d.seats) {
    if (s.stack === 0) continue
    const amount = d.cashOut(s, 'practice table: buy-in returned')
    d.practiceBuyIn(s.userId, amount, 'practice buy-in')
    s.stack += amount
    s.brought += amount
  }
}

export class Cash {
  constructor(private readonly work: UnitOfWork) {}

  async wallet(guildId: string, userId: string): Promise<WalletView> {
    const since = this.work.clock.now() - RETURNS_SHOWN_MS
    const [w, atTables, back] = await Promise.all([
      this.work.store.wallets.get(guildId, userId),
      this.work.store.tables.stacksOf(guildId, userId),
      this.work.store.ledger.returnedTo(guildId, userId, CLOSED_PREFIX, since),
    ])
    const returned = back.flatMap((r) => {
      const reason = closeReasonOf(r.reason)
      return reason && r.amount > 0 ? [{ reason, amount: r.amount, at: r.at }] : []
    })
    return { ...w, atTables, returned }
  }

  claimDaily(guildId: string, userId: string): Promise<Outcome<DailyClaim>> {
    return this.work.store.wallets.claimDaily(guildId, userId)
  }

  /** Admin grant; the command has checked Manage Server. */
  grant(guildId: string, userId: string, amount: number, byUserId: string): Promise<Outcome<WalletInfo>> {
    return this.work.store.wallets.grant(guildId, userId, amount, `admin grant by ${byUserId}`)
  }

  /**
   * A cash table (Bura, Badugi; not a freeze-out): a seated player tops their stack up from
   * their balance, up to the table's buy-in, while they are not in a game in play (between
   * games, or waiting to be dealt in).
   */
  rebuy(tableId: string, userId: string, opts: ActOptions = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, async (d, repos) => {
      if (d.status !== 'playing' || !d.engine.usesChips || !d.engine.table.betweenGames || isFreezeout(d.engine, d.rec))
        return refuse('no-rebuy')
      const seat = d.seatOf(userId)
      if (!seat || seat.status !== 'seated') return refuse('not-seated')
      if (seat.position !== null && d.progress() === 'acting') return refuse('in-game')
      if (seat.stack >= d.rec.buyIn) return refuse('rebuy-full', { stack: seat.stack, buyIn: d.rec.buyIn })
      if (isPracticeTable(d.seats)) {
        // Practice chips: the wallet is never asked, so the cash-out (to the practice account) owes it nothing.
        const amount = d.rec.buyIn - seat.stack
        d.practiceBuyIn(userId, amount, 'practice rebuy')
        seat.stack += amount
        seat.brought += amount
        d.tableEvents.push({ type: 'rebuy', userId, amount, practice: true })
        return ok(undefined)
      }
      const balance = (await repos.wallets.get(d.rec.guildId, userId)).balance
      const amount = Math.min(d.rec.buyIn - seat.stack, balance)
      if (amount <= 0) return refuse('balance-empty')
      const taken = await repos.wallets.withdraw(
        d.rec.guildId,
        userId,
        amount,
        { kind: 'stack', userId },
        d.rec.id,
        'rebuy',
      )
      if (!taken.ok) return taken
      seat.stack += amount
      seat.brought += amount
      d.tableEvents.push({ type: 'rebuy', userId, amount })
      return ok(undefined)
    })
  }
}
