import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { ChipEvent } from '../src/core/engine.js'
import { balanceBucket, bucketEnd } from '../src/store/balance-buckets.js'
import { openStore, type LogEntry } from '../src/store/index.js'
import { migratePostgres } from '../src/store/migrate-postgres.js'
import { postgresTarget } from '../src/store/url.js'
import type { BenchResult } from './harness.js'
import { bura, PLAYERS, recordMoves, SEED, startedTable } from './store-table.js'
import { refusalText } from '../src/render/refusals.js'
import { ENGLISH } from '../src/i18n/index.js'

/**
 * The store's targets on PostgreSQL (`npm run bench -- store` with BENCH_POSTGRES_URL or
 * TEST_POSTGRES_URL set): one persisted action through the table service against the same
 * statements through a raw `pg` client, and the chips leaderboard at 100,000 wallets. Each run
 * uses a schema of its own and drops it. The server's own durability (synchronous_commit on).
 */

/** A new schema on the server at `base`, migrated; `drop` removes it. */
async function freshSchema(base: string) {
  const u = new URL(base)
  u.searchParams.set('schema', `bench_${randomBytes(5).toString('hex')}`)
  const url = u.toString()
  const target = postgresTarget(url)
  await migratePostgres(target)
  const connect = async () => {
    const client = new pg.Client({ connectionString: target.connectionString, options: target.options })
    await client.connect()
    return client
  }
  const drop = async () => {
    const c = await connect()
    await c.query(`DROP SCHEMA "${target.schema}" CASCADE`)
    await c.end()
  }
  return { url, connect, drop }
}

async function viaService(base: string, log: LogEntry[]): Promise<number> {
  const db = await freshSchema(base)
  const { store, service, id } = await startedTable(db.url, 'full')
  const moves = log.filter((e) => e.kind === 'action' || e.kind === 'nextDeal')
  const start = performance.now()
  for (const [i, e] of moves.entries()) {
    const out =
      e.kind === 'nextDeal'
        ? await service.nextDeal(id, { interactionId: `b-${i}` })
        : await service.act(id, e.userId!, e.payload, { interactionId: `b-${i}` })
    if (!out.ok) throw new Error(`replay refused: ${refusalText(out.error, ENGLISH)}`)
  }
  const ms = (performance.now() - start) / moves.length
  await store.close()
  await db.drop()
  return ms
}

/** The same reads and writes as the service, hand-written on one `pg` client, one transaction per action. */
async function viaRaw(base: string, log: LogEntry[]): Promise<number> {
  const db = await freshSchema(base)
  const c = await db.connect()
  const setup = bura.setup(log[0]!.payload as never)
  if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
  const now = () => new Date()
  await c.query(
    `INSERT INTO "GameTable" (id, game, "guildId", "channelId", status, "openChannel", "creatorId", options,
      "buyIn", "turnMs", state, seed, version, pot, "potShares", "createdAt", "updatedAt", "logSize") VALUES
        ('t', 'bura', 'g', 'c', 'playing', 'g:c', 'ann', '{}', 100000, 43200000, $1, $2, 1, 0, '[]', $3, $3, 1)`,
    [JSON.stringify(setup.value.state), SEED, now()],
  )
  for (const [i, u] of PLAYERS.entries())
    await c.query(
      `INSERT INTO "TableSeat" ("tableId", "userId", "joinOrder", position, stack, status, "joinedAt") VALUES
        ('t', $1, $2, $2, $3, 'seated', $4)`,
      [u, i, setup.value.state.stacks[i], now()],
    )
  const account = (a: ChipEvent['from']) => (a === 'pot' ? ['pot', null] : ['stack', PLAYERS[a.seat]!])
  const moves = log.filter((e) => e.kind === 'action' || e.kind === 'nextDeal')
  const start = performance.now()
  for (const [i, e] of moves.entries()) {
    const id = `b-${i}`
    await c.query('BEGIN')
    const row = (await c.query(`SELECT * FROM "GameTable" WHERE id = $1`, ['t'])).rows[0]
    const seats = (await c.query(`SELECT * FROM "TableSeat" WHERE "tableId" = $1`, ['t'])).rows as {
      userId: string
      stack: number
    }[]
    const state = JSON.parse(row.state)
    const out = e.kind === 'nextDeal' ? bura.nextDeal(state) : bura.apply(state, e.seat!, e.payload)
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    const totals = bura.chipTotals(out.value.state)!
    const at = now()
    await c.query(
      `UPDATE "GameTable" SET version = $1, "updatedAt" = $2, status = 'playing', state = $3, seed = $4,
        "deadlineAt" = $2, pot = $5, "potShares" = '[]', "gamesPlayed" = $6, "logSize" = $7 WHERE id = 't' AND
          version = $8`,
      [
        row.version + 1,
        at,
        JSON.stringify(out.value.state),
        SEED,
        totals.pot,
        row.gamesPlayed,
        row.logSize + 1,
        row.version,
      ],
    )
    for (const s of seats) {
      const stack = totals.stacks[PLAYERS.indexOf(s.userId)]!
      if (stack !== s.stack)
        await c.query(
          `UPDATE "TableSeat" SET stack = $1, "missedTurns" = 0, away = false WHERE "tableId" = 't' AND "userId" = $2`,
          [stack, s.userId],
        )
    }
    await c.query(
      `INSERT INTO "ActionLog" ("tableId", seq, kind, seat, "userId", payload, "interactionId", "createdAt")
        VALUES ('t', $1, $2, $3, $4, $5, $6, $7)`,
      [row.logSize, e.kind, e.seat, e.userId, JSON.stringify(e.payload), e.kind === 'action' ? id : null, at],
    )
    const chips = (out.value.events as { type: string }[]).filter((ev) => ev.type === 'chips') as ChipEvent[]
    if (chips.length > 0) {
      const values = chips.map(
        (_, k) =>
          `('g', $${k * 6 + 1}, $${k * 6 + 2}, $${k * 6 + 3}, $${k * 6 + 4}, $${k * 6 + 5}, $${k * 6 + 6}, 't',
            $${chips.length * 6 + 1})`,
      )
      await c.query(
        `INSERT INTO "LedgerEntry" ("guildId", "fromKind", "fromUserId", "toKind", "toUserId", amount, reason,
          "tableId", "createdAt") VALUES ${values.join(', ')}`,
        [...chips.flatMap((ch) => [...account(ch.from), ...account(ch.to), ch.amount, ch.reason]), at],
      )
    }
    await c.query(`INSERT INTO "Interaction" (id, "tableId", version, "createdAt") VALUES ($1, 't', $2, $3)`, [
      id,
      row.version + 1,
      at,
    ])
    await c.query('COMMIT')
  }
  const ms = (performance.now() - start) / moves.length
  await c.end()
  await db.drop()
  return ms
}

