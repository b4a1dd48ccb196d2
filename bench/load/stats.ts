import type { RequestClass } from '../../src/sandbox/discord/index.js'

/** Latencies, counts and errors the members saw, merged over every table. */
export class LoadStats {
  interactions = 0
  readonly ackMs: number[] = []
  /** A move's answer: from the click to the private view showing the move made. */
  readonly answerMs: number[] = []
  movesAcknowledged = 0
  refusedMoves = 0
  /** Private views opened with the table message's "Your hand" because no ping was there. */
  viewsWithoutPing = 0
  tablesOpened = 0
  readonly errors: string[] = []
  /** Interaction ids of the moves the members saw made, per table. */
  readonly acknowledged = new Map<string, Set<string>>()
  /** False during set-up: only the measured window counts latencies and moves. */
  measuring = false

  /** An interaction answered (its acknowledgement time) or failed (null). */
  interaction(ackMs: number | null): void {
    if (!this.measuring) return
    this.interactions++
    if (ackMs !== null) this.ackMs.push(ackMs)
  }

  move(tableId: string, interactionId: string, answerMs: number): void {
    let ids = this.acknowledged.get(tableId)
    if (!ids) this.acknowledged.set(tableId, (ids = new Set()))
    ids.add(interactionId)
    if (!this.measuring) return
    this.movesAcknowledged++
    this.answerMs.push(answerMs)
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

export const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits
