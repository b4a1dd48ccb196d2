import type { AnyEngine, ChipAccount, ChipEvent, Outcome, Tournament } from '../core/engine.js'
import { describeRuleError, ok } from '../core/engine.js'
import type { LogEntryInput, LogKind } from '../store/actions.js'
import type { Movement } from '../store/ledger.js'
import type { Placing } from '../store/ratings.js'
import type { GameResult } from '../store/stats.js'
import {
  byJoinOrder,
  type Knockouts,
  type SeatRecord,
  type TableRecord,
  type TableStatusValue,
} from '../store/tables.js'
import { isAiSeat, isPracticeTable } from './ai-seats.js'
import { potShares } from './games.js'
import { knockOut } from './knockouts.js'
import { isFreezeout, playsAMatch } from './match.js'
import type { Payout } from './prizes.js'
import type { TableSetup } from './setup-entry.js'
import type { TableEvent } from './types.js'

export type MutableSeat = { -readonly [K in keyof SeatRecord]: SeatRecord[K] }

/** After this many automatic moves in one change, something is wrong with an engine. */
const MAX_AUTO_STEPS = 100_000

const isChipEvent = (e: unknown): e is ChipEvent =>
  typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'chips'

/**
 * A table being changed inside one transaction: the engine state, seats, and everything the
 * change must write (log entries, ledger rows, stats, cash-outs). Pure: the service reads the
 * record, changes the draft, then writes it in one go.
 */
export class TableDraft {
  status: TableStatusValue
  state: unknown
  seed: number | null
  pot: number
  /** A tournament's prize pool: the entry fees, real chips apart from the stacks (tournament chips). */
  prize: number
  potShares: number[]
  gamesPlayed: number
  /** The host ended the table during a game: it closes once the game is over. */
  endAfterGame: boolean
  readonly seats: MutableSeat[]
  readonly log: LogEntryInput[] = []
  readonly events: unknown[] = []
  /** Indexes in `events` of the events automatic moves produced (the log marks them). */
  readonly automatic: number[] = []
  readonly tableEvents: TableEvent[] = []
  readonly movements: Movement[] = []
  /** Chips won from (+) or put into (-) pots, per user, for the net-chips stat. */
  readonly net = new Map<string, number>()
  readonly results: GameResult[] = []
  /** Results for the skill ratings (a practice table's are not written). */
  readonly rated: Placing[][] = []
  /** Freeze-outs: the chips each player began the hand in play with, and who is out. */
  knockouts: Knockouts
  /** States in which a deal or game ended during this change, oldest first (their results are shown). */
  readonly ended: unknown[] = []
  /**
   * Stacks leaving the table when the change is written: to the player's wallet, or at a practice
   * table back to the practice account (a ledger row only: practice chips are nobody's).
   */
  readonly cashOuts: { userId: string; amount: number; reason: string; to: 'wallet' | 'practice' | 'tournament' }[] = []
  /** Chips leaving a tournament's prize pool for wallets when the change is written (ledger rows name why). */
  readonly payouts: (Payout & { readonly reason: string })[] = []
  /** A new game started or the game waits for someone new: the deadline restarts. */
  restartClock = false
  /** A match stopped between deals because nobody plays on (`settle`): the table closes. */
  abandoned = false
  private gameRunning: boolean

  constructor(
    readonly rec: TableRecord,
    readonly engine: AnyEngine,
  ) {
    this.status = rec.status
    this.state = rec.state
    this.seed = rec.seed
    this.pot = rec.pot
    this.prize = rec.prize
    this.potShares = rec.potShares.slice()
    this.gamesPlayed = rec.gamesPlayed
    this.knockouts = rec.knockouts
    this.endAfterGame = rec.endAfterGame
    this.seats = rec.seats.map((s) => ({ ...s }))
    this.gameRunning = rec.state !== null && engine.progress(rec.state) !== 'gameOver'
  }

  seatOf(userId: string): MutableSeat | undefined {
    return this.seats.find((s) => s.userId === userId)
  }

