import { Prisma } from '../generated/prisma/client.js'
import { bool, msOrNull, num, numOrNull, type Sql } from './sql.js'

export type TableStatusValue = 'lobby' | 'playing' | 'finished' | 'aborted'

/** The statuses of an open table: waiting for players, or playing. */
export const OPEN_STATUSES = ['lobby', 'playing'] as const
export type OpenStatus = (typeof OPEN_STATUSES)[number]

/** Whether a table with this status is open (its seats, chips and timers still in play). */
export function isOpen(status: string): status is OpenStatus {
  return status === 'lobby' || status === 'playing'
}

export interface SeatRecord {
  readonly userId: string
  readonly joinOrder: number
  readonly position: number | null
  readonly stack: number
  /** Chips brought and not taken away (buy-ins minus cash-outs); the seat's result is stack - brought. */
  readonly brought: number
  readonly status: 'seated' | 'left'
  readonly missedTurns: number
  readonly away: boolean
}

/** Seats in the order they joined: how a table lists them, and the order the next game seats them in. */
export function byJoinOrder(a: Pick<SeatRecord, 'joinOrder'>, b: Pick<SeatRecord, 'joinOrder'>): number {
  return a.joinOrder - b.joinOrder
}

/** What identifies a stored table's state: its version, and the columns written without a version bump. */
export interface TableVersion {
  readonly version: number
  readonly messageId: string | null
  readonly remindedFor: number | null
}

/** A table row with its JSON columns parsed. */
export interface TableRecord {
  readonly id: string
  readonly game: string
  readonly guildId: string
  readonly channelId: string
  readonly messageId: string | null
  readonly status: TableStatusValue
  readonly creatorId: string
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
  /** The break between two games (ms) before the next one is dealt by itself. */
  readonly breakMs: number
  readonly state: unknown
  readonly seed: number | null
  readonly version: number
  readonly deadlineAt: number | null
  readonly remindedFor: number | null
  /** The agreed end (ms since epoch), null when none was agreed. */
  readonly endsAt: number | null
  readonly pot: number
  /** Tournaments: the entry fees in the prize pool (real chips, apart from the tournament chips in play). */
  readonly prize: number
  readonly potShares: number[]
  readonly gamesPlayed: number
  readonly logSize: number
  /** Freeze-outs: the chips each player began the hand in play with, and who is out so far. */
  readonly knockouts: Knockouts
  /** The host ended the table during a game: it closes once that game is over. */
  readonly endAfterGame: boolean
  /** When the table was opened (ms since epoch): a lobby expires from it. */
  readonly createdAt: number
  readonly seats: SeatRecord[]
}

/** A player knocked out of a freeze-out: in which hand, and with how many chips that hand began. */
export interface Bust {
  readonly userId: string
  readonly hand: number
  readonly stack: number
}

/** A freeze-out's knock-outs (the ratings rank its players by them): who is out, in order. */
export interface Knockouts {
  /** Chips each player in the hand now in play held when it began (blinds not yet posted). */
  readonly start: Readonly<Record<string, number>>
  readonly out: readonly Bust[]
}

function readKnockouts(text: string): Knockouts {
  const k = JSON.parse(text) as Partial<Knockouts>
  return { start: k.start ?? {}, out: k.out ?? [] }
}

export interface NewTable {
  readonly id: string
  readonly game: string
  readonly guildId: string
  readonly channelId: string
  readonly creatorId: string
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
  readonly breakMs: number
  readonly endsAt: number | null
}

/** What a write changes; seats are written whole (the few seats of a table). */
export interface TablePatch {
  readonly status?: TableStatusValue
  readonly state?: unknown
  readonly seed?: number | null
  readonly deadlineAt?: number | null
  readonly pot?: number
  readonly prize?: number
  readonly potShares?: number[]
  readonly gamesPlayed?: number
  readonly logSize?: number
  readonly knockouts?: Knockouts
  readonly endAfterGame?: boolean
  readonly seats?: readonly SeatRecord[]
}

export const openChannelKey = (guildId: string, channelId: string) => `${guildId}:${channelId}`

/**
 * A GameTable row left-joined with one of its seats (seat columns null for a table without
 * seats). Numbers, times and booleans as the driver gives them: read with the sql.ts readers.
 */
