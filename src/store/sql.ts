import type {
  ArgType,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils'
import { Prisma } from '../generated/prisma/client.js'
import type { WalSync } from './wal-sync.js'

/**
 * Portable SQL statements (`Prisma.sql` templates: quoted identifiers, bound parameters) run
 * through Prisma's driver adapter, the layer Prisma's own queries end in. The store's
 * transactions use it instead of Prisma's interactive transactions: measured on one action,
 * the client's transaction manager and per-call query compilation cost about 1.5 ms and
 * 0.3-0.5 ms per statement, several times the database's own work (docs/store.md).
 */
export interface Sql {
  /** Rows as objects keyed by column name, values as the driver gives them (see the readers below). */
  query<T>(q: Prisma.Sql): Promise<T[]>
  /** The number of rows changed. */
  execute(q: Prisma.Sql): Promise<number>
  /**
   * Writes of which none reads another's rows (inserts of new rows): one statement on PostgreSQL
   * (data-modifying `WITH` parts, which run to completion whatever the main statement reads), so
   * one round trip; one after another on SQLite, which runs in the process.
   */
  executeAll(qs: readonly Prisma.Sql[]): Promise<void>
}

export interface RootSql extends Sql {
  /** Runs `fn` in one transaction on the connection: all its statements happen, or none. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  /** Resolves once every write committed so far is durable (at once where commits are durable as they return). */
  durable(): Promise<void>
}

/**
 * A FIFO lock over the one SQLite connection: a transaction holds it from BEGIN to COMMIT, so a
 * statement from elsewhere (a Prisma client query included) waits instead of running inside
 * someone else's open transaction, where a rollback would undo it.
 */
class Gate {
  #tail: Promise<void> = Promise.resolve()

  acquire(): Promise<() => void> {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const ready = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => held)
    return ready
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire()
    try {
      return await fn()
    } finally {
      release()
    }
  }
}

/** A gate that never makes anyone wait (a pooled driver has a connection per transaction). */
const OPEN: Pick<Gate, 'acquire' | 'run'> = {
  acquire: () => Promise.resolve(() => {}),
  run: (fn) => fn(),
}

/** The adapter's type of a bound value (whole numbers beyond 32 bits as bigint). */
function scalarType(v: unknown): ArgType['scalarType'] {
  if (v instanceof Date) return 'datetime'
  if (typeof v === 'boolean') return 'boolean'
  if (typeof v === 'string') return 'string'
  if (typeof v === 'bigint') return 'bigint'
  if (typeof v !== 'number') return 'unknown'
  if (!Number.isInteger(v)) return 'float'
  return Math.abs(v) < 2 ** 31 ? 'int' : 'bigint'
}

const argType = (v: unknown): ArgType => ({ scalarType: scalarType(v), arity: 'scalar' })

/** The adapter's form of a template: `?` placeholders, or `$1` for PostgreSQL. */
function toQuery(q: Prisma.Sql, provider: string): SqlQuery {
  return { sql: provider === 'postgres' ? q.text : q.sql, args: q.values, argTypes: q.values.map(argType) }
}

const bare = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] })

/** `executeAll` on a connection or transaction that runs one statement with `execute`. */
async function executeAll(provider: string, execute: (q: Prisma.Sql) => Promise<number>, qs: readonly Prisma.Sql[]) {
  if (provider !== 'postgres' || qs.length < 2) {
    for (const q of qs) await execute(q)
    return
  }
  const parts = qs.slice(0, -1).map((q, i) => Prisma.sql`${Prisma.raw(`w${i}`)} AS (${q})`)
  await execute(Prisma.sql`WITH ${Prisma.join(parts, ', ')} ${qs.at(-1)!}`)
}

async function rows<T>(on: SqlDriverAdapter | Transaction, q: Prisma.Sql): Promise<T[]> {
  const r = await on.queryRaw(toQuery(q, on.provider))
  return r.rows.map((values) => {
    const row: Record<string, unknown> = {}
    r.columnNames.forEach((name, i) => (row[name] = values[i]))
    return row as T
  })
}

/**
 * Statements inside one transaction, one at a time (callers may start several at once; a pg client
 * queues them only with a deprecation warning).
 */
class TxSql implements Sql {
  readonly #turns = new Gate()
  constructor(private readonly tx: Transaction) {}
  query<T>(q: Prisma.Sql): Promise<T[]> {
    return this.#turns.run(() => rows<T>(this.tx, q))
  }
  execute(q: Prisma.Sql): Promise<number> {
    return this.#turns.run(() => this.tx.executeRaw(toQuery(q, this.tx.provider)))
  }
  executeAll(qs: readonly Prisma.Sql[]): Promise<void> {
    return executeAll(this.tx.provider, (q) => this.execute(q), qs)
  }
}

// Ending a transaction the way Prisma's own transaction manager does: COMMIT / ROLLBACK
// statements, unless the driver ends it itself, then the driver's own bookkeeping.