  atPosition(position: number): MutableSeat | undefined {
    return this.seats.find((s) => s.position === position)
  }

  /** Seated players in join order (the seating of the next game). */
  seated(): MutableSeat[] {
    return this.seats.filter((s) => s.status === 'seated').sort(byJoinOrder)
  }

  progress() {
    return this.state === null ? null : this.engine.progress(this.state)
  }

  /** Positions the game waits for now ([] when no game runs). */
  waiting(): number[] {
    return this.state !== null && this.status === 'playing' && this.engine.progress(this.state) === 'acting'
      ? this.engine.waitingFor(this.state)
      : []
  }

  /** Deals a new game from parameters; seats must already hold their new positions. */
  setup(params: TableSetup, seed: number): Outcome<void> {
    const out = this.engine.setup(params)
    if (!out.ok) return out
    this.state = out.value.state
    this.seed = seed
    this.log.push({ kind: 'setup', seat: null, userId: null, payload: params })
    this.absorb(out.value.events)
    this.noteHandStart()
    this.gameRunning = true
    this.restartClock = true
    return ok(undefined)
  }

  nextDeal(): Outcome<void> {
    const out = this.engine.nextDeal(this.state)
    if (!out.ok) return out
    this.state = out.value.state
    this.log.push({ kind: 'nextDeal', seat: null, userId: null, payload: null })
    this.absorb(out.value.events)
    this.noteHandStart()
    this.gameRunning = true
    this.restartClock = true
    return ok(undefined)
  }

  /** Freeze-outs: each player's chips as the deal began (their stack plus what the deal made them post). */
  private noteHandStart(): void {
    if (!isFreezeout(this.engine, this.rec)) return
    const posted = this.engine.potShares(this.state)
    const start: Record<string, number> = {}
    for (const s of this.seats) if (s.position !== null) start[s.userId] = s.stack + (posted[s.position] ?? 0)
    this.knockouts = { start, out: this.knockouts.out }
  }

  /** One move through the engine; refused moves change nothing. */
  move(
    position: number,
    action: unknown,
    kind: Extract<LogKind, 'action' | 'auto'>,
    interactionId?: string,
  ): Outcome<void> {
    const before = new Set(this.waiting())
    const out = this.engine.apply(this.state, position, action)
    if (!out.ok) return out
    this.state = out.value.state
    if (kind === 'auto') for (let i = 0; i < out.value.events.length; i++) this.automatic.push(this.events.length + i)
    const seat = this.atPosition(position)
    this.log.push({
      kind,
      seat: position,
      userId: seat?.userId ?? null,
      payload: action,
      interactionId: interactionId ?? null,
    })
    this.absorb(out.value.events)
    if (this.waiting().some((p) => !before.has(p))) this.restartClock = true
    return ok(undefined)
  }

  /**
   * After a change: starts the next deal of a game that waits between deals, plays the
   * automatic moves of away and departed seats, and books a game that ended.
   */
  settle(): void {
    for (let step = 0; step < MAX_AUTO_STEPS; step++) {
      if (this.status !== 'playing' || this.state === null) return
      const progress = this.engine.progress(this.state)
      if (progress === 'between') {
        // Nobody plays on (every seat away, gone or an AI's): the match stops after this deal, as
        // a chip table closes between games. Dealt on, automatic moves alone would play it to its
        // target (up to 100,000 points: thousands of deals) in this one change.
        if (!this.seated().some((s) => !s.away && !isAiSeat(s.userId))) {
          this.abandoned = true
          return
        }
        // A deal of a longer game (a Bugami match) is scored: its result is shown before the next deal.
        this.ended.push(this.state)
        const next = this.nextDeal()
        if (!next.ok)
          throw new Error(`${this.engine.id}: nextDeal refused between deals: ${describeRuleError(next.error)}`)
        continue
      }
      if (progress === 'gameOver') {
        if (this.gameRunning) this.finishGame()
        return
      }
      const auto = this.waiting().find((p) => {
        const s = this.atPosition(p)
        return !s || s.away || s.status === 'left'
      })
      if (auto === undefined) return
      const action = this.engine.autoAction(this.state, auto)
      if (action === null) return
      const moved = this.move(auto, action, 'auto')
      if (!moved.ok)
        throw new Error(
          `${this.engine.id}: automatic move ${JSON.stringify(action)} refused: ${describeRuleError(moved.error)}`,
        )
      this.tableEvents.push({ type: 'autoMove', userId: this.atPosition(auto)?.userId ?? '', position: auto, action })
    }
    throw new Error(`${this.engine.id}: no end after ${MAX_AUTO_STEPS} automatic moves`)
  }