type JoinedRow = {
  id: string
  game: string
  guildId: string
  channelId: string
  messageId: string | null
  status: string
  creatorId: string
  options: string
  buyIn: unknown
  turnMs: unknown
  breakMs: unknown
  state: string | null
  seed: unknown
  version: unknown
  deadlineAt: unknown
  remindedFor: unknown
  endsAt: unknown
  pot: unknown
  prize: unknown
  potShares: string
  gamesPlayed: unknown
  logSize: unknown
  knockouts: string
  endAfterGame: unknown
  createdAt: unknown
  seatUserId: string | null
  joinOrder: unknown
  position: unknown
  stack: unknown
  brought: unknown
  seatStatus: string | null
  missedTurns: unknown
  away: unknown
}

const SELECT_JOINED = Prisma.sql`
  SELECT t."id", t."game", t."guildId", t."channelId", t."messageId", t."status", t."creatorId", t."options", t."buyIn",
    t."turnMs", t."breakMs", t."state", t."seed", t."version", t."deadlineAt", t."remindedFor", t."endsAt", t."pot",
    t."prize", t."potShares", t."gamesPlayed", t."logSize", t."knockouts", t."endAfterGame", t."createdAt",
    s."userId" AS "seatUserId", s."joinOrder", s."position", s."stack", s."brought", s."status" AS "seatStatus",
    s."missedTurns", s."away"
  FROM "GameTable" t LEFT JOIN "TableSeat" s ON s."tableId" = t."id"`

/** Joined rows (in table order) to records, seats in joining order. */
function records(rows: JoinedRow[]): TableRecord[] {
  const byId = new Map<string, { first: JoinedRow; seats: SeatRecord[] }>()
  for (const r of rows) {
    let t = byId.get(r.id)
    if (!t) byId.set(r.id, (t = { first: r, seats: [] }))
    if (r.seatUserId === null) continue
    t.seats.push({
      userId: r.seatUserId,
      joinOrder: num(r.joinOrder),
      position: numOrNull(r.position),
      stack: num(r.stack),
      brought: num(r.brought),
      status: r.seatStatus as 'seated' | 'left',
      missedTurns: num(r.missedTurns),
      away: bool(r.away),
    })
  }
  return [...byId.values()].map(({ first: r, seats }) => ({
    id: r.id,
    game: r.game,
    guildId: r.guildId,
    channelId: r.channelId,
    messageId: r.messageId,
    status: r.status as TableStatusValue,
    creatorId: r.creatorId,
    options: JSON.parse(r.options) as Record<string, unknown>,
    buyIn: num(r.buyIn),
    turnMs: num(r.turnMs),
    breakMs: num(r.breakMs),
    state: r.state === null ? null : (JSON.parse(r.state) as unknown),
    seed: numOrNull(r.seed),
    version: num(r.version),
    deadlineAt: msOrNull(r.deadlineAt),
    remindedFor: msOrNull(r.remindedFor),
    endsAt: msOrNull(r.endsAt),
    pot: num(r.pot),
    prize: num(r.prize),
    potShares: JSON.parse(r.potShares) as number[],
    gamesPlayed: num(r.gamesPlayed),
    logSize: num(r.logSize),
    knockouts: readKnockouts(r.knockouts),
    endAfterGame: bool(r.endAfterGame),
    createdAt: msOrNull(r.createdAt) ?? 0,
    seats: seats.sort(byJoinOrder),
  }))
}

/** A table's server and channel. */
export interface TablePlace {
  readonly guildId: string
  readonly channelId: string
}

/** Game tables and their seats. Writes are guarded by the version (optimistic concurrency). */
export class Tables {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** Every action that is not answered from the service's last copy starts here: one joined read. */
  async get(id: string): Promise<TableRecord | null> {
    return records(await this.sql.query<JoinedRow>(Prisma.sql`${SELECT_JOINED} WHERE t."id" = ${id}`))[0] ?? null
  }

  /**
   * A table's version and the columns a change of version does not cover (null: no such table):
   * enough to tell whether a record kept from the last change is still the stored one.
   */
  async versionOf(id: string): Promise<TableVersion | null> {
    const [row] = await this.sql.query<{ version: unknown; messageId: string | null; remindedFor: unknown }>(
      Prisma.sql`SELECT "version", "messageId", "remindedFor" FROM "GameTable" WHERE "id" = ${id}`,
    )
    return row ? { version: num(row.version), messageId: row.messageId, remindedFor: msOrNull(row.remindedFor) } : null
  }

