import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, expectNothingHidden, playUntil, privateAnswer, textOf } from './harness.js'

const startWorld = eachTestWorld()

describe('a Bugami match through Discord', () => {
  it('runs from /bugami start to the final result; every hand is seen only by its owner', async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dave'])
    const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map((n) => w.member(n))

    const opened = await alice!.slash(w.channel, 'bugami start', { target: 20, deadline: '1h' })
    expect(opened.ephemeral).toBe(true)
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    expect(buttonLabels(lobby)).toEqual(expect.arrayContaining(['Join', 'Leave', 'Start', 'Rules']))
    expect(lobby.ephemeralFor).toBeNull()

    // Too few players: the host is told so and nothing starts.
    const early = await alice!.click(lobby, 'Start')
    expect(early.ephemeral).toBe(true)
    expect(early.content).toMatch(/at least 3/i)
    expect((await w.table()).status).toBe('lobby')

    // Join updates the lobby message in its own callback; what it says to the joiner is private.
    for (const m of [bob!, carol!]) {
      const joined = await privateAnswer(w, await m.click(lobby, 'Join'))
      expect(joined.ephemeralFor).toBe(m.id)
    }
    const seated = await w.table()
    expect(seated.seats.map((s) => w.nameOf(s.userId))).toEqual(['alice', 'bob', 'carol'])
    expect(textOf(w.publicMessage(seated))).toContain(`<@${carol!.id}>`)

    await alice!.click(lobby, 'Start')
    const playing = await w.table()
    expect(playing.status).toBe('playing')
    const tableId = playing.id
    await expectNothingHidden(w, tableId)

    // Everyone bids at once; one ping names all three bidders.
    const ping = await w.channel.waitFor(
      (m) => m.content.includes('your turn') && [alice, bob, carol].every((p) => m.content.includes(`<@${p!.id}>`)),
    )
    expect(ping.ephemeralFor).toBeNull()

    // A spectator's "Your hand" shows no cards and no controls.
    const watching = await dave!.click(w.publicMessage(playing), 'Your hand')
    expect(watching.ephemeral).toBe(true)
    expect(watching.components).toEqual([])

    const moves = await playUntil(w, (t) => t.status !== 'playing')
    expect(moves).toBeGreaterThan(40)

    const final = await w.tableById(tableId)
    expect(final.status).toBe('finished')
    const result = w.publicMessage(final)
    expect(textOf(result)).toMatch(/final result/i)
    expect(buttonLabels(result)).toEqual(['Rematch'])

    // The winner leads the Bugami board; everyone who played has a row.
    const board = await bob!.slash(w.channel, 'leaderboard', { game: 'bugami' })
    const stats = await Promise.all([alice, bob, carol].map((m) => w.bot.store.stats.get(w.guild.id, m!.id)))
    const wins = stats.map((rows) => rows.find((r) => r.game === 'bugami')?.won ?? 0)
    expect(wins.reduce((a, b) => a + b, 0)).toBe(1)
    const winner = [alice, bob, carol][wins.indexOf(1)]!
    expect(board.ephemeral).toBe(false)
    expect(board.embeds[0]!.description).toMatch(new RegExp(`^🥇 <@${winner.id}>`, 'm'))
    for (const rows of stats) expect(rows.find((r) => r.game === 'bugami')?.played).toBe(1)
  }, 240_000) // a whole match is 100+ moves, each two interactions; slow on 2 busy cores
})
