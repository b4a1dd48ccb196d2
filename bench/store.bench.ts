import Database from 'better-sqlite3'
import type { ChipEvent } from '../src/core/engine.js'
import { openStore, type LogEntry } from '../src/store/index.js'
import { balanceBucket, bucketEnd } from '../src/store/balance-buckets.js'
import { migrateSqlite } from '../src/store/migrate.js'
import type { BenchResult } from './harness.js'
import { runPostgres } from './store-postgres.bench.js'
import { retentionRounds } from './store-retention.js'
import { bura, PLAYERS, recordMoves, SEED, startedTable, tempFile } from './store-table.js'
import { refusalText } from '../src/render/refusals.js'
import { ENGLISH } from '../src/i18n/index.js'

/**
 * The store's two targets:
 * - one persisted action (engine apply + the whole transaction: table and seats read,
 *   state/version/seats/log/ledger/interaction written) through the table service,
 *   as a ratio to the same reads and writes done with raw better-sqlite3 in the same run, on
 *   the same kind of file with the same durability (full: every action synced before the next,
 *   the bot's setting, against raw better-sqlite3 with synchronous=FULL);
 * - the chips leaderboard (top 10 + the caller's own rank) with 100,000 wallets in one server,
 *   for a caller ranked last and for one at the median (the worst case of the rank count).
 */

/** Replays the recorded moves through TableService.act; ms per persisted action. */
async function viaService(log: LogEntry[], durability: 'full' | 'process'): Promise<number> {
  const tmp = tempFile('service.db')
  const { store, service, id } = await startedTable(tmp.url, durability)
  const moves = log.filter((e) => e.kind === 'action' || e.kind === 'nextDeal')
  let done = 0
  const start = performance.now()
  for (const [i, e] of moves.entries()) {
    const out =
      e.kind === 'nextDeal'
        ? await service.nextDeal(id, { interactionId: `b-${i}` })
        : await service.act(id, e.userId!, e.payload, { interactionId: `b-${i}` })
    if (!out.ok) throw new Error(`replay refused: ${refusalText(out.error, ENGLISH)}`)
    // What the bot waits for before it answers (the WAL synced off its thread, wal-sync.ts).
    await store.durable()
    done++
  }
  const ms = (performance.now() - start) / done
  await store.close()
  tmp.drop()
  return ms
}

/**
 * The recorded moves replayed on `count` tables at once (one server each, one store), every
 * action made durable before that table's next, as the bot's answers are: actions a second, and
 * how busy the thread was (the syncs run off it and are shared by the commits waiting for them).
 */
async function manyTables(log: LogEntry[], count: number): Promise<{ perSecond: number; busy: number }> {
  const tmp = tempFile('many.db')
  const first = await startedTable(tmp.url, 'full')
  const { store, service } = first
  const ids = [first.id]
  for (let i = 1; i < count; i++) {
    await store.settings.update(`g${i}`, { startingGrant: 1_000_000 })
    const created = await service.create({
      guildId: `g${i}`,
      channelId: 'c',
      game: 'bura',
      creatorId: PLAYERS[0]!,
      buyIn: 100_000,
    })
    if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
    for (const p of PLAYERS.slice(1)) await service.join(created.value.table.id, p, { buyIn: 100_000 })
    await service.start(created.value.table.id)
    ids.push(created.value.table.id)
  }
  const moves = log.filter((e) => e.kind === 'action' || e.kind === 'nextDeal')
  const before = performance.eventLoopUtilization()
  const start = performance.now()
  await Promise.all(
    ids.map(async (id, t) => {
      for (const [i, e] of moves.entries()) {
        const interactionId = `m-${t}-${i}`
        const out =
          e.kind === 'nextDeal'
            ? await service.nextDeal(id, { interactionId })
            : await service.act(id, e.userId!, e.payload, { interactionId })
        if (!out.ok) throw new Error(`replay refused: ${refusalText(out.error, ENGLISH)}`)
        await store.durable()
      }
    }),
  )
  const ms = performance.now() - start
  const busy = performance.eventLoopUtilization(before).utilization
  await store.close()
  tmp.drop()
  return { perSecond: (ids.length * moves.length * 1000) / ms, busy }
}