  /** Where a table is (its server and channel, which never change), without reading the rest. */
  async place(id: string): Promise<TablePlace | null> {
    const [row] = await this.sql.query<TablePlace>(
      Prisma.sql`SELECT "guildId", "channelId" FROM "GameTable" WHERE "id" = ${id}`,
    )
    return row ? { guildId: row.guildId, channelId: row.channelId } : null
  }

  /** The lobby or running table of a channel. */
  async openInChannel(guildId: string, channelId: string): Promise<TableRecord | null> {
    return (
      records(
        await this.sql.query<JoinedRow>(
          Prisma.sql`${SELECT_JOINED} WHERE t."openChannel" = ${openChannelKey(guildId, channelId)}`,
        ),
      )[0] ?? null
    )
  }

  /** The newest table of a channel, open or ended (`/table log` after a table closed). */
  async lastInChannel(guildId: string, channelId: string): Promise<TableRecord | null> {
    const [row] = await this.sql.query<{ id: string }>(
      Prisma.sql`SELECT "id" FROM "GameTable" WHERE "guildId" = ${guildId} AND "channelId" = ${channelId}
        ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`,
    )
    return row ? this.get(row.id) : null
  }

  /** Creates a lobby; throws a unique violation if the channel already has an open table. */
  async create(t: NewTable): Promise<TableRecord> {
    const now = new Date(this.now())
    await this.sql.execute(Prisma.sql`
      INSERT INTO "GameTable" ("id", "game", "guildId", "channelId", "status", "openChannel", "creatorId", "options",
        "buyIn", "turnMs", "breakMs", "version", "pot", "potShares", "gamesPlayed", "logSize", "endsAt", "createdAt",
        "updatedAt")
      VALUES (${t.id}, ${t.game}, ${t.guildId}, ${t.channelId}, ${'lobby'}, ${openChannelKey(t.guildId, t.channelId)},
        ${t.creatorId}, ${JSON.stringify(t.options)}, ${t.buyIn}, ${t.turnMs}, ${t.breakMs}, ${0}, ${0}, ${'[]'}, ${0},
        ${0}, ${t.endsAt === null ? null : new Date(t.endsAt)}, ${now}, ${now})`)
    return {
      ...t,
      options: JSON.parse(JSON.stringify(t.options)) as Record<string, unknown>,
      messageId: null,
      status: 'lobby',
      state: null,
      seed: null,
      version: 0,
      deadlineAt: null,
      remindedFor: null,
      pot: 0,
      prize: 0,
      potShares: [],
      gamesPlayed: 0,
      logSize: 0,
      knockouts: { start: {}, out: [] },
      endAfterGame: false,
      createdAt: now.getTime(),
      seats: [],
    }
  }

  async setMessageId(id: string, messageId: string | null): Promise<void> {
    await this.sql.execute(Prisma.sql`UPDATE "GameTable" SET "messageId" = ${messageId} WHERE "id" = ${id}`)
  }

  /**
   * Notes the reminder for `deadline` as due, once (not a game change: no version bump). False
   * when the table waits for another deadline now, or the reminder was already noted.
   */
  async claimReminder(id: string, deadline: number): Promise<boolean> {
    const at = new Date(deadline)
    const claimed = await this.sql.execute(
      Prisma.sql`UPDATE "GameTable" SET "remindedFor" = ${at}
        WHERE "id" = ${id} AND "status" = ${'playing'} AND "deadlineAt" = ${at}
          AND ("remindedFor" IS NULL OR "remindedFor" <> ${at})`,
    )
    return claimed === 1
  }

  /**
   * Claims the firing of `deadline` at table `id` for `by`; false when it is claimed already (a
   * process sharing the database fired it). Called in the transaction that plays the deadline:
   * a rolled-back firing leaves no claim, and on PostgreSQL a second claimant waits for the first
   * transaction's outcome.
   */
  async claimDeadline(id: string, deadline: number, by: string): Promise<boolean> {
    const at = new Date(deadline)
    const claimed = await this.sql.execute(Prisma.sql`
      INSERT INTO "DeadlineClaim" ("tableId", "deadlineAt", "claimedBy", "claimedAt")
      VALUES (${id}, ${at}, ${by}, ${new Date(this.now())})
      ON CONFLICT ("tableId") DO UPDATE SET "deadlineAt" = excluded."deadlineAt", "claimedBy" = excluded."claimedBy",
        "claimedAt" = excluded."claimedAt"
      WHERE "DeadlineClaim"."deadlineAt" <> excluded."deadlineAt"`)
    return claimed === 1
  }

