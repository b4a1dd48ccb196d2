import { randomBytes } from 'node:crypto'
import { Prisma } from '../generated/prisma/client.js'
import { msOrNull, num, type Sql } from './sql.js'
import type { TableVersion } from './tables.js'

/** The standings a match table ends with (the table event of type `final`). */
export interface FinalStandings {
  readonly type: 'final'
  readonly reason: 'freezeout' | 'agreedEnd'
  readonly standings: readonly { userId: string; stack: number; result: number }[]
  readonly winners: readonly string[]
  /** A tournament: what its prize pool paid, by finishing place (docs/tournaments.md). */
  readonly prizes?: readonly { userId: string; amount: number; place: number | null }[]
}

/**
 * Why a ping goes out: the turn passed to `users`; the turn's reminder (it replaces the turn
 * ping); a game (Bura game, Badugi hand, Bugami match) ended and `users` played it.
 */
export type PingReason = 'turn' | 'reminder' | 'result'

/**
 * What a change must show on Discord. refresh: draw the table message at the committed state;
 * ping: a ping for `users` (`about` says why; it replaces the table's previous ping); result: a
 * finished game's result, drawn from the state it ended in; final: a match table's final
 * standings (pinging every player in them); unping: delete the turn pings posted before it.
 */
export type EffectKind = 'refresh' | 'ping' | 'result' | 'final' | 'unping'

export type NewEffect =
  | { readonly kind: 'refresh' | 'unping' }
  | { readonly kind: 'ping'; readonly users: readonly string[]; readonly about: PingReason }
  | {
      readonly kind: 'result'
      readonly state: unknown
      readonly seats: readonly { readonly userId: string; readonly position: number | null }[]
    }
  | { readonly kind: 'final'; readonly event: FinalStandings }

export interface EffectRecord {
  readonly id: number
  readonly tableId: string
  readonly kind: EffectKind
  readonly version: number
  readonly payload: Record<string, unknown>
  readonly nonce: string
  readonly messageId: string | null
  readonly attempts: number
  readonly dueAt: number
}

type EffectRow = {
  id: unknown
  tableId: string
  kind: string
  version: unknown
  payload: string
  nonce: string
  messageId: string | null
  attempts: unknown
  dueAt: unknown
}

const COLUMNS = Prisma.sql`"id", "tableId", "kind", "version", "payload", "nonce", "messageId", "attempts", "dueAt"`

function record(r: EffectRow): EffectRecord {
  return {
    id: num(r.id),
    tableId: r.tableId,
    kind: r.kind as EffectKind,
    version: num(r.version),
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    nonce: r.nonce,
    messageId: r.messageId,
    attempts: num(r.attempts),
    dueAt: msOrNull(r.dueAt) ?? 0,
  }
}

/** An effect delivered, as the message it was shown as (null: none of its own, or not shown). */
export interface DeliveredEffect {
  readonly id: number
  readonly messageId: string | null
}

/** What a delivery reads (`Effects.forDelivery`). */
export interface DeliveryRead {
  /** The table's pending effects, oldest first. */
  readonly pending: EffectRecord[]
  /** Its turn pings posted and not yet taken back (their messages are still up), oldest first. */
  readonly posted: EffectRecord[]
  /** The table as the effects were read (null: gone, or no effect row to read it with). */
  readonly table: TableVersion | null
  /**
   * Its newest game result (delivered or not; null before the first), read with the rest and
   * parsed when asked: its payload holds a whole game state, and most deliveries draw no line on it.
   */
  latestResult(): EffectRecord | null
}

/** Discord takes nonces of up to 25 characters: 16 random base64url characters. */
const newNonce = () => randomBytes(12).toString('base64url')