/** The same reads and writes, hand-written with better-sqlite3 (one connection, prepared statements). */
function viaRaw(log: LogEntry[], durability: 'full' | 'process'): number {
  const tmp = tempFile('raw.db')
  migrateSqlite(tmp.file)
  const db = new Database(tmp.file)
  db.pragma(`synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`)
  const setup = bura.setup(log[0]!.payload as never)
  if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
  const now = () => new Date().toISOString()
  db.prepare(
    `INSERT INTO "GameTable" (id, game, "guildId", "channelId", status, "openChannel", "creatorId", options,
      "buyIn", "turnMs", state, seed, version, pot, "potShares", "createdAt", "updatedAt", "logSize") VALUES
        ('t', 'bura', 'g', 'c', 'playing', 'g:c', 'ann', '{}', 100000, 43200000, ?, ?, 1, 0, '[]', ?, ?, 1)`,
  ).run(JSON.stringify(setup.value.state), SEED, now(), now())
  const addSeat = db.prepare(
    `INSERT INTO "TableSeat" ("tableId", "userId", "joinOrder", position, stack, status, "joinedAt") VALUES
      ('t', ?, ?, ?, ?, 'seated', ?)`,
  )
  PLAYERS.forEach((u, i) => addSeat.run(u, i, i, setup.value.state.stacks[i], now()))
  const q = {
    table: db.prepare(`SELECT * FROM "GameTable" WHERE id = ?`),
    seats: db.prepare(`SELECT * FROM "TableSeat" WHERE "tableId" = ?`),
    update: db.prepare(
      `UPDATE "GameTable" SET version = ?, "updatedAt" = ?, status = ?, state = ?, seed = ?, "deadlineAt" = ?,
        pot = ?, "potShares" = ?, "gamesPlayed" = ?, "logSize" = ? WHERE id = ? AND version = ?`,
    ),
    seat: db.prepare(
      `UPDATE "TableSeat" SET stack = ?, "missedTurns" = 0, away = 0 WHERE "tableId" = ? AND "userId" = ?`,
    ),
    log: db.prepare(
      `INSERT INTO "ActionLog" ("tableId", seq, kind, seat, "userId", payload, "interactionId", "createdAt")
        VALUES ('t', ?, ?, ?, ?, ?, ?, ?)`,
    ),
    ledger: db.prepare(
      `INSERT INTO "LedgerEntry" ("guildId", "fromKind", "fromUserId", "toKind", "toUserId", amount, reason,
        "tableId", "createdAt") VALUES ('g', ?, ?, ?, ?, ?, ?, 't', ?)`,
    ),
    interaction: db.prepare(`INSERT INTO "Interaction" (id, "tableId", version, "createdAt") VALUES (?, 't', ?, ?)`),
    // The outbox rows of a move that passes the turn: unping, refresh, ping.
    effects: db.prepare(
      `INSERT INTO "TableEffect" ("tableId", kind, version, payload, nonce, status, attempts, "dueAt",
        "createdAt") VALUES ('t', 'unping', @v, '{}', @n, 'pending', 0, @at, @at), ('t', 'refresh', @v, '{}', @n
          || 'r', 'pending', 0, @at, @at), ('t', 'ping', @v, @users, @n || 'p', 'pending', 0, @at, @at)`,
    ),
  }
  const moves = log.filter((e) => e.kind === 'action' || e.kind === 'nextDeal')
  const account = (a: ChipEvent['from']) => (a === 'pot' ? ['pot', null] : ['stack', PLAYERS[a.seat]!])
  const step = db.transaction((i: number, e: LogEntry) => {
    const id = `b-${i}`
    const row = q.table.get('t') as {
      state: string
      version: number
      logSize: number
      pot: number
      gamesPlayed: number
    }
    const seats = q.seats.all('t') as { userId: string; stack: number }[]
    const state = JSON.parse(row.state)
    const out = e.kind === 'nextDeal' ? bura.nextDeal(state) : bura.apply(state, e.seat!, e.payload)
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    const totals = bura.chipTotals(out.value.state)!
    const at = now()
    q.update.run(
      row.version + 1,
      at,
      'playing',
      JSON.stringify(out.value.state),
      SEED,
      at,
      totals.pot,
      '[]',
      row.gamesPlayed,
      row.logSize + 1,
      't',
      row.version,
    )
    for (const s of seats) {
      const stack = totals.stacks[PLAYERS.indexOf(s.userId)]!
      if (stack !== s.stack) q.seat.run(stack, 't', s.userId)
    }
    q.log.run(row.logSize, e.kind, e.seat, e.userId, JSON.stringify(e.payload), e.kind === 'action' ? id : null, at)
    for (const ev of out.value.events as { type: string }[]) {
      if (ev.type !== 'chips') continue
      const c = ev as ChipEvent
      q.ledger.run(...account(c.from), ...account(c.to), c.amount, c.reason, at)
    }
    q.interaction.run(id, row.version + 1, at)
    q.effects.run({ v: row.version + 1, n: id, at, users: JSON.stringify({ users: [PLAYERS[0]] }) })
  })
  const start = performance.now()
  for (const [i, e] of moves.entries()) step(i, e)
  const ms = (performance.now() - start) / moves.length
  db.close()
  tmp.drop()
  return ms
}