  /**
   * Writes a change made on top of `version`, bumping it. False (nothing written) when the
   * table moved on meanwhile: the caller refuses with "the table changed". `seats` are written
   * where they differ from `before` (the seats as read).
   */
  async update(id: string, version: number, patch: TablePatch, before: readonly SeatRecord[] = []): Promise<boolean> {
    const ended = patch.status === 'finished' || patch.status === 'aborted'
    const now = new Date(this.now())
    const set: Prisma.Sql[] = [Prisma.sql`"version" = ${version + 1}`, Prisma.sql`"updatedAt" = ${now}`]
    if (patch.status !== undefined) set.push(Prisma.sql`"status" = ${patch.status}`)
    if (ended) set.push(Prisma.sql`"openChannel" = ${null}`, Prisma.sql`"endedAt" = ${now}`)
    if (patch.state !== undefined)
      set.push(Prisma.sql`"state" = ${patch.state === null ? null : JSON.stringify(patch.state)}`)
    if (patch.seed !== undefined) set.push(Prisma.sql`"seed" = ${patch.seed}`)
    if (patch.deadlineAt !== undefined)
      set.push(Prisma.sql`"deadlineAt" = ${patch.deadlineAt === null ? null : new Date(patch.deadlineAt)}`)
    if (patch.pot !== undefined) set.push(Prisma.sql`"pot" = ${patch.pot}`)
    if (patch.prize !== undefined) set.push(Prisma.sql`"prize" = ${patch.prize}`)
    if (patch.potShares !== undefined) set.push(Prisma.sql`"potShares" = ${JSON.stringify(patch.potShares)}`)
    if (patch.gamesPlayed !== undefined) set.push(Prisma.sql`"gamesPlayed" = ${patch.gamesPlayed}`)
    if (patch.logSize !== undefined) set.push(Prisma.sql`"logSize" = ${patch.logSize}`)
    if (patch.knockouts !== undefined) set.push(Prisma.sql`"knockouts" = ${JSON.stringify(patch.knockouts)}`)
    if (patch.endAfterGame !== undefined) set.push(Prisma.sql`"endAfterGame" = ${patch.endAfterGame}`)
    const done = await this.sql.execute(
      Prisma.sql`UPDATE "GameTable" SET ${Prisma.join(set)} WHERE "id" = ${id} AND "version" = ${version}`,
    )
    if (done !== 1) return false
    if (patch.seats) await this.writeSeats(id, patch.seats, before)
    return true
  }

  private async writeSeats(
    tableId: string,
    seats: readonly SeatRecord[],
    before: readonly SeatRecord[],
  ): Promise<void> {
    const old = new Map(before.map((s) => [s.userId, s]))
    for (const s of seats) {
      const was = old.get(s.userId)
      if (!was) {
        await this.sql.execute(Prisma.sql`
          INSERT INTO "TableSeat" ("tableId", "userId", "joinOrder", "position", "stack", "brought", "status",
            "missedTurns", "away", "joinedAt")
          VALUES (${tableId}, ${s.userId}, ${s.joinOrder}, ${s.position}, ${s.stack}, ${s.brought}, ${s.status},
            ${s.missedTurns}, ${s.away}, ${new Date(this.now())})`)
      } else if (
        was.joinOrder !== s.joinOrder ||
        was.position !== s.position ||
        was.stack !== s.stack ||
        was.brought !== s.brought ||
        was.status !== s.status ||
        was.missedTurns !== s.missedTurns ||
        was.away !== s.away
      ) {
        await this.sql.execute(
          Prisma.sql`UPDATE "TableSeat" SET "joinOrder" = ${s.joinOrder}, "position" = ${s.position}, "stack"
            = ${s.stack}, "brought" = ${s.brought}, "status" = ${s.status}, "missedTurns" = ${s.missedTurns},
              "away" = ${s.away} WHERE "tableId" = ${tableId} AND "userId" = ${s.userId}`,
        )
      }
    }
  }

