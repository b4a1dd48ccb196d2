import fs from 'node:fs'
import path from 'node:path'

/** The one schema source (SQLite) and the PostgreSQL schema generated from it. */
export const SQLITE_SCHEMA = path.join('prisma', 'schema.prisma')
export const POSTGRES_SCHEMA = path.join('prisma', 'postgres', 'schema.prisma')

const HEADER =
  '// GENERATED from prisma/schema.prisma by `npm run db:migration` (src/cli/postgres-schema.ts): do not edit.\n'

const SQLITE_PROVIDER = /provider\s*=\s*"sqlite"/

/** A datamodel's PostgreSQL form: only the datasource's provider differs. */
export function asPostgres(datamodel: string): string {
  if (!SQLITE_PROVIDER.test(datamodel)) throw new Error('expected a datasource with provider = "sqlite"')
  return datamodel.replace(SQLITE_PROVIDER, 'provider = "postgresql"')
}

/**
 * The PostgreSQL twin of the SQLite schema: the same models, another provider, and a client
 * generated into its own folder (a Prisma client is built for one provider).
 */
export function postgresSchema(source: string): string {
  const output = /output\s*=\s*"\.\.\/src\/generated\/prisma"/
  if (!output.test(source)) throw new Error('prisma/schema.prisma must keep output = "../src/generated/prisma"')
  return HEADER + asPostgres(source).replace(output, 'output = "../../src/generated/prisma-postgres"')
}

/** Rewrites prisma/postgres/schema.prisma from the source; true when it changed. */
export function writePostgresSchema(root = process.cwd()): boolean {
  const want = postgresSchema(fs.readFileSync(path.join(root, SQLITE_SCHEMA), 'utf8'))
  const file = path.join(root, POSTGRES_SCHEMA)
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === want) return false
  fs.writeFileSync(file, want)
  return true
}