/** The chips leaderboard at 100,000 wallets through the store and raw, for the last caller and the median one. */
async function leaderboard(base: string) {
  const db = await freshSchema(base)
  const c = await db.connect()
  const WALLETS = 100_000
  const balance = (i: number) => 1000 + ((i * 7919) % 50_000)
  await c.query(
    `INSERT INTO "Wallet" ("guildId", "userId", balance, "createdAt") SELECT 'big', 'user' || lpad(i::text, 6,
      '0'), 1000 + ((i::bigint * 7919) % 50000), now() FROM generate_series(0, ${WALLETS - 1}) AS i`,
  )
  await c.query(`INSERT INTO "Wallet" ("guildId", "userId", balance, "createdAt") VALUES ('big', 'last', 0, now())`)
  const ranges = new Map<number, number>([[balanceBucket(0), 1]])
  for (let i = 0; i < WALLETS; i++)
    ranges.set(balanceBucket(balance(i)), (ranges.get(balanceBucket(balance(i))) ?? 0) + 1)
  for (const [bucket, n] of ranges)
    await c.query(`INSERT INTO "WalletBucket" ("guildId", bucket, wallets) VALUES ('big', $1, $2)`, [bucket, n])
  await c.query('ANALYZE')
  const median = `user${String([...Array(WALLETS).keys()].find((i) => balance(i) === 26_000)!).padStart(6, '0')}`
  const rawBoard = async (user: string) => {
    await c.query(
      `SELECT "userId", balance FROM "Wallet" WHERE "guildId" = $1 ORDER BY balance DESC, "userId" ASC LIMIT 10`,
      ['big'],
    )
    const mine = (await c.query(`SELECT balance FROM "Wallet" WHERE "guildId" = $1 AND "userId" = $2`, ['big', user]))
      .rows[0].balance
    await c.query(
      `SELECT (SELECT COALESCE(SUM(wallets), 0) FROM "WalletBucket" WHERE "guildId" = $1 AND bucket > $2) +
        (SELECT COUNT(*) FROM "Wallet" WHERE "guildId" = $1 AND balance > $3 AND balance < $4) AS n`,
      ['big', balanceBucket(mine), mine, bucketEnd(mine)],
    )
  }
  const rawTime = async (user: string) => {
    for (let i = 0; i < 10; i++) await rawBoard(user)
    const start = performance.now()
    for (let i = 0; i < 50; i++) await rawBoard(user)
    return (performance.now() - start) / 50
  }
  const raw = await rawTime('last')
  const medianRaw = await rawTime(median)
  const medianRank = 1 + Number((await c.query(`SELECT COUNT(*) AS n FROM "Wallet" WHERE balance > 26000`)).rows[0].n)
  await c.end()
  const store = await openStore({ url: db.url })
  const time = async (user: string, rank: number) => {
    const board = () => store.leaderboards.chips('big', user, 10)
    for (let i = 0; i < 20; i++) await board()
    const start = performance.now()
    for (let i = 0; i < 50; i++) {
      const b = await board()
      if (b.caller?.rank !== rank || b.rows.length !== 10) throw new Error('leaderboard is wrong')
    }
    return (performance.now() - start) / 50
  }
  const last = await time('last', WALLETS + 1)
  const mid = await time(median, medianRank)
  await store.close()
  await db.drop()
  return { last, raw, mid, medianRaw }
}

export async function runPostgres(base: string): Promise<BenchResult[]> {
  const log = await recordMoves('process', 150)
  await viaService(base, log)
  await viaRaw(base, log)
  let service = Infinity
  let raw = Infinity
  for (let round = 0; round < 3; round++) {
    service = Math.min(service, await viaService(base, log))
    raw = Math.min(raw, await viaRaw(base, log))
  }
  const board = await leaderboard(base)
  return [
    { name: 'store (PostgreSQL): persisted action', value: service, unit: 'ms' },
    { name: 'store (PostgreSQL): same writes, raw pg', value: raw, unit: 'ms' },
    { name: 'store (PostgreSQL): persisted action / raw', value: service / raw, unit: 'x', target: { atMost: 3 } },
    {
      name: 'store (PostgreSQL): chips leaderboard, 100,000 wallets, caller ranked last',
      value: board.last,
      unit: 'ms',
      target: { atMost: 5 },
    },
    { name: 'store (PostgreSQL): same leaderboard queries, raw pg', value: board.raw, unit: 'ms' },
    {
      name: 'store (PostgreSQL): chips leaderboard, 100,000 wallets, caller at the median',
      value: board.mid,
      unit: 'ms',
      target: { atMost: 5 },
    },
    { name: 'store (PostgreSQL): same, raw pg', value: board.medianRaw, unit: 'ms' },
  ]
}
