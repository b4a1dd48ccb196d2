import Database from 'better-sqlite3'
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils'
import { Lru } from '../lib/lru.js'

/** Distinct statement texts kept prepared (the store's are a few dozen; Prisma's reads add some). */
const KEPT = 500

/**
 * Prisma's better-sqlite3 adapter prepares every statement anew (`client.prepare(sql).bind(args)`),
 * which under load was a tenth of the bot's database time. This keeps the prepared statements of
 * the adapter's connection by their text and binds each call's values to the one prepared
 * statement instead: the adapter itself (its value conversions, errors and transactions) is left
 * as it is, so Prisma's reads and the store's statements behave exactly as before.
 *
 * It reaches into the adapter for its better-sqlite3 connection, which is no public API: the
 * version is pinned in package.json, it fails at start-up if the connection is not there, and
 * test/store/statement-cache.test.ts pins the rest of the contract (the adapter's version, the
 * connection and statement methods it calls), so an upgrade fails that test before it ships.
 */
export function withStatementCache(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const holder = adapter as unknown as { client?: unknown }
  const db = holder.client
  if (!(db instanceof Database)) throw new Error('the SQLite driver adapter holds no better-sqlite3 connection')
  const prepared = new Lru<string, Prepared>(KEPT)
  const prepare = (sql: string) => {
    let statement = prepared.get(sql)
    if (!statement) prepared.set(sql, (statement = new Prepared(db.prepare(sql))))
    return new Reusable(statement)
  }
  holder.client = new Proxy(db, {
    get: (target, property) => {
      if (property === 'prepare') return prepare
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return adapter
}

/**
 * A prepared statement with its result columns read once: better-sqlite3 builds the column list
 * afresh on every call, which under load cost as much as running the statement. The list is fixed
 * for a statement's text, since every statement names its columns (none selects `*`).
 */
class Prepared {
  #columns: Database.ColumnDefinition[] | undefined
  constructor(readonly statement: Database.Statement) {}

  columns(): Database.ColumnDefinition[] {
    return (this.#columns ??= this.statement.columns())
  }
}

/**
 * What the adapter does with a prepared statement, on a shared one: `bind` keeps the values with
 * this call instead of binding them to the statement for good (better-sqlite3 binds only once).
 */
class Reusable {
  constructor(
    private readonly prepared: Prepared,
    private readonly values: readonly unknown[] = [],
  ) {}

  get reader(): boolean {
    return this.prepared.statement.reader
  }

  bind(values: readonly unknown[]): Reusable {
    return new Reusable(this.prepared, values)
  }

  run(): Database.RunResult {
    return this.prepared.statement.run(this.values)
  }

  /** The adapter only reads the list (names and declared types), so one shared copy serves every call. */
  columns(): Database.ColumnDefinition[] {
    return this.prepared.columns()
  }

  raw(): { all: () => unknown[] } {
    return { all: () => this.prepared.statement.raw(true).all(this.values) }
  }
}