/**
 * ms per chips leaderboard through the store, and the same queries with raw better-sqlite3;
 * for the caller ranked last and for a caller at the median (once the worst case).
 */
async function leaderboard(): Promise<{ store: number; raw: number; median: number; medianRaw: number }> {
  const tmp = tempFile('board.db')
  migrateSqlite(tmp.file)
  const db = new Database(tmp.file)
  const insert = db.prepare(`INSERT INTO "Wallet" ("guildId", "userId", balance, "createdAt") VALUES ('big', ?, ?, ?)`)
  const at = new Date().toISOString()
  const WALLETS = 100_000
  const ranges = new Map<number, number>()
  const add = (user: string, balance: number) => {
    insert.run(user, balance, at)
    ranges.set(balanceBucket(balance), (ranges.get(balanceBucket(balance)) ?? 0) + 1)
  }
  db.transaction(() => {
    for (let i = 0; i < WALLETS; i++) add(`user${String(i).padStart(6, '0')}`, 1000 + ((i * 7919) % 50_000))
    add('last', 0)
    // The balance ranges, as the store keeps them with every balance change.
    const range = db.prepare(`INSERT INTO "WalletBucket" ("guildId", bucket, wallets) VALUES ('big', ?, ?)`)
    for (const [bucket, n] of ranges) range.run(bucket, n)
  })()
  // Balance 1000 + 25,000 sits in the middle of the 1000..50,999 spread.
  const medianIndex = [...Array(WALLETS).keys()].find((i) => (i * 7919) % 50_000 === 25_000)!
  const median = `user${String(medianIndex).padStart(6, '0')}`
  const q = {
    top: db.prepare(
      `SELECT "userId", balance FROM "Wallet" WHERE "guildId" = ? ORDER BY balance DESC, "userId" ASC LIMIT 10`,
    ),
    mine: db.prepare(`SELECT balance FROM "Wallet" WHERE "guildId" = ? AND "userId" = ?`),
    above: db.prepare(
      `SELECT (SELECT COALESCE(SUM(wallets), 0) FROM "WalletBucket" WHERE "guildId" = ? AND bucket > ?) +
        (SELECT COUNT(*) FROM "Wallet" WHERE "guildId" = ? AND balance > ? AND balance < ?) AS n`,
    ),
  }
  const rawBoard = (user: string) => {
    q.top.all('big')
    const { balance } = q.mine.get('big', user) as { balance: number }
    return q.above.get('big', balanceBucket(balance), 'big', balance, bucketEnd(balance))
  }
  const rawTime = (user: string) => {
    const start = performance.now()
    for (let i = 0; i < 50; i++) rawBoard(user)
    return (performance.now() - start) / 50
  }
  const raw = rawTime('last')
  const medianRaw = rawTime(median)
  db.close()
  const store = await openStore({ url: tmp.url })
  const time = async (user: string, rank: number) => {
    const board = () => store.leaderboards.chips('big', user, 10)
    for (let i = 0; i < 20; i++) await board()
    const runs = 50
    const start = performance.now()
    for (let i = 0; i < runs; i++) {
      const b = await board()
      if (b.caller?.rank !== rank || b.rows.length !== 10) throw new Error('leaderboard is wrong')
    }
    return (performance.now() - start) / runs
  }
  const ms = await time('last', WALLETS + 1)
  const medianRank = 1 + (await store.prisma.wallet.count({ where: { guildId: 'big', balance: { gt: 26_000 } } }))
  const medianMs = await time(median, medianRank)
  await store.close()
  tmp.drop()
  return { store: ms, raw, median: medianMs, medianRaw }
}

