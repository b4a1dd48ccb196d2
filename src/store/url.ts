import path from 'node:path'

export const DEFAULT_DATABASE_URL = 'file:./data/bot.db'

export type DatabaseKind = 'sqlite' | 'postgres'

/** Which database a `DATABASE_URL` names: a SQLite `file:` or a PostgreSQL `postgresql://` URL. */
export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('file:')) return 'sqlite'
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres'
  throw new Error(`DATABASE_URL must be a SQLite file: URL or a postgresql:// URL, got "${url}"`)
}

/** The file path of a SQLite `file:` URL (relative paths are relative to the working directory). */
export function sqlitePath(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`DATABASE_URL must be a SQLite file: URL, got "${url}"`)
  const p = url.slice('file:'.length).replace(/\?.*$/, '')
  return p === ':memory:' ? p : path.resolve(p)
}

export interface PostgresTarget {
  /** The URL for `pg`, without Prisma's `schema` parameter. */
  readonly connectionString: string
  /** The schema the tables live in (`?schema=` as Prisma spells it; default public). */
  readonly schema: string
  /** Session options that put that schema first on the search path, for unqualified SQL. */
  readonly options: string
}

export function postgresTarget(url: string): PostgresTarget {
  const u = new URL(url)
  const schema = u.searchParams.get('schema') ?? 'public'
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new Error(`schema "${schema}" must be a plain identifier`)
  u.searchParams.delete('schema')
  return { connectionString: u.toString(), schema, options: `-c search_path=${schema}` }
}
