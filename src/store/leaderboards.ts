import { Prisma } from '../generated/prisma/client.js'
import { balanceBucket, bucketEnd } from './balance-buckets.js'
import { num, type Sql } from './sql.js'

export interface LeaderRow {
  /** 1-based; equal scores share a rank (1, 2, 2, 4), listed by user id among themselves. */
  readonly rank: number
  readonly userId: string
  /** The ranked figure: chips, games won, net chips, or a points game's wins. */
  readonly value: number
  /** The tie-break figure where the board has one (games: played, fewer first; points games: points). */
  readonly secondary?: number
}

type StatFigures = { userId: string; played: unknown; won: unknown; netChips: unknown; points: unknown }

export interface Leaderboard {
  readonly board: 'chips' | 'wins' | 'netChips' | 'points'
  readonly game?: string
  readonly rows: readonly LeaderRow[]
  /** The caller's own row, even when outside `rows`; null if they have no figure on this board. */
  readonly caller: LeaderRow | null
}

/**
 * Server leaderboards. Order: the figure descending, then the tie-break, then user id; rank =
 * 1 + the number of players strictly ahead, so exact ties share a rank.
 */
export class Leaderboards {
  constructor(private readonly sql: Sql) {}

  /**
   * Wallet balances of a server: the top rows, the caller's wallet, and when the caller is not
   * among the rows their rank from the balance ranges (`WalletBucket`): the wallets of the
   * ranges above theirs, plus those of their own range with more chips, in one statement so
   * both come from one snapshot.
   */
  async chips(guildId: string, callerId: string, limit = 10): Promise<Leaderboard> {
    const [top, mine] = await Promise.all([
      this.sql.query<{ userId: string; balance: unknown }>(
        Prisma.sql`SELECT "userId", "balance" FROM "Wallet" WHERE "guildId" = ${guildId} ORDER BY "balance"
          DESC, "userId" ASC LIMIT ${limit}`,
      ),
      this.sql.query<{ balance: unknown }>(
        Prisma.sql`SELECT "balance" FROM "Wallet" WHERE "guildId" = ${guildId} AND "userId" = ${callerId}`,
      ),
    ])
    const rows = withRanks(top.map((w) => ({ userId: w.userId, value: num(w.balance) })))
    const own = mine[0]
    let caller: LeaderRow | null = null
    if (own) {
      const balance = num(own.balance)
      const listed = rows.find((r) => r.userId === callerId)
      caller = listed ?? { rank: 1 + (await this.walletsAbove(guildId, balance)), userId: callerId, value: balance }
    }
    return { board: 'chips', rows, caller }
  }

  /** Wallets with more chips than `balance`. */
  private async walletsAbove(guildId: string, balance: number): Promise<number> {
    const [row] = await this.sql.query<{ n: unknown }>(Prisma.sql`
      SELECT (SELECT COALESCE(SUM("wallets"), 0) FROM "WalletBucket" WHERE "guildId" = ${guildId} AND "bucket"
        > ${balanceBucket(balance)})
        + (SELECT COUNT(*) FROM "Wallet" WHERE "guildId" = ${guildId} AND "balance" > ${balance} AND "balance"
          < ${bucketEnd(balance)}) AS "n"`)
    return num(row?.n ?? 0)
  }

  /** Games won at one game; the same wins in fewer games rank higher. */
  wins(guildId: string, game: string, callerId: string, limit = 10): Promise<Leaderboard> {
    return this.statBoard('wins', guildId, game, callerId, limit, 'won', 'played', 'asc')
  }

  /** Net chips won at one chip game (Bura, Badugi). */
  netChips(guildId: string, game: string, callerId: string, limit = 10): Promise<Leaderboard> {
    return this.statBoard('netChips', guildId, game, callerId, limit, 'netChips', null, 'desc')
  }

  /** A points game (Bugami): matches won, then total points. */
  points(guildId: string, game: string, callerId: string, limit = 10): Promise<Leaderboard> {
    return this.statBoard('points', guildId, game, callerId, limit, 'won', 'points', 'desc')
  }

  /**
   * A board over `Stat`, in the order of one of its indexes (schema.prisma): the top rows are the
   * first entries of the index, and the caller's rank counts two index ranges, those ahead on
   * the figure and those level on it but ahead on the tie-break.
   */
  private async statBoard(
    board: Leaderboard['board'],
    guildId: string,
    game: string,
    callerId: string,
    limit: number,
    field: 'won' | 'netChips',
    second: 'played' | 'points' | null,
    secondDir: 'asc' | 'desc',
  ): Promise<Leaderboard> {
    // Column names from the fixed unions above; every value is a parameter.
    const col = (c: 'won' | 'netChips' | 'played' | 'points') => Prisma.raw(`"${c}"`)
    const onBoard = Prisma.sql`"guildId" = ${guildId} AND "game" = ${game} AND "played" > 0`
    const order = [
      Prisma.sql`${col(field)} DESC`,
      ...(second ? [Prisma.sql`${col(second)} ${Prisma.raw(secondDir === 'desc' ? 'DESC' : 'ASC')}`] : []),
      Prisma.sql`"userId" ASC`,
    ]
    const columns = Prisma.sql`"userId", "played", "won", "netChips", "points"`
    const [top, mine] = await Promise.all([
      this.sql.query<StatFigures>(
        Prisma.sql`SELECT ${columns} FROM "Stat" WHERE ${onBoard} ORDER BY ${Prisma.join(order)} LIMIT ${limit}`,
      ),
      this.sql.query<StatFigures>(
        Prisma.sql`SELECT ${columns} FROM "Stat" WHERE "guildId" = ${guildId} AND "userId" = ${callerId} AND
          "game" = ${game}`,
      ),
    ])
    const pickRow = (s: StatFigures) => ({
      userId: s.userId,
      value: num(s[field]),
      ...(second ? { secondary: num(s[second]) } : {}),
    })
    const rows = withRanks(top.map(pickRow))
    const own = mine[0]
    let caller: LeaderRow | null = null
    if (own && num(own.played) > 0) {
      const listed = rows.find((r) => r.userId === callerId)
      if (listed) caller = listed
      else {
        const v = num(own[field])
        const level = second
          ? Prisma.sql` + (SELECT COUNT(*) FROM "Stat" WHERE ${onBoard} AND ${col(field)} = ${v}
            AND ${col(second)} ${Prisma.raw(secondDir === 'desc' ? '>' : '<')} ${num(own[second])})`
          : Prisma.empty
        const [ahead] = await this.sql.query<{ n: unknown }>(
          Prisma.sql`SELECT (SELECT COUNT(*) FROM "Stat" WHERE ${onBoard} AND ${col(field)} > ${v})${level} AS "n"`,
        )
        caller = { rank: 1 + num(ahead?.n ?? 0), ...pickRow(own) }
      }
    }
    return { board, game, rows, caller }
  }
}

/** Ranks for rows already in board order: a row tied with the one before shares its rank. */
function withRanks(rows: { userId: string; value: number; secondary?: number }[]): LeaderRow[] {
  const out: LeaderRow[] = []
  rows.forEach((r, i) => {
    const prev = out[i - 1]
    const tied = prev && prev.value === r.value && prev.secondary === r.secondary
    out.push({ ...r, rank: tied ? prev.rank : i + 1 })
  })
  return out
}
