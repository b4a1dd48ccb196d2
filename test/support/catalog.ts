import Database from 'better-sqlite3'
import pg from 'pg'

/**
 * A database's schema in one neutral form (table → columns, primary key, indexes, foreign keys),
 * read from SQLite's and PostgreSQL's own catalogs, so that the two migration folders can be
 * proved to build the same thing.
 */
export interface TableShape {
  columns: Record<string, string>
  primaryKey: string[]
  indexes: Record<string, string>
  foreignKeys: string[]
}
export type Catalog = Record<string, TableShape>

const TYPES: Record<string, string> = {
  TEXT: 'text',
  INTEGER: 'integer',
  REAL: 'double',
  BIGINT: 'bigint',
  DATETIME: 'timestamp',
  BOOLEAN: 'boolean',
  text: 'text',
  integer: 'integer',
  'double precision': 'double',
  bigint: 'bigint',
  'timestamp without time zone': 'timestamp',
  boolean: 'boolean',
}
const type = (t: string) => TYPES[t] ?? `unknown ${t}`
const column = (t: string, nullable: boolean, dflt: string | null) =>
  `${type(t)}${nullable ? ' null' : ''}${dflt === null ? '' : ` default ${dflt}`}`
/** `"a", b DESC` → ['a', 'b DESC'] */
const columnList = (list: string) => list.split(',').map((c) => c.trim().replace(/"/g, ''))
const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))

export function sqliteCatalog(file: string): Catalog {
  const db = new Database(file, { readonly: true })
  try {
    const out: Catalog = {}
    const tables = db
      .prepare(
        `SELECT name, sql FROM sqlite_master
         WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations'`,
      )
      .all() as { name: string; sql: string }[]
    for (const t of tables) {
      const info = db.prepare(`PRAGMA table_info("${t.name}")`).all() as {
        name: string
        type: string
        notnull: number
        dflt_value: string | null
        pk: number
      }[]
      const autoincrement = /PRIMARY KEY AUTOINCREMENT/.test(t.sql)
      const columns: Record<string, string> = {}
      for (const c of info)
        columns[c.name] = column(c.type, c.notnull === 0, c.pk > 0 && autoincrement ? 'autoincrement' : c.dflt_value)
      const indexes: Record<string, string> = {}
      const list = db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
        .all(t.name) as {
        name: string
        sql: string
      }[]
      for (const i of list) {
        const cols = /\((.*)\)\s*$/.exec(i.sql)![1]!
        indexes[i.name] = `${/UNIQUE/.test(i.sql) ? 'unique ' : ''}${columnList(cols).join(', ')}`
      }
      const fks = db.prepare(`PRAGMA foreign_key_list("${t.name}")`).all() as {
        table: string
        from: string
        to: string
        on_update: string
        on_delete: string
      }[]
      out[t.name] = {
        columns: sorted(columns),
        primaryKey: info
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        indexes: sorted(indexes),
        foreignKeys: fks
          .map((f) => `${f.from} -> ${f.table}(${f.to}) on delete ${f.on_delete} on update ${f.on_update}`)
          .sort(),
      }
    }
    return sorted(out)
  } finally {
    db.close()
  }
}

export async function postgresCatalog(connectionString: string, schema: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const cols = await client.query<{
      table_name: string
      column_name: string
      data_type: string
      is_nullable: string
      column_default: string | null
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = $1 AND table_name != '_prisma_migrations'`,
      [schema],
    )
    const out: Catalog = {}
    const table = (name: string) => (out[name] ??= { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] })
    for (const c of cols.rows) {
      const dflt = c.column_default?.startsWith('nextval(')
        ? 'autoincrement'
        : (c.column_default?.replace(/::\w+$/, '') ?? null)
      table(c.table_name).columns[c.column_name] = column(c.data_type, c.is_nullable === 'YES', dflt)
    }
    const idx = await client.query<{ tablename: string; indexname: string; indexdef: string }>(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = $1 AND tablename != '_prisma_migrations'`,
      [schema],
    )
    for (const i of idx.rows) {
      const cols = columnList(/\((.*)\)\s*$/.exec(i.indexdef)![1]!)
      if (i.indexname.endsWith('_pkey')) table(i.tablename).primaryKey = cols
      else table(i.tablename).indexes[i.indexname] = `${/UNIQUE/.test(i.indexdef) ? 'unique ' : ''}${cols.join(', ')}`
    }
    const fks = await client.query<{ tbl: string; def: string }>(
      `SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = $1::regnamespace AND contype = 'f'`,
      [schema],
    )
    for (const f of fks.rows) {
      const m = /FOREIGN KEY \((.*)\) REFERENCES (?:\w+\.)?"?(\w+)"?\((.*)\) ON UPDATE (\w+) ON DELETE (\w+)/.exec(
        f.def,
      )!
      const name = f.tbl.replace(/^.*\./, '').replace(/"/g, '')
      table(name).foreignKeys.push(
        `${m[1]!.replace(/"/g, '')} -> ${m[2]}(${m[3]!.replace(/"/g, '')}) on delete ${m[5]} on update ${m[4]}`,
      )
    }
    for (const t of Object.values(out)) {
      t.columns = sorted(t.columns)
      t.indexes = sorted(t.indexes)
      t.foreignKeys.sort()
    }
    return sorted(out)
  } finally {
    await client.end()
  }
}
