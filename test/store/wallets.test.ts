import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { DAILY_INTERVAL_MS } from '../../src/store/index.js'
import { tempStore } from './temp-db.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH, langOf } from '../../src/i18n/index.js'

let t: Awaited<ReturnType<typeof tempStore>>
beforeEach(async () => {
  t = await tempStore()
})
afterEach(async () => {
  await t.cleanup()
})

describe('wallets', () => {
  test('first use creates the wallet with the starting grant, recorded in the ledger', async () => {
    const w = await t.store.wallets.get('g1', 'alice')
    expect(w.balance).toBe(1000)
    expect(await t.store.wallets.get('g1', 'alice')).toMatchObject({ balance: 1000 })
    const rows = await t.store.ledger.list({ guildId: 'g1', userId: 'alice' })
    expect(rows).toMatchObject([
      { from: { kind: 'grant' }, to: { kind: 'wallet', userId: 'alice' }, amount: 1000, reason: 'starting grant' },
    ])
    // Wallets are per server.
    expect(await t.store.wallets.peek('g2', 'alice')).toBeNull()
  })

  test('the server setting decides the starting grant', async () => {
    expect((await t.store.settings.update('g1', { startingGrant: 250 })).ok).toBe(true)
    expect((await t.store.wallets.get('g1', 'bob')).balance).toBe(250)
    expect((await t.store.wallets.get('g2', 'bob')).balance).toBe(1000)
  })

  test('daily claim: once per 20 hours, with the wait in the refusal', async () => {
    const first = await t.store.wallets.claimDaily('g', 'u')
    expect(first).toMatchObject({ ok: true, value: { claimed: 100, balance: 1100 } })
    await t.clock.advance(DAILY_INTERVAL_MS - 60_000)
    const early = await t.store.wallets.claimDaily('g', 'u')
    expect(early).toMatchObject({ ok: false, error: { code: 'wallet.daily-too-soon' } })
    expect(!early.ok && refusalText(early.error, ENGLISH)).toMatch(/Come back in 1 minute\./)
    expect((await t.store.wallets.get('g', 'u')).balance).toBe(1100)
    await t.clock.advance(60_000)
    expect(await t.store.wallets.claimDaily('g', 'u')).toMatchObject({ ok: true, value: { balance: 1200 } })
    expect((await t.store.audit()).ok).toBe(true)
  })

  test('racing daily claims pay once', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => t.store.wallets.claimDaily('g', 'u')))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect((await t.store.wallets.get('g', 'u')).balance).toBe(1100)
  })

  test('admin grants take positive whole amounts only', async () => {
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      const r = await t.store.wallets.grant('g', 'u', bad)
      expect(r).toMatchObject({ ok: false, error: { code: 'wallet.bad-amount' } })
    }
    const huge = await t.store.wallets.grant('g', 'u', 2 ** 49 + 1)
    expect(!huge.ok && refusalText(huge.error, ENGLISH)).toBe('The amount can be at most 562,949,953,421,312 chips.')
    expect(await t.store.wallets.grant('g', 'u', 500)).toMatchObject({ ok: true, value: { balance: 1500 } })
    const audit = await t.store.audit()
    expect(audit).toMatchObject({ ok: true, granted: 1500, wallets: 1500 })
  })

  test('a withdrawal larger than the balance is refused and changes nothing: balances never go negative', async () => {
    const r = await t.store.wallets.withdraw('g', 'u', 1001, { kind: 'stack', userId: 'u' }, null, 'buy-in')
    expect(r).toMatchObject({ ok: false, error: { code: 'wallet.not-enough-chips' } })
    expect(!r.ok && refusalText(r.error, ENGLISH)).toBe('You have 1,000 chips, not 1,001.')
    expect(!r.ok && refusalText(r.error, langOf('de'))).toBe('Du hast 1.000 Chips, nicht 1.001.')
    expect((await t.store.wallets.get('g', 'u')).balance).toBe(1000)
  })

  test('settings: bad values are refused with the field named, good ones stored', async () => {
    expect(await t.store.settings.update('g', { turnMs: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'settings.bad-setting' },
    })
    expect(await t.store.settings.update('g', { color: 'red' })).toMatchObject({ ok: false })
    expect(await t.store.settings.update('g', { dailyAmount: 40, defaultStakes: 4 })).toMatchObject({
      ok: true,
      value: { dailyAmount: 40, defaultStakes: 4, startingGrant: 1000 },
    })
    expect(await t.store.settings.get('g')).toMatchObject({ dailyAmount: 40 })
  })
})
