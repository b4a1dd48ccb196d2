import { systemClock, type Clock } from '../lib/clock.js'

/**
 * Requests a second the bot allows itself against Discord's global limit of 50 (DISCORD_GLOBAL_LIMIT):
 * a little under it, so that no second of Discord's sees more even when requests arrive bunched.
 */
export const DEFAULT_GLOBAL_PER_SECOND = 47

/**
 * The kinds of request that share Discord's global limit, in the order a member waits for them:
 * a new message (a turn ping, a result, a fresh table message), an edit (the table message) and
 * the rest, a deletion (an old ping, which nobody waits for).
 */
export type Lane = 'create' | 'edit' | 'delete'

/**
 * How much later than a `create` each lane's request may go: the request that has waited the
 * longest past its lane's delay goes first. With budget to spare every request goes at once; when
 * the budget cannot keep up, a new ping overtakes an edit that came less than half a second before
 * it, and an old ping's deletion waits up to a second for both, but never longer: every table's
 * delivery (which ends with that deletion) keeps moving.
 */
export const LANE_DELAY_MS: Record<Lane, number> = { create: 0, edit: 500, delete: 1000 }

/** Discord's window for the global limit. */
const WINDOW_MS = 1000

/**
 * Requests let go together at most (after a quiet moment, or when a timer fired late): no more
 * than the default budget's margin under Discord's 50, so a bunch that reaches Discord a little
 * early or late, spilling into the neighbouring second, still keeps that second within the limit.
 */
export const BURST = 3

/**
 * When requests may go: at most `perSecond` in any window of one second (a sliding window, so no
 * second of Discord's, however it is aligned, sees more), spread out within it (at most `BURST` at
 * once, then one every 1/`perSecond` of a second: a window alone lets its whole room go at once
 * after a quiet moment, and again a second later), and not before a pause a 429 asked for.
 */
class Pace {
  /** When each of the last `perSecond` requests went, oldest first. */
  private readonly sent: number[] = []
  private readonly spacingMs: number
  private tokens = BURST
  private refilledAt = -Infinity
  private pausedUntil = -Infinity

  constructor(readonly perSecond: number) {
    if (!(perSecond >= 1)) throw new Error(`a global budget needs at least 1 request a second, not ${perSecond}`)
    this.spacingMs = WINDOW_MS / perSecond
  }

  /** When the next request may go (`now` or later). */
  freeAt(now: number): number {
    this.tokens = Math.min(BURST, this.tokens + (now - this.refilledAt) / this.spacingMs)
    this.refilledAt = now
    const windowFree = this.sent.length < this.perSecond ? now : this.sent[0]! + WINDOW_MS
    const bucketFree = this.tokens >= 1 ? now : now + (1 - this.tokens) * this.spacingMs
    return Math.max(now, windowFree, bucketFree, this.pausedUntil)
  }

  /** A request goes now (`freeAt(now)` said it may). */
  record(now: number): void {
    this.tokens -= 1
    this.sent.push(now)
    if (this.sent.length > this.perSecond) this.sent.shift()
  }

  pauseUntil(at: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, at)
  }
}

interface Waiter {
  readonly since: number
  readonly go: () => void
}

/** One lane: the waiting requests per key (a channel), the keys taking turns. */
class LaneQueue {
  private readonly byKey = new Map<string, Waiter[]>()
  private readonly turns: string[] = []

  constructor(
    readonly lane: Lane,
    readonly delayMs: number,
  ) {}

  get size(): number {
    let n = 0
    for (const waiting of this.byKey.values()) n += waiting.length
    return n
  }

  push(key: string, waiter: Waiter): void {
    const waiting = this.byKey.get(key)
    if (waiting) waiting.push(waiter)
    else {
      this.byKey.set(key, [waiter])
      this.turns.push(key)
    }
  }

  /** The request whose turn it is: the first of the key at the front. */
  peek(): Waiter | undefined {
    const key = this.turns[0]
    return key === undefined ? undefined : this.byKey.get(key)![0]
  }

  /** Takes the request whose turn it is; its key goes to the back of the turns if it has more. */
  shift(): Waiter | undefined {
    const key = this.turns.shift()
    if (key === undefined) return undefined
    const waiting = this.byKey.get(key)!
    const waiter = waiting.shift()
    if (waiting.length) this.turns.push(key)
    else this.byKey.delete(key)
    return waiter
  }
}

/** What the shared budget granted: `granted` requests may go now (counted); none: ask again in `waitMs`. */
export interface SharedGrant {
  readonly granted: number
  readonly waitMs: number
}

/** A budget shared with the bot's other processes (shared-budget.ts: Redis). */
export interface SharedBudget {
  /** False while the shared budget cannot be reached: the process keeps its static slice then. */
  readonly up: boolean
  /** Places for up to `wanted` requests, as many as the budget has now. Rejects when unreachable. */
  take(wanted: number): Promise<SharedGrant>
  /** Every process waits `ms` (a global 429's retry_after). */
  pause(ms: number): void
}

