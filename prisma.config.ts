import 'dotenv/config'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { databaseKind, DEFAULT_DATABASE_URL, postgresTarget, sqlitePath } from './src/store/url.js'

// The schema reads env("DATABASE_URL"); without a URL of the schema's provider Prisma cannot
// read the schema's config and falls back to downloading a binary engine, which fails offline.
// Generating the PostgreSQL client (`prisma generate --schema prisma/postgres/schema.prisma`,
// npm's postinstall) therefore gets a placeholder URL when none is set; nothing connects to it.
const postgresSchemaGiven = process.argv.some((a) => a.replace(/\\/g, '/').includes('prisma/postgres/'))
if (postgresSchemaGiven && !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? ''))
  process.env.DATABASE_URL = 'postgresql://localhost/generate-only'
process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL
const url = process.env.DATABASE_URL
const postgres = databaseKind(url) === 'postgres'

// Prisma 6.19 offline: the JS engine with a driver adapter (no binary download). DATABASE_URL
// chooses the database, its schema and its migrations folder, so `prisma migrate deploy` /
// `migrate status` work on either (start-up applies migrations itself; docs/store.md).
export default defineConfig({
  schema: postgres ? path.join('prisma', 'postgres', 'schema.prisma') : path.join('prisma', 'schema.prisma'),
  migrations: { path: postgres ? path.join('prisma', 'postgres', 'migrations') : path.join('prisma', 'migrations') },
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => {
    if (postgres) {
      const target = postgresTarget(url)
      return new PrismaPg(
        { connectionString: target.connectionString, options: target.options },
        { schema: target.schema },
      )
    }
    const file = sqlitePath(url)
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
    return new PrismaBetterSQLite3({ url: file })
  },
})