/**
 * ms per per-game board (top 10 + the caller's rank) with 100,000 players of one game in one
 * server, for a caller far from the top (no target: the issue sets one for the chips board only).
 */
async function statBoards(): Promise<{ name: string; ms: number }[]> {
  const tmp = tempFile('stats.db')
  migrateSqlite(tmp.file)
  const db = new Database(tmp.file)
  const insert = db.prepare(
    `INSERT INTO "Stat" ("guildId", "userId", game, played, won, "netChips", points) VALUES ('big', ?, ?, ?, ?, ?, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < 100_000; i++) {
      insert.run(`user${i}`, 'bura', 10 + (i % 50), (i * 7919) % 40, ((i * 104_729) % 20_000) - 10_000, 0)
      insert.run(`user${i}`, 'bugami', 5, (i * 31) % 30, 0, (i * 7) % 500)
    }
  })()
  db.close()
  const store = await openStore({ url: tmp.url })
  const caller = 'user50000'
  const boards = {
    'Bura net chips': () => store.leaderboards.netChips('big', 'bura', caller),
    'Bura games won': () => store.leaderboards.wins('big', 'bura', caller),
    'Bugami wins and points': () => store.leaderboards.points('big', 'bugami', caller),
  }
  const out: { name: string; ms: number }[] = []
  for (const [name, board] of Object.entries(boards)) {
    for (let i = 0; i < 5; i++) await board()
    const start = performance.now()
    for (let i = 0; i < 20; i++)
      if ((await board()).caller === null) throw new Error('the caller is missing from the board')
    out.push({ name, ms: (performance.now() - start) / 20 })
  }
  await store.close()
  tmp.drop()
  return out
}

export async function run(): Promise<BenchResult[]> {
  const out: BenchResult[] = []
  for (const durability of ['full', 'process'] as const) {
    const log = await recordMoves(durability, 150)
    // One untimed replay of each side first: the bot is a long-running process, and without it
    // whichever durability runs first also pays the JIT warm-up (Prisma's wasm query compiler).
    await viaService(log, durability)
    viaRaw(log, durability)
    // Alternate so that machine load hits both sides alike; keep each side's best run.
    let service = Infinity
    let raw = Infinity
    for (let round = 0; round < 3; round++) {
      service = Math.min(service, await viaService(log, durability))
      raw = Math.min(raw, viaRaw(log, durability))
    }
    const label = durability === 'full' ? 'durable (the bot)' : 'synchronous=NORMAL'
    out.push({ name: `store: persisted action, ${label}`, value: service, unit: 'ms' })
    const rawLabel = `synchronous=${durability === 'full' ? 'FULL' : 'NORMAL'}`
    out.push({ name: `store: same writes, raw better-sqlite3, ${rawLabel}`, value: raw, unit: 'ms' })
    out.push({
      name: `store: persisted action / raw, ${label}`,
      value: service / raw,
      unit: 'x',
      ...(durability === 'full' ? { target: { atMost: 3 } } : {}),
    })
  }
  const many = await manyTables(await recordMoves('full', 150), 20)
  out.push({ name: 'store: durable actions a second, 20 tables acting at once', value: many.perSecond, unit: '/s' })
  out.push({ name: 'store: share of those seconds the thread was busy', value: many.busy, unit: '' })
  const board = await leaderboard()
  out.push({
    name: 'store: chips leaderboard, 100,000 wallets, caller ranked last',
    value: board.store,
    unit: 'ms',
    target: { atMost: 5 },
  })
  out.push({ name: 'store: same leaderboard queries, raw better-sqlite3', value: board.raw, unit: 'ms' })
  out.push({
    name: 'store: chips leaderboard, 100,000 wallets, caller at the median',
    value: board.median,
    unit: 'ms',
    target: { atMost: 5 },
  })
  out.push({ name: 'store: same, raw better-sqlite3', value: board.medianRaw, unit: 'ms' })
  for (const b of await statBoards())
    out.push({ name: `store: ${b.name} board, 100,000 players`, value: b.ms, unit: 'ms' })
  out.push(...(await retentionRounds()))
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL
  if (postgresUrl) out.push(...(await runPostgres(postgresUrl)))
  else process.stdout.write('store on PostgreSQL skipped: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL)\n')
  return out
}