/**
 * The bot's own keeper of Discord's global limit (50 requests a second per bot): at most
 * `perSecond` requests in any second, spread out (`Pace`), kept a little under the limit so the
 * bot never earns a 429 (on Discord 429s count toward the ban for invalid requests, 10,000 in 10
 * minutes). Waiting requests go by lane (`LANE_DELAY_MS`), and within a lane the keys (channels)
 * take turns, so one busy table cannot starve the others. A request is counted when it is let
 * go, and goes on the wire at once after (discord.js's handling of per-route limits aside).
 *
 * With a `shared` budget (every process of the bot drawing from one budget in Redis), the request
 * whose turn it is here also takes its place there before it goes: a busy process may then use
 * all of `perSecond` while the others idle. While the shared budget is down the process keeps
 * `slicePerSecond` alone (its static share of the bot's limit), and draws from the shared one
 * again once it is back.
 */
export class GlobalBudget {
  private readonly pace: Pace
  private readonly slice: Pace
  private readonly lanes: Record<Lane, LaneQueue> = {
    create: new LaneQueue('create', LANE_DELAY_MS.create),
    edit: new LaneQueue('edit', LANE_DELAY_MS.edit),
    delete: new LaneQueue('delete', LANE_DELAY_MS.delete),
  }
  /**
   * Told of every request the budget lets go: its lane, how long it waited (from `since`), and the
   * clock's reading it went at (the one the pace counted it at). For the metrics' budget wait.
   */
  onLetGo: ((lane: Lane, waitedMs: number, at: number) => void) | null = null
  private cancelTimer: (() => void) | null = null
  /** A take from the shared budget is on its way: the next request waits for its answer. */
  private asking = false

  constructor(
    readonly perSecond: number,
    readonly clock: Clock = systemClock,
    private readonly shared: SharedBudget | null = null,
    readonly slicePerSecond: number = perSecond,
  ) {
    this.pace = new Pace(perSecond)
    this.slice = shared ? new Pace(slicePerSecond) : this.pace
  }

  /** Requests waiting for their turn. */
  get backlog(): number {
    return this.lanes.create.size + this.lanes.edit.size + this.lanes.delete.size
  }

  /** Whether requests draw from the shared budget now (false without one, or while it is down). */
  get drawsShared(): boolean {
    return this.shared?.up === true
  }

  /**
   * Resolves when the request may go (at once while the budget allows and nothing waits). `since`:
   * when the request was made, if it waited elsewhere before (its turn counts its whole wait).
   */
  take(lane: Lane, key: string, since: number = this.clock.now()): Promise<void> {
    return new Promise((go) => {
      this.lanes[lane].push(key, { since, go })
      this.release()
    })
  }

  /**
   * Lets nothing go before `at` (Discord answered a 429 for the global limit: its retry_after),
   * in every process when the budget is shared.
   */
  pauseUntil(at: number): void {
    this.pace.pauseUntil(at)
    this.slice.pauseUntil(at)
    if (this.shared?.up) this.shared.pause(at - this.clock.now())
  }

  /** Lets waiting requests go while the window has room; otherwise waits for the window to move. */
  private release(): void {
    if (this.asking) return
    for (;;) {
      const next = this.nextLane()
      if (!next) return
      const now = this.clock.now()
      const pace = this.drawsShared ? this.pace : this.slice
      const free = pace.freeAt(now)
      if (free > now) return this.wakeAt(free)
      if (pace === this.pace && this.shared) return void this.takeShared()
      pace.record(now)
      this.letGo(next, now)
    }
  }

  /**
   * Asks the shared budget for places for the waiting requests (as many as a burst: one question
   * at a time, so a question answered slowly must not hold the process to one request per round
   * trip); on an answer (or a failure) goes on releasing.
   */
  private async takeShared(): Promise<void> {
    this.asking = true
    let grant: SharedGrant | null
    try {
      grant = await this.shared!.take(Math.min(BURST, this.backlog))
    } catch {
      // Down (it has logged so): the static slice decides from now on.
      grant = null
    }
    this.asking = false
    if (grant?.granted === 0) return this.wakeAt(this.clock.now() + grant.waitMs)
    for (let i = 0; i < (grant?.granted ?? 0); i++) {
      const now = this.clock.now()
      this.pace.record(now)
      this.letGo(this.nextLane()!, now)
    }
    this.release()
  }

  private letGo(lane: LaneQueue, now: number): void {
    const waiter = lane.shift()!
    this.onLetGo?.(lane.lane, now - waiter.since, now)
    waiter.go()
  }

  /** The lane whose request at its front is the most overdue (its wait past the lane's delay). */
  private nextLane(): LaneQueue | undefined {
    let best: LaneQueue | undefined
    let bestDue = Infinity
    for (const lane of Object.values(this.lanes)) {
      const front = lane.peek()
      if (front && front.since + lane.delayMs < bestDue) {
        best = lane
        bestDue = front.since + lane.delayMs
      }
    }
    return best
  }

  private wakeAt(at: number): void {
    if (this.cancelTimer) return
    this.cancelTimer = this.clock.schedule(at, () => {
      this.cancelTimer = null
      this.release()
    })
  }
}
