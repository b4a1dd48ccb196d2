import { describe, expect, it } from 'vitest'
import { DEFAULT_PACE } from '../../src/discord/desk.js'
import { buttonLabels, eachTestWorld, privateAnswer } from './harness.js'

const startWorld = eachTestWorld()

/**
 * A control pressed on the table message answers by updating that message in its own interaction
 * callback: what the private answer says ("Press **Your hand** on the table message") is on the
 * table message when the member reads it, though the table's edits are paced (one a second).
 */
describe('a control on the table message updates it with its answer', () => {
  it('Start: the table message shows the game and its controls when the answer arrives', async () => {
    // The real pace: the table message takes one edit a second, and the fake's clock stands still.
    const w = await startWorld(['alice', 'bob'], { pace: DEFAULT_PACE })
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await alice.slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))

    const joined = await bob.click(lobby, 'Join')
    const joinText = await privateAnswer(w, joined)
    expect(joinText.content).toMatch(/joined/i)
    expect(joinText.ephemeralFor).toBe(bob.id)
    // The table message lists bob by the time he reads that he joined.
    expect(w.discord.message(lobby.id)!.content + JSON.stringify(w.discord.message(lobby.id)!.embeds)).toContain(bob.id)

    const started = await alice.click(lobby, 'Start')
    const startText = await privateAnswer(w, started)
    expect(startText.ephemeralFor).toBe(alice.id)
    expect(startText.content).toMatch(/Your hand/)
    const table = await w.table()
    expect(table.status).toBe('playing')
    const shown = w.discord.message(table.messageId!)!
    expect(buttonLabels(shown)).toContain('Your hand')
    expect(buttonLabels(shown)).not.toContain('Start')
    // The table message stays public: bob sees the same controls.
    expect(shown.ephemeralFor).toBeNull()
  })

  it('Add AI and Leave: the table message shows the seat taken or left when the answer arrives', async () => {
    const w = await startWorld(['alice', 'bob'], { pace: DEFAULT_PACE })
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await alice.slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    const shown = () => {
      const m = w.discord.message(lobby.id)!
      return m.content + JSON.stringify(m.embeds)
    }

    const added = await alice.click(lobby, 'Add AI')
    const addText = await privateAnswer(w, added)
    expect(addText.ephemeralFor).toBe(alice.id)
    expect(addText.content).toMatch(/sits down/)
    // The AI's seat, and with it the practice note, is on the table message by the time alice
    // reads that it sat down.
    const aiName = addText.content.split(' (')[0]!.replace(/[*🤖]/gu, '').trim()
    expect(aiName.length).toBeGreaterThan(0)
    expect(shown()).toContain(aiName)
    expect(shown()).toContain('Practice table')

    await bob.click(lobby, 'Join')
    expect(shown()).toContain(bob.id)
    const left = await bob.click(lobby, 'Leave')
    const leaveText = await privateAnswer(w, left)
    expect(leaveText.ephemeralFor).toBe(bob.id)
    // bob is off the table message by the time he reads that he left.
    expect(shown()).not.toContain(bob.id)
    expect(w.discord.message(lobby.id)!.ephemeralFor).toBeNull()
  })
})
