import type { GameId } from '../games/core/engine.js'
import { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

export type TableStatusValue = 'lobby' | 'playing' | 'finished' | 'aborted'

export interface SeatRecord {
  readonly userId: string
  readonly joinOrder: number
  readonly position: number | null
  readonly stack: number
  readonly status: 'seated' | 'left'
  readonly missedTurns: number
  readonly away: boolean
}

/** A table row with its JSON columns parsed. */
export interface TableRecord {
  readonly id: string
  readonly game: GameId
  readonly guildId: string
  readonly channelId: string
  readonly messageId: string | null
  readonly status: TableStatusValue
  readonly creatorId: string
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
  readonly state: unknown
  readonly seed: number | null
  readonly version: number
  readonly deadlineAt: number | null
  readonly pot: number
  readonly potShares: number[]
  readonly gamesPlayed: number
  readonly logSize: number
  readonly seats: SeatRecord[]
}

export interface NewTable {
  readonly id: string
  readonly game: GameId
  readonly guildId: string
  readonly channelId: string
  readonly creatorId: string
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
}

/** What a write changes; seats are written whole (the few seats of a table). */
export interface TablePatch {
  readonly status?: TableStatusValue
  readonly state?: unknown
  readonly seed?: number | null
  readonly deadlineAt?: number | null
  readonly pot?: number
  readonly potShares?: number[]
  readonly gamesPlayed?: number
  readonly logSize?: number
  readonly seats?: readonly SeatRecord[]
}

export const openChannelKey = (guildId: string, channelId: string) => `${guildId}:${channelId}`

type JoinedRow = Omit<Row, 'seats'> & {
  seatUserId: string | null
  joinOrder: number | null
  position: number | null
  stack: number | null
  seatStatus: string | null
  missedTurns: number | null
  away: boolean | number | null
}

type Row = {
  id: string
  game: string
  guildId: string
  channelId: string
  messageId: string | null
  status: string
  creatorId: string
  options: string
  buyIn: number
  turnMs: number
  state: string | null
  seed: number | null
  version: number
  deadlineAt: Date | null
  pot: number
  potShares: string
  gamesPlayed: number
  logSize: number
  seats: { userId: string; joinOrder: number; position: number | null; stack: number; status: string; missedTurns: number; away: boolean }[]
}

function record(r: Row): TableRecord {
  return {
    id: r.id,
    game: r.game as GameId,
    guildId: r.guildId,
    channelId: r.channelId,
    messageId: r.messageId,
    status: r.status as TableStatusValue,
    creatorId: r.creatorId,
    options: JSON.parse(r.options) as Record<string, unknown>,
    buyIn: r.buyIn,
    turnMs: r.turnMs,
    state: r.state === null ? null : (JSON.parse(r.state) as unknown),
    seed: r.seed,
    version: r.version,
    deadlineAt: r.deadlineAt ? r.deadlineAt.getTime() : null,
    pot: r.pot,
    potShares: JSON.parse(r.potShares) as number[],
    gamesPlayed: r.gamesPlayed,
    logSize: r.logSize,
    seats: r.seats
      .map((s) => ({
        userId: s.userId,
        joinOrder: s.joinOrder,
        position: s.position,
        stack: s.stack,
        status: s.status as 'seated' | 'left',
        missedTurns: s.missedTurns,
        away: s.away,
      }))
      .sort((a, b) => a.joinOrder - b.joinOrder),
  }
}

const withSeats = { seats: true } as const

/** Game tables and their seats. Writes are guarded by the version (optimistic concurrency). */
export class Tables {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Every action starts here, so it is one raw statement (table and seats joined): a Prisma
   * findUnique with its seats costs several times more (query compilation per call).
   */
  async get(id: string): Promise<TableRecord | null> {
    const rows = await this.db.$queryRaw<JoinedRow[]>`
      SELECT t."id", t."game", t."guildId", t."channelId", t."messageId", t."status", t."creatorId", t."options", t."buyIn",
        t."turnMs", t."state", t."seed", t."version", t."deadlineAt", t."pot", t."potShares", t."gamesPlayed", t."logSize",
        s."userId" AS "seatUserId", s."joinOrder", s."position", s."stack", s."status" AS "seatStatus", s."missedTurns", s."away"
      FROM "GameTable" t LEFT JOIN "TableSeat" s ON s."tableId" = t."id"
      WHERE t."id" = ${id}`
    const first = rows[0]
    if (!first) return null
    const seats = rows
      .filter((r) => r.seatUserId !== null)
      .map((r) => ({ userId: r.seatUserId!, joinOrder: r.joinOrder!, position: r.position, stack: r.stack!, status: r.seatStatus!, missedTurns: r.missedTurns!, away: Boolean(r.away) }))
    return record({ ...first, seats })
  }

  /** The lobby or running table of a channel. */
  async openInChannel(guildId: string, channelId: string): Promise<TableRecord | null> {
    const row = await this.db.gameTable.findUnique({ where: { openChannel: openChannelKey(guildId, channelId) }, include: withSeats })
    return row ? record(row) : null
  }

  /** Creates a lobby; throws a unique violation if the channel already has an open table. */
  async create(t: NewTable): Promise<TableRecord> {
    const now = new Date(this.now())
    const row = await this.db.gameTable.create({
      data: {
        id: t.id,
        game: t.game,
        guildId: t.guildId,
        channelId: t.channelId,
        status: 'lobby',
        openChannel: openChannelKey(t.guildId, t.channelId),
        creatorId: t.creatorId,
        options: JSON.stringify(t.options),
        buyIn: t.buyIn,
        turnMs: t.turnMs,
        createdAt: now,
        updatedAt: now,
      },
      include: withSeats,
    })
    return record(row)
  }

  async setMessageId(id: string, messageId: string | null): Promise<void> {
    await this.db.gameTable.update({ where: { id }, data: { messageId } })
  }

  /**
   * Writes a change made on top of `version`, bumping it. False (nothing written) when the
   * table moved on meanwhile: the caller refuses with "the table changed". `seats` are written
   * where they differ from `before` (the seats as read).
   */
  async update(id: string, version: number, patch: TablePatch, before: readonly SeatRecord[] = []): Promise<boolean> {
    const ended = patch.status === 'finished' || patch.status === 'aborted'
    const now = new Date(this.now())
    // One guarded UPDATE as raw (portable) SQL: the hot path of every action.
    const set: Prisma.Sql[] = [Prisma.sql`"version" = ${version + 1}`, Prisma.sql`"updatedAt" = ${now}`]
    if (patch.status !== undefined) set.push(Prisma.sql`"status" = ${patch.status}`)
    if (ended) set.push(Prisma.sql`"openChannel" = ${null}`, Prisma.sql`"endedAt" = ${now}`)
    if (patch.state !== undefined) set.push(Prisma.sql`"state" = ${patch.state === null ? null : JSON.stringify(patch.state)}`)
    if (patch.seed !== undefined) set.push(Prisma.sql`"seed" = ${patch.seed}`)
    if (patch.deadlineAt !== undefined) set.push(Prisma.sql`"deadlineAt" = ${patch.deadlineAt === null ? null : new Date(patch.deadlineAt)}`)
    if (patch.pot !== undefined) set.push(Prisma.sql`"pot" = ${patch.pot}`)
    if (patch.potShares !== undefined) set.push(Prisma.sql`"potShares" = ${JSON.stringify(patch.potShares)}`)
    if (patch.gamesPlayed !== undefined) set.push(Prisma.sql`"gamesPlayed" = ${patch.gamesPlayed}`)
    if (patch.logSize !== undefined) set.push(Prisma.sql`"logSize" = ${patch.logSize}`)
    const done = await this.db.$executeRaw`UPDATE "GameTable" SET ${Prisma.join(set)} WHERE "id" = ${id} AND "version" = ${version}`
    if (done !== 1) return false
    if (patch.seats) await this.writeSeats(id, patch.seats, before)
    return true
  }

  private async writeSeats(tableId: string, seats: readonly SeatRecord[], before: readonly SeatRecord[]): Promise<void> {
    const old = new Map(before.map((s) => [s.userId, s]))
    for (const s of seats) {
      const was = old.get(s.userId)
      if (!was) {
        const data = { joinOrder: s.joinOrder, position: s.position, stack: s.stack, status: s.status, missedTurns: s.missedTurns, away: s.away }
        await this.db.tableSeat.create({ data: { tableId, userId: s.userId, joinedAt: new Date(this.now()), ...data } })
      } else if (
        was.joinOrder !== s.joinOrder ||
        was.position !== s.position ||
        was.stack !== s.stack ||
        was.status !== s.status ||
        was.missedTurns !== s.missedTurns ||
        was.away !== s.away
      ) {
        await this.db.$executeRaw`UPDATE "TableSeat" SET "joinOrder" = ${s.joinOrder}, "position" = ${s.position}, "stack" = ${s.stack}, "status" = ${s.status}, "missedTurns" = ${s.missedTurns}, "away" = ${s.away} WHERE "tableId" = ${tableId} AND "userId" = ${s.userId}`
      }
    }
  }

  /** Chips a user has at the open tables of a server. */
  async stacksOf(guildId: string, userId: string): Promise<number> {
    const agg = await this.db.tableSeat.aggregate({
      where: { userId, table: { guildId, status: { in: ['lobby', 'playing'] } } },
      _sum: { stack: true },
    })
    return agg._sum.stack ?? 0
  }

  /** Lobbies and running tables, for re-arming deadlines after a restart. */
  async active(): Promise<TableRecord[]> {
    const rows = await this.db.gameTable.findMany({ where: { status: { in: ['lobby', 'playing'] } }, include: withSeats, orderBy: { createdAt: 'asc' } })
    return rows.map(record)
  }
}
