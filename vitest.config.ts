import { defineConfig } from 'vitest/config'

// The store, table and end-to-end game tests run twice: on SQLite files (project `sqlite`) and
// on PostgreSQL at TEST_POSTGRES_URL (project `postgres`, a schema of its own per test). Without
// TEST_POSTGRES_URL the second run is skipped, and says so; `.ci/run` always sets it.
const POSTGRES_TESTS = [
  'test/store/audit.test.ts',
  'test/store/leaderboards.test.ts',
  'test/store/sql.test.ts',
  'test/store/wallets.test.ts',
  'test/store/retention.test.ts',
  'test/store/pending-since.test.ts',
  'test/store/postgres-*.test.ts',
  'test/tables/chips.test.ts',
  'test/tables/lifecycle.test.ts',
  'test/tables/property.test.ts',
  'test/tables/race.test.ts',
  'test/tables/deadline-claim.test.ts',
  'test/ratings/tables.test.ts',
  'test/tables/deadline-sweep.test.ts',
  'test/tables/large-balances.test.ts',
  'test/tables/effects.test.ts',
  'test/e2e/badugi.test.ts',
  'test/e2e/bugami.test.ts',
  'test/e2e/bura-restart.test.ts',
  'test/e2e/deadline.test.ts',
  'test/e2e/shards.test.ts',
  'test/e2e/metrics.test.ts',
  'test/e2e/busy-channel-answer.test.ts',
  'test/cli/tables.test.ts',
]
const postgresUrl = process.env.TEST_POSTGRES_URL
if (!postgresUrl)
  console.warn(
    'PostgreSQL tests skipped: set TEST_POSTGRES_URL (e.g. postgresql://postgres@127.0.0.1:5432/test) to run them.',
  )

// The shared Discord budget's tests need Redis (test/support/redis.ts); `.ci/run` always sets it.
if (!process.env.TEST_REDIS_URL)
  console.warn('Redis tests skipped: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run them.')

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests start servers and databases; two workers match the 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Tests that need PostgreSQL itself run only in the postgres project.
          exclude: [
            'test/store/postgres-*.test.ts',
            'test/tables/deadline-claim.test.ts',
            'test/e2e/shards.test.ts',
            '**/node_modules/**',
          ],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: POSTGRES_TESTS, env: { TEST_DATABASE: 'postgres' } },
            },
          ]
        : []),
    ],
  },
})