async function commit(tx: Transaction): Promise<void> {
  if (!tx.options.usePhantomQuery) {
    try {
      await tx.executeRaw(bare('COMMIT'))
    } catch (e) {
      await rollback(tx)
      throw e
    }
  }
  await tx.commit()
}

/** Never throws: it runs because of an error, which is the one worth reporting. */
async function rollback(tx: Transaction): Promise<void> {
  try {
    if (!tx.options.usePhantomQuery) await tx.executeRaw(bare('ROLLBACK'))
  } catch {
    // SQLite may have rolled back already (it does on some I/O errors).
  } finally {
    await tx.rollback()
  }
}

/**
 * One connection shared by the Prisma client (typed reads) and the store's direct statements,
 * behind one gate. `factory` is what the PrismaClient is given; `sql` runs direct statements.
 * With `wal` (SQLite, full durability) each committed write is reported to it, to be synced off
 * the bot's thread before anything leaves the process (`durable`, wal-sync.ts).
 */
export class SharedConnection {
  readonly sql: RootSql
  readonly factory: SqlDriverAdapterFactory
  /** Runs `fn` while no statement or transaction runs on the connection (SQLite's checkpoints.ts). */
  readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  readonly #afterWrite: (() => void)[] = []

  constructor(adapter: SqlDriverAdapter, wal?: WalSync, { serial = true }: { serial?: boolean } = {}) {
    // serial: one connection, so one transaction or statement at a time (SQLite). Otherwise each
    // transaction takes its own connection of the driver's pool (PostgreSQL), nothing waits here.
    const gate = serial ? new Gate() : OPEN
    this.exclusive = (fn) => gate.run(fn)
    const wrote = () => {
      wal?.wrote()
      for (const listener of this.#afterWrite) listener()
    }
    // Reported inside the gate: whoever reads the write next (through the gate) reads it after.
    const run = <T>(work: () => Promise<T>, writes: boolean): Promise<T> =>
      gate.run(async () => {
        const out = await work()
        if (writes) wrote()
        return out
      })
    const gated: SqlDriverAdapter = {
      provider: adapter.provider,
      adapterName: adapter.adapterName,
      queryRaw: (q) => run(() => adapter.queryRaw(q), mayWrite(q.sql)),
      executeRaw: (q) => run(() => adapter.executeRaw(q), true),
      executeScript: (script) => run(() => adapter.executeScript(script), true),
      startTransaction: async (level) => {
        const release = await gate.acquire()
        try {
          return holding(await adapter.startTransaction(level), release, wrote)
        } catch (e) {
          release()
          throw e
        }
      },
      ...(adapter.getConnectionInfo ? { getConnectionInfo: () => adapter.getConnectionInfo!() } : {}),
      dispose: () => adapter.dispose(),
    }
    this.factory = {
      provider: adapter.provider,
      adapterName: adapter.adapterName,
      connect: () => Promise.resolve(gated),
    }
    this.sql = {
      query: (q) => run(() => rows(adapter, q), mayWrite(q.sql)),
      execute: (q) => run(() => adapter.executeRaw(toQuery(q, adapter.provider)), true),
      executeAll: (qs) => executeAll(adapter.provider, (q) => this.sql.execute(q), qs),
      transaction: (fn) =>
        gate.run(async () => {
          const tx = await adapter.startTransaction()
          let out
          try {
            out = await fn(new TxSql(tx))
          } catch (e) {
            await rollback(tx)
            throw e
          }
          await commit(tx)
          wrote()
          return out
        }),
      durable: async () => wal?.durable(),
    }
  }

  /** `listener` hears of each write committed from now on, as `wal` does. */
  afterWrite(listener: () => void): void {
    this.#afterWrite.push(listener)
  }
}

/**
 * A query may write too (INSERT ... RETURNING, Prisma's own model writes): anything but a SELECT
 * counts as a write. A needless sync costs little; a missed one would let an unsynced change out.
 */
const mayWrite = (sql: string) => !/^\s*SELECT\b/i.test(sql)

/** A Prisma transaction that releases the gate when it ends; a commit is reported as a write. */
function holding(tx: Transaction, release: () => void, wrote: () => void): Transaction {
  const end = (fn: () => Promise<void>) => async () => {
    try {
      await fn()
    } finally {
      release()
    }
  }
  return {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: (q) => tx.queryRaw(q),
    executeRaw: (q) => tx.executeRaw(q),
    commit: end(async () => {
      await tx.commit()
      wrote()
    }),
    rollback: end(() => tx.rollback()),
  }
}

// Readers for column values as drivers return them (SQLite through the adapter: integers as
// decimal strings (booleans too: '0'/'1'), times as ISO text; PostgreSQL: booleans, text times).

export const num = (v: unknown): number => Number(v)
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1'
/** A DateTime column as ms since the epoch. */
export const msOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v : Date.parse(v as string)
