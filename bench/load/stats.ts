import type { RequestClass } from '../../src/sandbox/discord/index.js'

/** The measured window, in real ms (Date.now()). */
export interface Window {
  readonly start: number
  readonly end: number
}

/** Latencies, counts and errors the members saw, merged over every table. */
export class LoadStats {
  interactions = 0
  readonly ackMs: number[] = []
  /** A move's answer: from the click to the private view showing the move made. */
  readonly answerMs: number[] = []
  /** When each of those moves was sent (real ms), in the same order. */
  readonly answerSentAt: number[] = []
  movesAcknowledged = 0
  refusedMoves = 0
  /** Private views opened with the table message's "Your hand" because no ping was there. */
  viewsWithoutPing = 0
  /** Private views opened again on the same turn (a second look: `reopens`). */
  reopenedViews = 0
  tablesOpened = 0
  /** Tables closed and opened again because nothing changed at them for a while. */
  stuckTables = 0
  readonly errors: string[] = []
  /** Interaction ids of the moves the members saw made, per table. */
  readonly acknowledged = new Map<string, Set<string>>()
  /**
   * Null during set-up. Latencies count for interactions sent in the window (those answered after
   * its end included, so the slow tail is not cut off); moves and requests for what happened in it.
   */
  window: Window | null = null

  private inWindow(at: number): boolean {
    return this.window !== null && at >= this.window.start && at < this.window.end
  }

  /** An interaction sent at `sentAt`, answered (its acknowledgement time) or failed (null). */
  interaction(sentAt: number, ackMs: number | null): void {
    if (!this.inWindow(sentAt)) return
    this.interactions++
    if (ackMs !== null) this.ackMs.push(ackMs)
  }

  move(tableId: string, interactionId: string, sentAt: number): void {
    let ids = this.acknowledged.get(tableId)
    if (!ids) this.acknowledged.set(tableId, (ids = new Set()))
    ids.add(interactionId)
    const now = Date.now()
    if (this.inWindow(sentAt)) {
      this.answerMs.push(now - sentAt)
      this.answerSentAt.push(sentAt)
    }
    if (this.inWindow(now)) this.movesAcknowledged++
  }

  /** Counted when the window is on (set-up has its own retries). */
  count(what: 'viewsWithoutPing' | 'reopenedViews' | 'stuckTables' | 'refusedMoves' | 'tablesOpened'): void {
    if (what === 'tablesOpened' || this.inWindow(Date.now())) this[what]++
  }

  error(what: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error)
    this.errors.push(`${what}: ${message}`.slice(0, 600))
  }
}

export interface Percentiles {
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly max: number
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0)
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 }
}

/**
 * The answers by when their move was sent, `sliceMs` at a time from the window's start: a busy
 * bot's latency is not even over a run (tables that started together end their games together).
 */
export function answersOverTime(stats: LoadStats, start: number, sliceMs: number) {
  const slices: number[][] = []
  stats.answerSentAt.forEach((at, i) => (slices[Math.floor((at - start) / sliceMs)] ??= []).push(stats.answerMs[i]!))
  return Array.from(slices, (ms, i) => {
    const { p50, p99 } = percentiles(ms ?? [])
    return { fromSecond: (i * sliceMs) / 1000, answers: ms?.length ?? 0, p50, p99 }
  })
}

export type RequestCounts = Record<RequestClass, number>

/** Requests of each class between two counts, per applied move, and the two families' sums. */
export function perMove(before: RequestCounts, after: RequestCounts, moves: number) {
  const per = (k: RequestClass) => round((after[k] - before[k]) / Math.max(1, moves))
  const byClass = {
    interactionCallback: per('interactionCallback'),
    interactionWebhook: per('interactionWebhook'),
    messageCreate: per('messageCreate'),
    messageEdit: per('messageEdit'),
    messageDelete: per('messageDelete'),
    other: per('other'),
  }
  return {
    ...byClass,
    interaction: round(byClass.interactionCallback + byClass.interactionWebhook),
    channel: round(byClass.messageCreate + byClass.messageEdit + byClass.messageDelete),
  }
}

/** Requests of each class between two counts. */
export function requestsBetween(before: RequestCounts, after: RequestCounts): RequestCounts {
  return Object.fromEntries(Object.entries(after).map(([k, n]) => [k, n - before[k as RequestClass]])) as RequestCounts
}

export const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits

/**
 * The members' errors by kind, most frequent first: each message with its table, member and card names
 * and long ids taken out, so that 70 "deferred … Next game" errors read as one line with their count.
 */
export function errorKinds(errors: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const error of errors) {
    const kind = error
      .replace(/#table-\d+/g, '#table-N')
      .replace(/\bp\d+[a-z]\b/g, 'pN')
      .replace(/\b(?:10|[2-9TJQKA])[♠♥♦♣]/gu, 'card')
      .replace(/\d{6,}/g, 'N')
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))
}
