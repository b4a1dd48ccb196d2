import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, expectNothingHidden, playUntil, privateAnswer, textOf } from '../e2e/harness.js'
import './registry.js'

const startWorld = eachTestWorld()

describe('a toy fourth game, registered by the test registry only', () => {
  it('gets its own /highcard start, rules and leaderboard, refuses Add AI, plays a table through Discord', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))

    const rules = await bob!.slash(w.channel, 'rules', { game: 'highcard' })
    expect(rules.ephemeral).toBe(true)
    expect(textOf(rules)).toContain('The highest rank wins the round')

    const opened = await alice!.slash(w.channel, 'highcard start', { rounds: 2 })
    expect(opened.ephemeral).toBe(true)
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    expect(textOf(lobby)).toContain('High card — table open')
    expect(textOf(lobby)).toContain('2 rounds')
    // The toy module names no AI: Add AI is refused privately and seats nobody.
    const noAi = await alice!.click(lobby, 'Add AI')
    expect(noAi.ephemeral).toBe(true)
    expect(textOf(noAi)).toContain('High card has no AI player: invite people to join instead.')
    expect((await w.table()).seats).toHaveLength(1)
    for (const m of [bob!, carol!])
      expect((await privateAnswer(w, await m.click(lobby, 'Join'))).ephemeralFor).toBe(m.id)
    await alice!.click(lobby, 'Start')
    const playing = await w.table()
    expect(playing.status).toBe('playing')
    await expectNothingHidden(w, playing.id)

    // Two rounds of three plays, each made with the select menu of the player's private view.
    expect(await playUntil(w, (t) => t.status !== 'playing')).toBe(6)
    const final = await w.tableById(playing.id)
    expect(final.status).toBe('finished')
    expect(textOf(w.publicMessage(final))).toMatch(/final result[\s\S]*won\./i)

    const stats = await Promise.all([alice, bob, carol].map((m) => w.bot.store.stats.get(w.guild.id, m!.id)))
    for (const rows of stats) expect(rows.find((r) => r.game === 'highcard')?.played).toBe(1)
    const board = await bob!.slash(w.channel, 'leaderboard', { game: 'highcard' })
    expect(board.embeds[0]!.title).toBe('Leaderboard — High card')
  }, 120_000)
})
