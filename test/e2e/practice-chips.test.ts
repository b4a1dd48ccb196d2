import { describe, expect, it } from 'vitest'
import { DEFAULT_AI_MOVE_DELAY_MS } from '../../src/config.js'
import { engineFor } from '../../src/games/registry.js'
import { advance, buttonLabels, eachTestWorld, openHand, textOf, useControl, type World } from './harness.js'

const startWorld = eachTestWorld()

async function balance(w: World, name: string): Promise<number> {
  return (await w.bot.store.wallets.get(w.guild.id, w.member(name).id)).balance
}

/** Badugi hands against the AI (the bot plays it) until alice, folding whenever she may, has no chip left. */
async function aliceLosesChips(w: World): Promise<void> {
  const alice = w.member('alice')
  for (let step = 0; step < 300; step++) {
    const t = await w.table()
    const seat = t.seats.find((s) => s.userId === alice.id)!
    if (t.progress === 'gameOver') {
      if (seat.stack === 0) return
      await alice.click(w.publicMessage(t), 'Next hand')
    } else if (t.waitingFor.includes(alice.id)) {
      const legal = engineFor('badugi')!.legalActions(t.state, seat.position!) as { type: string }[]
      const move = legal.find((a) => a.type === 'fold') ?? legal.find((a) => a.type === 'check') ?? legal[0]!
      await useControl(alice, await openHand(w, alice), 'badugi', move)
    } else await advance(w, DEFAULT_AI_MOVE_DELAY_MS)
  }
  throw new Error('alice never lost a chip')
}

describe('a practice table (an AI seat) never touches a wallet', () => {
  it('Rebuy tops up in practice chips and the end pays no real chip in or out', async () => {
    const w = await startWorld(['alice'])
    const alice = w.member('alice')
    const before = await balance(w, 'alice')
    await alice.slash(w.channel, 'badugi start', { buy_in: 8, small_blind: 1, big_blind: 2 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    await alice.click(lobby, 'Add AI')
    await alice.click(lobby, 'Start')
    await aliceLosesChips(w)

    const view = await openHand(w, alice)
    expect(buttonLabels(view)).toContain('Rebuy')
    expect((await alice.click(view, 'Rebuy')).content).toBe(
      'Rebought: you have 8 practice chips at the table; your balance is untouched.',
    )
    expect(await balance(w, 'alice')).toBe(before)
    const table = await w.table()
    expect(textOf(w.publicMessage(table))).toMatch(
      new RegExp(`🪑 <@${alice.id}> rebought for 8 chips \\(practice chips\\)\\.`),
    )

    await alice.slash(w.channel, 'table end')
    expect((await w.tableById(table.id)).status).not.toBe('playing')
    expect(await balance(w, 'alice')).toBe(before)
    const report = await w.bot.store.audit()
    expect(report.problems).toEqual([])
  })
})
