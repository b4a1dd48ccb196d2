import path from 'node:path'

export const DEFAULT_DATABASE_URL = 'file:./data/bot.db'

/** The file path of a SQLite `file:` URL (relative paths are relative to the working directory). */
export function sqlitePath(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`DATABASE_URL must be a SQLite file: URL, got "${url}"`)
  const p = url.slice('file:'.length).replace(/\?.*$/, '')
  return p === ':memory:' ? p : path.resolve(p)
}
