import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { isUniqueViolation } from '../../src/store/db.js'
import { tempStore } from './temp-db.js'

// The store's transactions run portable SQL through Prisma's driver adapter, on the one SQLite
// connection the Prisma client also uses: these are the guarantees the rest of the store relies on.
describe('store transactions and the shared connection', () => {
  let t: Awaited<ReturnType<typeof tempStore>>
  beforeEach(async () => {
    t = await tempStore()
  })
  afterEach(async () => {
    await t.cleanup()
  })

  test('a transaction that throws leaves nothing behind', async () => {
    await expect(
      t.store.transaction(async (r) => {
        await r.wallets.grant('g', 'ann', 500)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await t.store.wallets.peek('g', 'ann')).toBeNull()
    expect(await t.store.ledger.list({ guildId: 'g' })).toEqual([])
    expect((await t.store.audit()).ok).toBe(true)
  })

  test('a write from elsewhere waits for an open transaction and survives its rollback', async () => {
    let inside!: () => void
    const opened = new Promise<void>((r) => (inside = r))
    let finish!: () => void
    const held = new Promise<void>((r) => (finish = r))
    const rolledBack = t.store
      .transaction(async (r) => {
        await r.wallets.grant('g', 'ann', 500)
        inside()
        await held
        throw new Error('refused')
      })
      .catch((e: Error) => e.message)
    await opened
    // Single statements issued while it is open: one through the store's SQL, one through the Prisma client.
    const viaSql = t.store.settings.update('g', { dailyAmount: 7 })
    const viaPrisma = t.store.prisma.guildSettings.create({ data: { guildId: 'g2', startingGrant: 42 } })
    finish()
    expect(await rolledBack).toBe('refused')
    await Promise.all([viaSql, viaPrisma])
    expect(await t.store.wallets.peek('g', 'ann')).toBeNull()
    expect((await t.store.settings.get('g')).dailyAmount).toBe(7)
    expect((await t.store.settings.get('g2')).startingGrant).toBe(42)
    expect((await t.store.audit()).ok).toBe(true)
  })

  test('a repeated key from a direct statement is recognised as a unique violation', async () => {
    await t.store.actions.recordInteraction('i-1', 'table', 1)
    const again = await t.store.actions.recordInteraction('i-1', 'table', 2).catch((e: unknown) => e)
    expect(isUniqueViolation(again)).toBe(true)
    expect(await t.store.actions.interaction('i-1')).toEqual({ tableId: 'table', version: 1 })
  })

  test('inserts written together land together; a repeated key among them fails them all, as a unique violation', async () => {
    await t.store.transaction((r) =>
      r.writeAll([
        r.actions.interactionStatement('i-1', 'table', 1),
        null,
        r.actions.interactionStatement('i-2', 'table', 1),
      ]),
    )
    expect(await t.store.actions.interaction('i-2')).toEqual({ tableId: 'table', version: 1 })
    const again = await t.store
      .transaction((r) =>
        r.writeAll([
          r.actions.interactionStatement('i-3', 'table', 2),
          r.actions.interactionStatement('i-1', 'table', 2),
        ]),
      )
      .catch((e: unknown) => e)
    expect(isUniqueViolation(again)).toBe(true)
    expect(await t.store.actions.interaction('i-3')).toBeNull()
    expect(await t.store.actions.interaction('i-1')).toEqual({ tableId: 'table', version: 1 })
  })

  test('patches of different settings made at once both land', async () => {
    const [a, b] = await Promise.all([
      t.store.settings.update('g', { dailyAmount: 250 }),
      t.store.settings.update('g', { startingGrant: 5000 }),
    ])
    expect(a.ok && b.ok).toBe(true)
    expect(await t.store.settings.get('g')).toMatchObject({
      dailyAmount: 250,
      startingGrant: 5000,
      turnMs: 12 * 3_600_000,
    })
  })
})
