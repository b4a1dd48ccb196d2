import type { PrismaClient } from '../generated/prisma/client.js'
import { OPEN_STATUSES } from './tables.js'

/**
 * Reads for the operator's view (metrics, `npm run tables`): plain reads outside any transaction,
 * a few columns each, never in a player's path.
 */

/**
 * How long past its deadline a table's turn may stay before it counts as overdue: the scheduler
 * plays a due deadline within a second, so a minute past it means no process is playing it.
 */
export const OVERDUE_AFTER_MS = 60_000

/** An open table as the operator sees it. Times in ms since the epoch. */
export interface OpenTableRow {
  readonly id: string
  readonly game: string
  readonly guildId: string
  readonly channelId: string
  readonly status: 'lobby' | 'playing'
  readonly createdAt: number
  readonly updatedAt: number
  readonly deadlineAt: number | null
  readonly messageId: string | null
}

/** Every open table (lobby or playing), oldest first; of one server with `guildId`. */
export async function openTables(prisma: PrismaClient, guildId?: string): Promise<OpenTableRow[]> {
  const rows = await prisma.gameTable.findMany({
    where: { status: { in: [...OPEN_STATUSES] }, ...(guildId !== undefined ? { guildId } : {}) },
    select: {
      id: true,
      game: true,
      guildId: true,
      channelId: true,
      status: true,
      createdAt: true,
      updatedAt: true,
      deadlineAt: true,
      messageId: true,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  return rows.map((r) => ({
    ...r,
    status: r.status as 'lobby' | 'playing',
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    deadlineAt: r.deadlineAt?.getTime() ?? null,
  }))
}

/** Effects still to deliver, per table: how many and since when (the oldest's creation). */
export interface PendingEffects {
  readonly tableId: string
  readonly guildId: string | null
  readonly count: number
  readonly oldestAt: number
}

/** The outbox's backlog by table (tables ended meanwhile included: their last effects may still be due). */
export async function pendingEffects(prisma: PrismaClient): Promise<PendingEffects[]> {
  const groups = await prisma.tableEffect.groupBy({
    by: ['tableId'],
    where: { status: 'pending' },
    _count: { _all: true },
    _min: { createdAt: true },
  })
  if (!groups.length) return []
  const guilds = await prisma.gameTable.findMany({
    where: { id: { in: groups.map((g) => g.tableId) } },
    select: { id: true, guildId: true },
  })
  const guildOf = new Map(guilds.map((g) => [g.id, g.guildId]))
  return groups.map((g) => ({
    tableId: g.tableId,
    guildId: guildOf.get(g.tableId) ?? null,
    count: g._count._all,
    oldestAt: g._min.createdAt?.getTime() ?? 0,
  }))
}

/** When each of these tables last changed its game: the newest entry of its action log. */
export async function lastMoves(prisma: PrismaClient, tableIds: readonly string[]): Promise<Map<string, number>> {
  const moved = new Map<string, number>()
  // A bounded IN list per query: SQLite binds at most 32,766 parameters.
  for (let i = 0; i < tableIds.length; i += 500) {
    const groups = await prisma.actionLog.groupBy({
      by: ['tableId'],
      where: { tableId: { in: tableIds.slice(i, i + 500) } },
      _max: { createdAt: true },
    })
    for (const g of groups) if (g._max.createdAt) moved.set(g.tableId, g._max.createdAt.getTime())
  }
  return moved
}