  private finishGame(): void {
    this.ended.push(this.state)
    this.gameRunning = false
    this.restartClock = true
    this.gamesPlayed++
    const summary = this.engine.summary(this.state)
    const winners = new Set(summary.winners ?? [])
    const players = summary.seats.length
    // A match table books its result once, when the match is over (closing.ts, finishMatch).
    for (let p = 0; p < players && !playsAMatch(this.engine, this.rec); p++) {
      const seat = this.atPosition(p)
      if (!seat || !this.engine.playedIn(this.state, p)) continue
      const total = summary.seats[p]?.total
      this.results.push({
        userId: seat.userId,
        won: winners.has(p),
        ...(typeof total === 'number' && !this.engine.usesChips ? { points: total } : {}),
      })
    }
    this.rate(this.engine.placings?.(this.state) ?? null)
    if (isFreezeout(this.engine, this.rec)) this.knockouts = knockOut(this.knockouts, this.gamesPlayed, this.seats)
    this.tableEvents.push({ type: 'gameOver', winners: [...winners].map((p) => this.atPosition(p)?.userId ?? '') })
    if (this.engine.usesChips) {
      this.potShares = this.engine.table.carriesPot ? potShares(this.engine, this.state, this.pot, players) : []
      // Players who left during the game take their chips now; a freeze-out seat stays in play.
      if (!isFreezeout(this.engine, this.rec))
        for (const s of this.seats) if (s.status === 'left' && s.stack > 0) this.cashOut(s, 'cash-out')
    }
    if (!this.engine.table.betweenGames) this.status = 'finished'
  }

  /** A rated result from places by position (null: not rated; a result needs two members). */
  rate(places: readonly (number | null)[] | null): void {
    if (!places) return
    const placings = places.flatMap((place, p) => {
      const seat = this.atPosition(p)
      return place === null || !seat ? [] : [{ userId: seat.userId, place }]
    })
    if (placings.length >= 2) this.rated.push(placings)
  }

  /**
   * A tournament played for real chips (not a practice table): its prize split, else null. Its
   * stacks are tournament chips and its entry fees sit in `prize`.
   */
  tournament(): Tournament | null {
    return isPracticeTable(this.seats) ? null : (this.engine.table.tournament?.(this.rec.options) ?? null)
  }

  /**
   * The seat's whole stack leaves the table when the change is written: to its wallet, at a
   * practice table to the practice account, at a tournament back to the tournament account. In a
   * tournament's lobby (no card dealt) a stack stands for its entry fee, which goes back with it.
   */
  cashOut(seat: MutableSeat, reason: string): number {
    const amount = seat.stack
    const tournament = this.tournament() !== null
    const to = isPracticeTable(this.seats) ? 'practice' : tournament ? 'tournament' : 'wallet'
    if (amount > 0) this.cashOuts.push({ userId: seat.userId, amount, reason, to })
    if (tournament && this.status === 'lobby') this.payOut([{ userId: seat.userId, amount, place: null }], reason)
    seat.stack = 0
    seat.brought -= amount
    return amount
  }

  /** Pays out of the prize pool (`cash-out` reads as the entry fee coming back). */
  payOut(payouts: readonly Payout[], reason: string): void {
    for (const p of payouts) {
      if (p.amount <= 0) continue
      if (p.amount > this.prize)
        throw new Error(`table ${this.rec.id}: paying ${p.amount} from a pool of ${this.prize}`)
      this.prize -= p.amount
      this.payouts.push({ ...p, reason: reason === 'cash-out' ? 'entry fee returned' : reason })
    }
  }

