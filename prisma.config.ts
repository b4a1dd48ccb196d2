import 'dotenv/config'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { DEFAULT_DATABASE_URL, sqlitePath } from './src/store/url.js'

// The schema reads env("DATABASE_URL"); without it Prisma cannot read the schema's config and
// falls back to downloading a binary engine, which fails offline.
process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL

// Prisma 6.19 offline: the JS engine with the better-sqlite3 driver adapter (no binary download).
export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => {
    const file = sqlitePath(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL)
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
    return new PrismaBetterSQLite3({ url: file })
  },
})
