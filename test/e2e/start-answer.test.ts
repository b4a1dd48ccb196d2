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
})