  /**
   * Chips a user has at the open tables of a server: their stacks, and at a tournament the entry
   * fee in its prize pool (practice and tournament chips are nobody's: not counted).
   */
  async stacksOf(guildId: string, userId: string): Promise<number> {
    const open = Prisma.sql`s."userId" = ${userId} AND t."guildId" = ${guildId} AND t."status" IN (${Prisma.join(OPEN_STATUSES)})`
    const [row] = await this.sql.query<{ n: unknown; fees: unknown }>(Prisma.sql`
      SELECT (SELECT COALESCE(SUM(s."stack"), 0) FROM "TableSeat" s JOIN "GameTable" t ON t."id" = s."tableId"
        WHERE ${open} AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."tableId" = t."id"
          AND l."fromKind" IN (${'practice'}, ${'tournament'}))) AS "n",
      (SELECT COALESCE(SUM(CASE WHEN l."fromKind" = ${'wallet'} THEN l."amount" ELSE -l."amount" END), 0)
        FROM "TableSeat" s JOIN "GameTable" t ON t."id" = s."tableId" JOIN "LedgerEntry" l ON l."tableId" = t."id"
        WHERE ${open} AND ((l."fromKind" = ${'wallet'} AND l."toKind" = ${'prize'} AND l."fromUserId" = s."userId")
          OR (l."fromKind" = ${'prize'} AND l."toKind" = ${'wallet'} AND l."toUserId" = s."userId"))) AS "fees"`)
    return num(row?.n ?? 0) + num(row?.fees ?? 0)
  }

  /** How many open tables (lobby or playing) a member opened in a server. */
  async openedBy(guildId: string, creatorId: string): Promise<number> {
    const [row] = await this.sql.query<{ n: unknown }>(Prisma.sql`
      SELECT COUNT(*) AS "n" FROM "GameTable"
      WHERE "guildId" = ${guildId} AND "creatorId" = ${creatorId} AND "status" IN (${Prisma.join(OPEN_STATUSES)})`)
    return num(row?.n ?? 0)
  }

  /** Lobbies opened before `before` (ms), oldest first, at most `limit`: those that expired. */
  async lobbiesOpenedBefore(before: number, limit: number): Promise<{ id: string; guildId: string }[]> {
    return this.sql.query<{ id: string; guildId: string }>(Prisma.sql`
      SELECT "id", "guildId" FROM "GameTable" WHERE "status" = ${'lobby'} AND "createdAt" < ${new Date(before)}
      ORDER BY "createdAt", "id" LIMIT ${limit}`)
  }

  /** When the oldest lobby was opened (ms), or null when no lobby is open. */
  async oldestLobby(): Promise<number | null> {
    const [row] = await this.sql.query<{ at: unknown }>(
      Prisma.sql`SELECT MIN("createdAt") AS "at" FROM "GameTable" WHERE "status" = ${'lobby'}`,
    )
    return msOrNull(row?.at ?? null)
  }

  /** The open tables of a server (id, channel, version): to close them when the server is gone, to redraw them. */
  async openInGuild(guildId: string): Promise<{ id: string; channelId: string; version: number }[]> {
    return this.sql.query<{ id: string; channelId: string; version: number }>(Prisma.sql`
      SELECT "id", "channelId", "version" FROM "GameTable" WHERE "guildId" = ${guildId} AND "status" IN (${Prisma.join(OPEN_STATUSES)})
      ORDER BY "createdAt", "id"`)
  }

  /**
   * Running tables whose deadline is at or before `now`, oldest deadline first, at most `limit`
   * (the deadline sweep: a table its timer missed still moves).
   */
  async overdue(now: number, limit: number): Promise<TableRecord[]> {
    const ids = await this.sql.query<{ id: string }>(
      Prisma.sql`SELECT "id" FROM "GameTable" WHERE "status" = ${'playing'} AND "deadlineAt" <= ${new Date(now)}
        ORDER BY "deadlineAt", "id" LIMIT ${limit}`,
    )
    if (ids.length === 0) return []
    return records(
      await this.sql.query<JoinedRow>(
        Prisma.sql`${SELECT_JOINED} WHERE t."id" IN (${Prisma.join(ids.map((r) => r.id))}) ORDER BY t."deadlineAt", t."id"`,
      ),
    )
  }

  /** Lobbies and running tables, for re-arming deadlines after a restart. */
  async active(): Promise<TableRecord[]> {
    return records(
      await this.sql.query<JoinedRow>(
        Prisma.sql`${SELECT_JOINED} WHERE t."status" IN (${Prisma.join(OPEN_STATUSES)}) ORDER BY t."createdAt", t."id"`,
      ),
    )
  }
}
