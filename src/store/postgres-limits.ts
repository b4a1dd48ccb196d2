/**
 * How long PostgreSQL work may take before it fails instead of hanging a shard (docs/database.md,
 * "PostgreSQL timeouts"). Each one can be set in the environment; the defaults suit a bot whose
 * transactions take milliseconds.
 */
export interface PostgresLimits {
  /** Any one statement (a lock wait included) is cancelled after this (PG_STATEMENT_TIMEOUT_MS). */
  readonly statementTimeoutMs: number
  /** A session left idle inside a transaction is ended by the server after this (PG_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  readonly idleInTransactionTimeoutMs: number
  /** Connecting, or waiting for a free connection of the pool, fails after this (PG_CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs: number
  /** TCP keepalive probes start after the connection was idle this long (PG_KEEPALIVE_MS): a dead peer is noticed. */
  readonly keepAliveMs: number
  /** Connections per process (PG_POOL_SIZE): tables run their transactions side by side up to this. */
  readonly poolSize: number
}

export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  keepAliveMs: 10_000,
  poolSize: 8,
}

const ENV: Record<keyof PostgresLimits, string> = {
  statementTimeoutMs: 'PG_STATEMENT_TIMEOUT_MS',
  idleInTransactionTimeoutMs: 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  connectTimeoutMs: 'PG_CONNECT_TIMEOUT_MS',
  keepAliveMs: 'PG_KEEPALIVE_MS',
  poolSize: 'PG_POOL_SIZE',
}

/** The limits: `given` first, then the environment, then the defaults. A bad value is an error. */
export function postgresLimits(
  given: Partial<PostgresLimits> = {},
  env: Record<string, string | undefined> = process.env,
): PostgresLimits {
  const out = { ...DEFAULT_POSTGRES_LIMITS }
  for (const key of Object.keys(ENV) as (keyof PostgresLimits)[]) {
    const raw = env[ENV[key]]?.trim()
    const value = given[key] ?? (raw ? Number(raw) : undefined)
    if (value === undefined) continue
    if (!Number.isSafeInteger(value) || value < 1 || value > 3_600_000)
      throw new Error(`${ENV[key]} must be a whole number from 1 to 3600000, got ${String(raw ?? value)}`)
    out[key] = value
  }
  return out
}
