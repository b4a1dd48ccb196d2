import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { execRaw } from '../support/test-database.js'
import { tempStore } from './temp-db.js'

const run = promisify(execFile)
let t: Awaited<ReturnType<typeof tempStore>>
beforeEach(async () => {
  t = await tempStore()
})
afterEach(async () => {
  await t.cleanup()
})

/** Changes the database behind the store's back, like a bug or a hand edit would. */
const tamper = execRaw

describe('audit', () => {
  test('balanced books pass; a chip created outside the ledger is found', async () => {
    await t.store.wallets.get('g', 'a')
    await t.store.wallets.grant('g', 'b', 300)
    await t.store.wallets.claimDaily('g', 'a')
    expect(await t.store.audit()).toEqual({
      ok: true,
      granted: 2400,
      wallets: 2400,
      stacks: 0,
      pots: 0,
      prizes: 0,
      practice: 0,
      tournament: 0,
      difference: 0,
      problems: [],
    })
    await tamper(t.url, `UPDATE "Wallet" SET balance = balance + 7 WHERE "userId" = 'a'`)
    const report = await t.store.audit()
    expect(report.ok).toBe(false)
    expect(report.difference).toBe(7)
    expect(report.problems.join('\n')).toMatch(/wallet g\/a holds 1107 but its ledger rows add up to 1100/)
  })

  test('chips moved between wallets without ledger rows are found even when the total still adds up', async () => {
    await t.store.wallets.get('g', 'a')
    await t.store.wallets.get('g', 'b')
    await tamper(
      t.url,
      `UPDATE "Wallet" SET balance = balance - 10 WHERE "userId" = 'a';
       UPDATE "Wallet" SET balance = balance + 10 WHERE "userId" = 'b'`,
    )
    const report = await t.store.audit()
    expect(report).toMatchObject({ ok: false, difference: 0 })
    const wallets = report.problems.filter((p) => p.startsWith('wallet '))
    expect(wallets).toEqual([
      expect.stringContaining('wallet g/a holds 990'),
      expect.stringContaining('wallet g/b holds 1010'),
    ])
    // Written behind the store's back, the balances also left the leaderboard's ranges behind.
    expect(report.problems.filter((p) => p.includes('the leaderboard counts'))).not.toEqual([])
  })

  test('a leaderboard range that does not count its wallets is found', async () => {
    await t.store.wallets.get('g', 'a')
    await t.store.wallets.grant('g', 'b', 5000)
    expect((await t.store.audit()).ok).toBe(true)
    await tamper(
      t.url,
      `UPDATE "WalletBucket" SET wallets = wallets + 1
       WHERE "guildId" = 'g' AND wallets = 1 AND bucket = (SELECT MIN(bucket) FROM "WalletBucket")`,
    )
    const report = await t.store.audit()
    expect(report).toMatchObject({ ok: false, difference: 0 })
    expect(report.problems).toEqual([
      expect.stringMatching(/^balance g range \d+: the leaderboard counts 1 wallet too many$/),
    ])
  })

  test('npm run audit prints the report as JSON and exits 1 when the books are off', async () => {
    await t.store.wallets.grant('g', 'a', 5)
    const env = { ...process.env, DATABASE_URL: t.url }
    const good = await run(process.execPath, ['--import', 'tsx', 'src/cli/audit.ts'], { env })
    expect(JSON.parse(good.stdout)).toMatchObject({ ok: true, granted: 1005 })
    await tamper(t.url, `UPDATE "Wallet" SET balance = 0`)
    const bad = await run(process.execPath, ['--import', 'tsx', 'src/cli/audit.ts'], { env }).catch(
      (e: { code: number; stdout: string }) => e,
    )
    expect(bad).toMatchObject({ code: 1 })
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, difference: -1005 })
  })
})
