import { Rng, seedRng } from '../src/core/rng.js'
import { engineFor, gameLookup } from '../src/games/registry.js'
import { ManualClock } from '../src/sandbox/discord/manual-clock.js'
import { openStore, type Store } from '../src/store/index.js'
import { TableService } from '../src/tables/index.js'
import type { BenchResult } from './harness.js'
import { tempFile } from './store-table.js'

const DAY = 24 * 60 * 60 * 1000
/** Games a round (BENCH_RETENTION_GAMES; the figures are given per 1,000 games either way). */
const GAMES = Number(process.env.BENCH_RETENTION_GAMES ?? 1000)
const ROUNDS = 3

/** Bytes of the SQLite file in use (pages holding data; freed pages are reused, not counted). */
async function usedBytes(store: Store): Promise<number> {
  const q = async (pragma: string) =>
    Number(Object.values((await store.prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${pragma}`))[0]!)[0])
  return ((await q('page_count')) - (await q('freelist_count'))) * (await q('page_size'))
}

/** Bytes of the ledger, its indexes included (kept for ever: the audit proves every chip from it). */
async function ledgerBytes(store: Store): Promise<number> {
  const rows = await store.prisma.$queryRawUnsafe<{ n: unknown }[]>(
    `SELECT COALESCE(SUM("pgsize"), 0) AS "n" FROM dbstat WHERE "name" LIKE 'LedgerEntry%'`,
  )
  return Number(rows[0]!.n)
}

/** One Badugi hand at a new table, played to its end with random legal moves, then the table closed. */
async function oneGame(service: TableService, rng: Rng, n: number): Promise<void> {
  const created = await service.create({
    guildId: 'g',
    channelId: `c${n}`,
    game: 'badugi',
    creatorId: 'ann',
    buyIn: 40,
  })
  if (!created.ok) throw new Error(created.error.code)
  const id = created.value.table.id
  await service.join(id, 'ben')
  await service.start(id)
  const engine = engineFor('badugi')!
  for (let i = 0; i < 500; i++) {
    const t = (await service.get(id))!
    if (t.status !== 'playing' || t.progress !== 'acting') break
    const userId = rng.pick(t.waitingFor)
    const position = t.seats.find((s) => s.userId === userId)!.position!
    const out = await service.act(id, userId, rng.pick(engine.legalActions(t.state, position)), {
      interactionId: `r${n}-${i}`,
    })
    if (!out.ok) throw new Error(out.error.code)
  }
  const ended = await service.end(id)
  if (!ended.ok) throw new Error(ended.error.code)
}

/**
 * The database size per 1,000 games, round after round, with the upkeep's pruning: each round
 * plays its games (every effect delivered, as the bot does), lets 31 days pass and prunes. The
 * size in use after pruning stays flat; before it, it grows with the round's games.
 */
export async function retentionRounds(): Promise<BenchResult[]> {
  const tmp = tempFile('retention.db')
  const clock = new ManualClock()
  const store = await openStore({ url: tmp.url, clock, durability: 'process' })
  const service = new TableService({ games: gameLookup, store, clock })
  // The players' wallets hold every round's buy-ins.
  await store.wallets.grant('g', 'ann', 10_000_000)
  await store.wallets.grant('g', 'ben', 10_000_000)
  const rng = new Rng(seedRng(7))
  const out: BenchResult[] = []
  const per1000 = (bytes: number) => ((bytes / GAMES) * 1000) / 1e6
  const base = await usedBytes(store)
  for (let round = 1; round <= ROUNDS; round++) {
    for (let g = 0; g < GAMES; g++) await oneGame(service, rng, round * GAMES + g)
    for (const id of await service.outbox.pendingTables())
      await service.outbox.done((await service.outbox.pending(id)).map((e) => e.id))
    const before = await usedBytes(store)
    await clock.advance(31 * DAY)
    await store.retention.prune(clock.now())
    const after = await usedBytes(store)
    const ledger = await ledgerBytes(store)
    out.push({
      name: `store retention: round ${round}, MB in use per 1,000 games played, before pruning`,
      value: per1000(before - base),
      unit: 'MB',
    })
    out.push({
      name: `store retention: round ${round}, MB in use above the empty database after pruning`,
      value: (after - base) / 1e6,
      unit: 'MB',
    })
    out.push({
      name: `store retention: round ${round}, of which the ledger (kept for ever, for the audit)`,
      value: ledger / 1e6,
      unit: 'MB',
    })
    out.push({
      name: `store retention: round ${round}, MB in use after pruning, the ledger left out`,
      value: (after - base - ledger) / 1e6,
      unit: 'MB',
    })
  }
  await store.close()
  tmp.drop()
  return out
}
