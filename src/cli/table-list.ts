import type { Store } from '../store/index.js'
import { lastMoves, openTables, OVERDUE_AFTER_MS, pendingEffects, type OpenTableRow } from '../store/operator.js'

/**
 * How long an effect may wait before its table counts as stuck: delivery takes seconds, and a
 * busy bot's backlog (Discord's global limit) drains in well under this.
 */
export const UNDELIVERED_AFTER_MS = 5 * 60_000

/**
 * An open table that never got its table message a minute after it opened: the bot could not
 * post in its channel (deleted, or the bot lost access). Whether a channel exists cannot be told
 * without Discord; the running bot closes the tables of channels it learns are gone.
 */
export const NO_MESSAGE_AFTER_MS = 60_000

export type StuckReason = 'deadline-overdue' | 'effects-undelivered' | 'no-table-message'

export interface TableLine extends OpenTableRow {
  /** When its game last changed (the newest action-log entry); null: never (a lobby). */
  readonly lastMovedAt: number | null
  readonly pendingEffects: number
  readonly oldestPendingAt: number | null
  readonly stuck: readonly StuckReason[]
}

/** Every open table (of one server with `guildId`), with why it looks stuck; only the stuck ones with `stuck`. */
export async function listTables(
  store: Store,
  opts: { readonly guildId?: string; readonly stuck?: boolean; readonly now: number },
): Promise<TableLine[]> {
  const open = await openTables(store.prisma, opts.guildId)
  const [moved, pending] = await Promise.all([
    lastMoves(
      store.prisma,
      open.map((t) => t.id),
    ),
    pendingEffects(store.prisma),
  ])
  const pendingOf = new Map(pending.map((p) => [p.tableId, p]))
  const lines = open.map((t): TableLine => {
    const effects = pendingOf.get(t.id)
    const stuck: StuckReason[] = []
    if (t.status === 'playing' && t.deadlineAt !== null && t.deadlineAt < opts.now - OVERDUE_AFTER_MS)
      stuck.push('deadline-overdue')
    if (effects && effects.oldestAt < opts.now - UNDELIVERED_AFTER_MS) stuck.push('effects-undelivered')
    if (t.messageId === null && t.createdAt < opts.now - NO_MESSAGE_AFTER_MS) stuck.push('no-table-message')
    return {
      ...t,
      lastMovedAt: moved.get(t.id) ?? null,
      pendingEffects: effects?.count ?? 0,
      oldestPendingAt: effects?.oldestAt ?? null,
      stuck,
    }
  })
  return opts.stuck ? lines.filter((l) => l.stuck.length > 0) : lines
}

/** A duration for a person: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 24) return `${h} h ${min % 60} min`
  return `${Math.floor(h / 24)} d ${h % 24} h`
}

/** The lines as a plain-text table, one row per table, columns padded. */
export function formatTables(lines: readonly TableLine[], now: number): string {
  if (!lines.length) return 'No open tables.\n'
  const ago = (at: number | null) => (at === null ? 'never' : `${duration(now - at)} ago`)
  const rows = [
    ['TABLE', 'GAME', 'STATE', 'AGE', 'LAST MOVED', 'DEADLINE', 'PENDING', 'SERVER', 'CHANNEL', 'STUCK'],
    ...lines.map((l) => [
      l.id,
      l.game,
      l.status,
      duration(now - l.createdAt),
      ago(l.lastMovedAt),
      l.deadlineAt === null
        ? '-'
        : l.deadlineAt < now
          ? `${duration(now - l.deadlineAt)} over`
          : `in ${duration(l.deadlineAt - now)}`,
      l.pendingEffects ? `${l.pendingEffects} (${duration(now - l.oldestPendingAt!)})` : '0',
      l.guildId,
      l.channelId,
      l.stuck.join(',') || '-',
    ]),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return (
    rows
      .map((r) =>
        r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  )
}
