import { describe, expect, it } from 'vitest'
import { DEFAULT_AI_MOVE_DELAY_MS } from '../../src/config.js'
import { engineFor } from '../../src/games/registry.js'
import {
  advance,
  buttonLabels,
  cardPattern,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playTurn,
  type World,
  untilSomeoneActs,
} from './harness.js'

const startWorld = eachTestWorld()

/**
 * Lets the AI seats move until the table waits for `userId`; a game that ended on the way (a
 * Bura dealt to a hand, 31 declared) is followed by the next, as the member would deal it.
 */
async function untilTurnOf(w: World, userId: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const table = await w.table()
    if (table.waitingFor.includes(userId)) return
    if (table.progress === 'acting') await advance(w, DEFAULT_AI_MOVE_DELAY_MS)
    else await untilSomeoneActs(w, w.nameOf(userId))
  }
  throw new Error('the table never waited for the member')
}

/** The hint's text, checked to name no card the seat cannot see. */
async function hintText(w: World, name: string): Promise<{ title: string; text: string }> {
  const member = w.member(name)
  const view = await openHand(w, member)
  expect(buttonLabels(view)).toContain(member.locale === 'de' ? '💡 Tipp' : '💡 Hint')
  const answer = await member.click(view, member.locale === 'de' ? '💡 Tipp' : '💡 Hint')
  expect(answer.ephemeral).toBe(true)
  const embed = answer.embeds[0] as { title: string; description: string }
  const table = await w.table()
  const seat = table.seats.find((s) => s.userId === member.id)!.position!
  for (const c of engineFor(table.game)!.hiddenFrom(table.state, seat))
    expect(embed.description, `the hint names hidden ${c}`).not.toMatch(cardPattern(c))
  return { title: embed.title, text: embed.description }
}

describe('Hint at practice tables', () => {
  it('a member at a Bura practice table gets the AI suggestion with a reason, in English and in German', async () => {
    const w = await startWorld(['alice'])
    const alice = w.member('alice')
    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 100, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    await alice.click(lobby, 'Add AI')
    await alice.click(lobby, 'Start')
    const tableId = (await w.table()).id
    for (let turn = 0; turn < 3; turn++) {
      await untilTurnOf(w, alice.id)
      const before = await w.table()
      alice.locale = 'en-US'
      const en = await hintText(w, 'alice')
      expect(en.title).toBe('💡 Hint')
      // One sentence naming the move, then why.
      expect(en.text).toMatch(/^(Play|Lead|Declare 31|Pass)\b[^\n]*: [^\n]+\.$/)
      alice.locale = 'de'
      const de = await hintText(w, 'alice')
      expect(de.title).toBe('💡 Tipp')
      expect(de.text).toMatch(/^(Spiel|Sag 31 an|Pass)\b[^\n]*: [^\n]+\.$/)
      // Asking changes nothing at the table.
      expect((await w.table()).version).toBe(before.version)
      alice.locale = 'en-US'
      await playTurn(w, alice.id)
      await expectNothingHidden(w, tableId)
    }
  })

  it('a table with real chips offers no Hint, and a forged Hint control is refused privately', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100, deadline: '1h' }, ['bob'])
    const table = await w.table()
    const name = w.nameOf(table.waitingFor[0]!)
    const member = w.member(name)
    const view = await openHand(w, member)
    expect(buttonLabels(view).some((l) => l.includes('Hint'))).toBe(false)
    const forged = await member.press(view, `t:${table.id}:hint`)
    expect(forged.ephemeral).toBe(true)
    expect(forged.content).toContain('Hints are for practice tables only')
    expect((await w.table()).version).toBe(table.version)
  })
})
