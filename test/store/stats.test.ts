import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { tempStore } from './temp-db.js'

let t: Awaited<ReturnType<typeof tempStore>>
beforeEach(async () => {
  t = await tempStore()
})
afterEach(async () => {
  await t.cleanup()
})

describe('stats', () => {
  test('Bugami keeps the best match points (negative ones too); chip games have none', async () => {
    await t.store.transaction(async (r) => {
      await r.stats.recordGame('g', 'bugami', [{ userId: 'ann', won: false, points: -40 }])
      await r.stats.recordGame('g', 'badugi', [{ userId: 'ann', won: true }])
      await r.stats.addNetChips('g', 'badugi', new Map([['ann', 35]]))
    })
    expect(await t.store.stats.get('g', 'ann')).toEqual([
      { guildId: 'g', userId: 'ann', game: 'badugi', played: 1, won: 1, netChips: 35, points: 0, bestPoints: null },
      { guildId: 'g', userId: 'ann', game: 'bugami', played: 1, won: 0, netChips: 0, points: -40, bestPoints: -40 },
    ])
    for (const points of [120, 80])
      await t.store.transaction((r) => r.stats.recordGame('g', 'bugami', [{ userId: 'ann', won: true, points }]))
    const bugami = (await t.store.stats.get('g', 'ann')).find((s) => s.game === 'bugami')!
    expect(bugami).toMatchObject({ played: 3, won: 2, points: 160, bestPoints: 120 })
  })
})

describe('settings', () => {
  test('table channels: a list of channel ids, empty for any channel', async () => {
    expect((await t.store.settings.get('g')).tableChannels).toEqual([])
    expect((await t.store.settings.update('g', { tableChannels: ['123', '456'] })).ok).toBe(true)
    expect((await t.store.settings.get('g')).tableChannels).toEqual(['123', '456'])
    expect((await t.store.settings.update('g', { tableChannels: ['#cards'] })).ok).toBe(false)
    const many = Array.from({ length: 26 }, (_, i) => String(100 + i))
    expect(await t.store.settings.update('g', { tableChannels: many })).toEqual({
      ok: false,
      error: { code: 'settings.too-many-channels', params: { max: 25, given: 26 } },
    })
    expect((await t.store.settings.update('g', { tableChannels: [] })).ok).toBe(true)
    expect((await t.store.settings.get('g')).tableChannels).toEqual([])
  })
})
