import { describe, expect, test } from 'vitest'
import { DEFAULT_BREAK_MS } from '../../src/tables/pace.js'
import { playGame, tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(300)

async function badugi(breakSeconds?: number): Promise<string> {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: 'c',
    game: 'badugi',
    creatorId: 'ann',
    buyIn: 50,
    ...(breakSeconds !== undefined ? { breakSeconds } : {}),
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  expect((await fx.tables.join(id, 'ben')).ok).toBe(true)
  expect((await fx.tables.start(id)).ok).toBe(true)
  return id
}

describe('the break between games', () => {
  test('a game over waits the break (2 minutes unless chosen), then its deadline deals the next game', async () => {
    const id = await badugi()
    await playGame(fx.tables, id, 5)
    const over = (await fx.tables.get(id))!
    expect(over.progress).toBe('gameOver')
    expect(over.deadlineAt).toBe(fx.t.clock.now() + DEFAULT_BREAK_MS)
    await fx.t.clock.advance(DEFAULT_BREAK_MS)
    const dealt = await fx.tables.expire(id, over.deadlineAt!)
    expect(dealt.ok && dealt.value.tableEvents.some((e) => e.type === 'nextGame')).toBe(true)
  })

  test('a break of 0 deals the next game at once; out of range or on Bugami it is refused', async () => {
    const id = await badugi(0)
    await playGame(fx.tables, id, 5)
    expect((await fx.tables.get(id))!.deadlineAt).toBe(fx.t.clock.now())
    for (const breakSeconds of [-1, 3601])
      expect(
        await fx.tables.create({ guildId: 'g', channelId: 'd', game: 'badugi', creatorId: 'cat', breakSeconds }),
      ).toMatchObject({ ok: false, error: { code: 'bad-break' } })
    expect(
      await fx.tables.create({ guildId: 'g', channelId: 'e', game: 'bugami', creatorId: 'cat', breakSeconds: 60 }),
    ).toMatchObject({ ok: false, error: { code: 'no-break' } })
  })
})

describe('reminders', () => {
  test('the reminder of a deadline is written once, as a ping that replaces the turn ping', async () => {
    const id = await badugi()
    const table = (await fx.tables.get(id))!
    const first = await fx.tables.remind(id, table.deadlineAt!)
    expect(first?.remindedFor).toBe(table.deadlineAt)
    expect(await fx.tables.remind(id, table.deadlineAt!)).toBeNull()
    // A deadline the table no longer waits for has no reminder.
    expect(await fx.tables.remind(id, table.deadlineAt! + 1)).toBeNull()
    const pending = await fx.t.store.effects.pending(id)
    expect(pending.slice(-2).map((e) => [e.kind, e.payload])).toEqual([
      ['unping', {}],
      ['ping', { users: table.waitingFor, about: 'reminder' }],
    ])
  })
})