  /** A tournament's entrant: the fee (taken from the wallet into the pool) buys as many tournament chips. */
  enterTournament(userId: string, fee: number): void {
    this.prize += fee
    this.movements.push({
      guildId: this.rec.guildId,
      from: { kind: 'tournament' },
      to: { kind: 'stack', userId },
      amount: fee,
      reason: 'tournament chips',
      tableId: this.rec.id,
    })
  }

  /** Practice chips for a seat's stack (the seat adds them): a ledger row from the practice account. */
  practiceBuyIn(userId: string, amount: number, reason: string): void {
    this.movements.push({
      guildId: this.rec.guildId,
      from: { kind: 'practice' },
      to: { kind: 'stack', userId },
      amount,
      reason,
      tableId: this.rec.id,
    })
  }

  /** Book the engine's chip events: seat stacks, the pot, ledger rows and net chips. */
  absorb(events: readonly unknown[]): void {
    for (const e of events) {
      this.events.push(e)
      if (!isChipEvent(e)) continue
      this.shift(e.from, -e.amount)
      this.shift(e.to, e.amount)
      this.movements.push({
        guildId: this.rec.guildId,
        from: this.account(e.from),
        to: this.account(e.to),
        amount: e.amount,
        reason: e.reason,
        tableId: this.rec.id,
      })
      // Net chips count what moves between a player and the pot (a tournament's are not real:
      // its entrants' net is what the pool pays them less their fee, booked when it closes).
      if (this.tournament()) continue
      if (e.from !== 'pot' && e.to === 'pot') this.addNet(e.from.seat, -e.amount)
      if (e.from === 'pot' && e.to !== 'pot') this.addNet(e.to.seat, e.amount)
    }
  }

  private addNet(position: number, delta: number) {
    const user = this.atPosition(position)?.userId
    if (user) this.net.set(user, (this.net.get(user) ?? 0) + delta)
  }

  private account(a: ChipAccount): Movement['from'] {
    if (a === 'pot') return { kind: 'pot' }
    const seat = this.atPosition(a.seat)
    if (!seat) throw new Error(`${this.engine.id}: chip event names seat ${a.seat}, which nobody holds`)
    return { kind: 'stack', userId: seat.userId }
  }

  private shift(a: ChipAccount, delta: number) {
    if (a === 'pot') this.pot += delta
    else {
      const seat = this.atPosition(a.seat)
      if (!seat) throw new Error(`${this.engine.id}: chip event names seat ${a.seat}, which nobody holds`)
      seat.stack += delta
    }
  }

  /**
   * The table's books must match the engine's: every seated player's stack and the pot. A
   * mismatch is an engine that moved chips without a chip event: refuse to write it.
   */
  checkChips(): void {
    if (!this.engine.usesChips || this.state === null || this.status !== 'playing') return
    // Between games, with no engine step in this change, the table's stacks lead: a buy-in adds
    // chips the engine will only see when the next game is dealt.
    if (this.log.length === 0 && this.engine.progress(this.state) === 'gameOver') return
    const totals = this.engine.chipTotals(this.state)
    if (!totals) return
    const problems: string[] = []
    if (totals.pot !== this.pot) problems.push(`pot ${this.pot} vs engine ${totals.pot}`)
    for (const s of this.seats)
      if (s.status === 'seated' && s.position !== null && totals.stacks[s.position] !== s.stack)
        problems.push(`${s.userId} stack ${s.stack} vs engine ${totals.stacks[s.position]}`)
    for (const s of this.seats) if (s.stack < 0) problems.push(`${s.userId} stack negative: ${s.stack}`)
    if (problems.length)
      throw new Error(`${this.engine.id}: chips out of step at table ${this.rec.id}: ${problems.join('; ')}`)
  }
}