/** The outbox of table effects (written with each change, marked done once Discord shows them). */
export class Effects {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** Records a change's effects (in the change's transaction), in the order they are to be shown. */
  async add(tableId: string, version: number, effects: readonly NewEffect[]): Promise<void> {
    const q = this.addStatement(tableId, version, effects)
    if (q) await this.sql.execute(q)
  }

  /** `add`'s statement (null: no effects), to write with others (`Sql.executeAll`). */
  addStatement(tableId: string, version: number, effects: readonly NewEffect[]): Prisma.Sql | null {
    if (!effects.length) return null
    const at = new Date(this.now())
    const values = effects.map(({ kind, ...payload }) => {
      return Prisma.sql`(${tableId}, ${kind}, ${version}, ${JSON.stringify(payload)}, ${newNonce()}, ${'pending'}, ${0},
        ${at}, ${at})`
    })
    return Prisma.sql`INSERT INTO "TableEffect" ("tableId", "kind", "version", "payload", "nonce", "status",
        "attempts", "dueAt", "createdAt") VALUES ${Prisma.join(values)}`
  }

  /** A table's pending effects, oldest first. */
  async pending(tableId: string): Promise<EffectRecord[]> {
    const rows = await this.sql.query<EffectRow>(
      Prisma.sql`SELECT ${COLUMNS} FROM "TableEffect" WHERE "status" = ${'pending'} AND "tableId" = ${tableId}
        ORDER BY "id"`,
    )
    return rows.map(record)
  }

  /** Every table with effects still to deliver (start-up catches up with them). */
  async pendingTables(): Promise<string[]> {
    const rows = await this.sql.query<{ tableId: string }>(
      Prisma.sql`SELECT DISTINCT "tableId" FROM "TableEffect" WHERE "status" = ${'pending'} ORDER BY "tableId"`,
    )
    return rows.map((r) => r.tableId)
  }

  /**
   * The tables with an effect pending since before `before` (ms), and their servers: the outbox
   * sweep's look-up, every 30 s, so one direct statement (no Prisma query to compile each time).
   */
  async pendingSince(before: number): Promise<{ tableId: string; guildId: string }[]> {
    return this.sql.query<{ tableId: string; guildId: string }>(
      Prisma.sql`SELECT DISTINCT e."tableId", t."guildId" FROM "TableEffect" e JOIN "GameTable" t ON t."id" = e."tableId"
        WHERE e."status" = ${'pending'} AND e."createdAt" < ${new Date(before)} ORDER BY e."tableId"`,
    )
  }

  /**
   * What a delivery of the table reads, in one statement (a round trip each on PostgreSQL): its
   * pending effects, the pings whose message is still up, and the table's version with the columns
   * written without a version bump (null when the table is gone). Read together, the table's
   * columns are those of the moment the effects were read.
   */
  async forDelivery(tableId: string): Promise<DeliveryRead> {
    const rows = await this.sql.query<
      EffectRow & { status: string; tableVersion: unknown; tableMessageId: string | null; tableRemindedFor: unknown }
    >(
      Prisma.sql`SELECT ${COLUMNS}, "status", g."tableVersion", g."tableMessageId", g."tableRemindedFor"
        FROM "TableEffect" LEFT JOIN (SELECT "version" AS "tableVersion", "messageId" AS "tableMessageId",
          "remindedFor" AS "tableRemindedFor" FROM "GameTable" WHERE "id" = ${tableId}) g ON 1 = 1
        WHERE "tableId" = ${tableId} AND ("status" = ${'pending'}
          OR ("kind" = ${'ping'} AND "status" = ${'done'} AND "messageId" IS NOT NULL)
          OR "id" = (SELECT MAX("id") FROM "TableEffect" WHERE "tableId" = ${tableId} AND "kind" = ${'result'}))
        ORDER BY "id"`,
    )
    const first = rows[0]
    const resultRow = rows.findLast((r) => r.kind === 'result')
    let latestResult: EffectRecord | null | undefined
    return {
      pending: rows.filter((r) => r.status === 'pending').map(record),
      posted: rows.filter((r) => r.kind === 'ping' && r.status === 'done' && r.messageId !== null).map(record),
      latestResult: () => (latestResult ??= resultRow ? record(resultRow) : null),
      table:
        first && first.tableVersion !== null
          ? {
              version: num(first.tableVersion),
              messageId: first.tableMessageId,
              remindedFor: msOrNull(first.tableRemindedFor),
            }
          : null,
    }
  }

  /** The newest game result of a table (delivered or not): the next game's table message repeats it in one line. */
  async latestResult(tableId: string): Promise<EffectRecord | null> {
    const rows = await this.sql.query<EffectRow>(
      Prisma.sql`SELECT ${COLUMNS} FROM "TableEffect" WHERE "tableId" = ${tableId} AND "kind" = ${'result'}
        ORDER BY "id" DESC LIMIT 1`,
    )
    return rows[0] ? record(rows[0]) : null
  }

  /** Marks effects delivered (or, with `messageId`, one effect delivered as that message). */
  async done(ids: readonly number[], messageId: string | null = null): Promise<void> {
    if (!ids.length) return
    await this.sql.execute(
      Prisma.sql`UPDATE "TableEffect" SET "status" = ${'done'}, "messageId" = ${messageId} WHERE "id" IN
        (${Prisma.join(ids)})`,
    )
  }

  /**
   * A delivery's marks in one statement (a round trip each on PostgreSQL): effects delivered
   * (`done`, each with the message it was shown as, or null) and posted pings taken back
   * (`forgotten`: their messages deleted, so their message ids go).
   */
  async delivered(done: readonly DeliveredEffect[], forgotten: readonly number[]): Promise<void> {
    if (!done.length && !forgotten.length) return
    const status = done.length
      ? Prisma.sql`CASE WHEN "id" IN (${Prisma.join(done.map((d) => d.id))}) THEN ${'done'} ELSE "status" END`
      : Prisma.sql`"status"`
    const shown = done.filter((d) => d.messageId !== null)
    const messageId = shown.length
      ? Prisma.sql`CASE ${Prisma.join(
          shown.map((d) => Prisma.sql`WHEN "id" = ${d.id} THEN ${d.messageId}`),
          ' ',
        )} ELSE NULL END`
      : Prisma.sql`${null}`
    await this.sql.execute(
      Prisma.sql`UPDATE "TableEffect" SET "status" = ${status}, "messageId" = ${messageId} WHERE "id" IN
        (${Prisma.join([...done.map((d) => d.id), ...forgotten])})`,
    )
  }

  /** A failed attempt: try again from `dueAt`, or give up (`failed`) once `giveUp` is true. */
  async retry(ids: readonly number[], dueAt: number, giveUp: boolean): Promise<void> {
    if (!ids.length) return
    await this.sql.execute(
      Prisma.sql`UPDATE "TableEffect" SET "attempts" = "attempts" + 1, "dueAt" = ${new Date(dueAt)}, "status"
        = ${giveUp ? 'failed' : 'pending'} WHERE "id" IN (${Prisma.join(ids)})`,
    )
  }
}
