import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { isDriverAdapterError, type SqlDriverAdapter, type SqlQuery } from '@prisma/driver-adapter-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withStatementCache } from '../../src/store/statement-cache.js'

const query = (sql: string, args: unknown[] = []): SqlQuery => ({
  sql,
  args,
  argTypes: args.map((v) => ({ scalarType: typeof v === 'string' ? 'string' : 'int', arity: 'scalar' })),
})

// SQLite only: the cache sits between Prisma's better-sqlite3 adapter and its connection.
describe('prepared statements kept by their text (SQLite)', () => {
  let dir: string
  let adapter: SqlDriverAdapter
  let prepares: ReturnType<typeof vi.spyOn>

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cache-'))
    prepares = vi.spyOn(Database.prototype, 'prepare')
    adapter = withStatementCache(await new PrismaBetterSQLite3({ url: `file:${join(dir, 't.db')}` }).connect())
    await adapter.executeScript('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)')
  })

  afterEach(async () => {
    prepares.mockRestore()
    await adapter.dispose()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a statement is prepared once and each call reads and writes its own values', async () => {
    const insert = 'INSERT INTO t (id, name) VALUES (?, ?)'
    for (const [id, name] of [
      [1, 'ann'],
      [2, 'ben'],
      [3, 'cat'],
    ] as const)
      expect(await adapter.executeRaw(query(insert, [id, name]))).toBe(1)
    const names = []
    for (const id of [3, 1, 2])
      names.push((await adapter.queryRaw(query('SELECT name FROM t WHERE id = ?', [id]))).rows[0]![0])
    expect(names).toEqual(['cat', 'ann', 'ben'])
    const texts = prepares.mock.calls.map((c: unknown[]) => c[0])
    expect(texts.filter((t: unknown) => t === insert)).toHaveLength(1)
    expect(texts.filter((t: unknown) => t === 'SELECT name FROM t WHERE id = ?')).toHaveLength(1)
  })

  it("a statement's columns are read once, and every call's rows come under their names", async () => {
    const statementProto = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Database.Statement
    const columns = vi.spyOn(statementProto, 'columns')
    try {
      await adapter.executeRaw(query('INSERT INTO t (id, name) VALUES (?, ?)', [1, 'ann']))
      const select = 'SELECT id, name AS who FROM t WHERE id = ?'
      for (let i = 0; i < 3; i++) {
        const r = await adapter.queryRaw(query(select, [1]))
        expect(r.columnNames).toEqual(['id', 'who'])
        expect(r.rows).toEqual([['1', 'ann']])
      }
      const other = await adapter.queryRaw(query('SELECT name FROM t WHERE id = ?', [1]))
      expect(other.columnNames).toEqual(['name'])
      expect(columns).toHaveBeenCalledTimes(2)
    } finally {
      columns.mockRestore()
    }
  })

  it('a refused statement is the adapter error it was, and the statement works again after it', async () => {
    const insert = 'INSERT INTO t (id, name) VALUES (?, ?)'
    await adapter.executeRaw(query(insert, [1, 'ann']))
    const again = await adapter.executeRaw(query(insert, [2, 'ann'])).catch((e: unknown) => e)
    expect(isDriverAdapterError(again) && again.cause.kind).toBe('UniqueConstraintViolation')
    expect(await adapter.executeRaw(query(insert, [2, 'ben']))).toBe(1)
  })

  it('a transaction rolled back leaves nothing of its statements', async () => {
    // The adapter begins it; ending it is the caller's (src/store/sql.ts).
    const tx = await adapter.startTransaction()
    await tx.executeRaw(query('INSERT INTO t (id, name) VALUES (?, ?)', [1, 'ann']))
    await tx.executeRaw(query('ROLLBACK'))
    await tx.rollback()
    expect((await adapter.queryRaw(query('SELECT count(*) AS n FROM t'))).rows[0]![0]).toBe('0')
  })
})

/**
 * The cache replaces a private part of Prisma's adapter (its better-sqlite3 connection). This pins
 * that contract: an upgraded adapter fails here, loudly, until statement-cache.ts is checked
 * against it, instead of failing on some rare query path in production.
 */
describe("the adapter's private contract the cache relies on", () => {
  const require = createRequire(import.meta.url)
  // The package exports no package.json: its folder is the one above its entry (dist/index.js).
  const adapterDir = dirname(dirname(require.resolve('@prisma/adapter-better-sqlite3')))
  const source = readFileSync(join(adapterDir, 'dist/index.mjs'), 'utf8')

  it('is the adapter version it was checked against (after an upgrade: re-read the adapter, then update this)', () => {
    const { version } = JSON.parse(readFileSync(join(adapterDir, 'package.json'), 'utf8')) as { version: string }
    expect(version).toBe('6.19.3')
  })

  it('the adapter holds its connection as `client` and calls only statement methods the cache answers', async () => {
    const uses = new Set([...source.matchAll(/\bstmt\.(\w+)/g)].map((m) => m[1]))
    for (const m of source.matchAll(/\.prepare\([^)]*\)\.(\w+)/g)) uses.add(m[1])
    expect([...uses].sort()).toEqual(['bind', 'columns', 'raw', 'reader', 'run'])
    // raw() is read with all(), and nothing else.
    expect([...source.matchAll(/\.raw\(\)\.(\w+)/g)].map((m) => m[1])).toEqual(['all'])
    const connection = new Set([...source.matchAll(/this\.client\.(\w+)/g)].map((m) => m[1]))
    expect([...connection].sort()).toEqual(['close', 'exec', 'prepare'])
    // The cache's statement answers each of them.
    const dir = mkdtempSync(join(tmpdir(), 'statement-cache-'))
    const adapter = withStatementCache(await new PrismaBetterSQLite3({ url: `file:${join(dir, 't.db')}` }).connect())
    try {
      const holder = adapter as unknown as { client: Database.Database }
      const statement = holder.client.prepare('SELECT 1 AS one').bind([]) as unknown as Record<string, unknown>
      for (const name of ['run', 'columns', 'raw', 'bind']) expect(typeof statement[name], name).toBe('function')
      expect(statement.reader).toBe(true)
    } finally {
      await adapter.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
