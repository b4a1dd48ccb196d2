import { describe, expect, test } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import { isAiSeat } from '../../src/tables/ai-seats.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(500)

const balance = async (user: string) => (await fx.t.store.wallets.get('g', user)).balance

/**
 * Plays Badugi hands at a table of `user` and AI seats until `user`'s stack is below the buy-in:
 * the member folds whenever they may, the AI seats call or check.
 */
async function loseSomeChips(id: string, user: string): Promise<void> {
  const engine = engineFor('badugi')!
  for (let step = 0; step < 500; step++) {
    const t = (await fx.tables.get(id))!
    if (t.progress === 'gameOver') {
      if (t.seats.find((s) => s.userId === user)!.stack < t.buyIn) return
      const dealt = await fx.tables.nextDeal(id)
      if (!dealt.ok) throw new Error(refusalText(dealt.error, ENGLISH))
      continue
    }
    const who = t.waitingFor[0]!
    const position = t.seats.find((s) => s.userId === who)!.position!
    const legal = engine.legalActions(t.state, position) as { type: string }[]
    const pick = (type: string) => legal.find((a) => a.type === type)
    const action = isAiSeat(who)
      ? (pick('call') ?? pick('check') ?? engine.autoAction(t.state, position))
      : (pick('fold') ?? pick('check') ?? engine.autoAction(t.state, position))
    const out = await fx.tables.act(id, who, action)
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  }
  throw new Error('the member never lost a chip')
}

describe('practice tables never touch a wallet', () => {
  test('a rebuy at a table with an AI seat is in practice chips, and the cash-out gives no real chip back or away', async () => {
    const before = await balance('alice')
    const created = await fx.tables.create({
      guildId: 'g',
      channelId: 'c',
      game: 'badugi',
      creatorId: 'alice',
      buyIn: 8,
      options: { smallBlind: 1, bigBlind: 2 },
    })
    if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
    const id = created.value.table.id
    expect((await fx.tables.addAi(id)).ok).toBe(true)
    // The buy-in went back when the table became a practice table.
    expect(await balance('alice')).toBe(before)
    expect((await fx.tables.start(id)).ok).toBe(true)
    await loseSomeChips(id, 'alice')

    const stack = (await fx.tables.get(id))!.seats.find((s) => s.userId === 'alice')!.stack
    const rebought = await fx.tables.rebuy(id, 'alice')
    if (!rebought.ok) throw new Error(refusalText(rebought.error, ENGLISH))
    expect(rebought.value.table.seats.find((s) => s.userId === 'alice')!.stack).toBe(8)
    expect(await balance('alice')).toBe(before)
    const rebuys = await fx.t.store.prisma.ledgerEntry.findMany({ where: { tableId: id, toUserId: 'alice' } })
    expect(rebuys.filter((e) => e.reason === 'rebuy')).toEqual([])
    expect(rebuys.filter((e) => e.reason === 'practice rebuy').map((e) => [e.fromKind, Number(e.amount)])).toEqual([
      ['practice', 8 - stack],
    ])

    expect((await fx.tables.end(id)).ok).toBe(true)
    expect(await balance('alice')).toBe(before)
    const report = await fx.t.store.audit()
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
    expect(await fx.t.store.stats.get('g', 'alice')).toEqual([])
  })
})
