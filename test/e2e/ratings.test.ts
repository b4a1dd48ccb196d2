import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, playUntil, textOf } from './harness.js'

const startWorld = eachTestWorld()

describe('skill ratings through Discord', () => {
  it('a Bugami match of three members updates three ratings in the order of the final points', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))
    const before = await alice!.slash(w.channel, 'rating')
    expect(before.ephemeral).toBe(true)
    expect(textOf(before)).toMatch(/no rated result/)
    // No history yet: /stats says so in words, with no empty chart.
    const bare = await carol!.slash(w.channel, 'stats')
    expect(bare.attachments).toEqual([])
    expect(textOf(bare)).toContain('No rated results or chip movements yet: nothing to chart.')

    await alice!.slash(w.channel, 'bugami start', { target: 15, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const m of [bob!, carol!]) await m.click(lobby, 'Join')
    await alice!.click(lobby, 'Start')
    const { id } = await w.table()
    await playUntil(w, (t) => t.status !== 'playing')
    const final = await w.tableById(id)
    expect(final.status).toBe('finished')

    // The final points rank the three; the ratings follow that order (equal points, equal ratings).
    const totals = (final.state as { totals: number[] }).totals
    const byPosition = final.seats.slice().sort((a, b) => a.position! - b.position!)
    const ratings = await Promise.all(byPosition.map((s) => w.bot.store.ratings.member(w.guild.id, 'bugami', s.userId)))
    for (const r of ratings) expect(r).toMatchObject({ results: 1, provisional: true, rated: 3 })
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        if (totals[i]! > totals[j]!) expect(ratings[i]!.score).toBeGreaterThan(ratings[j]!.score)
        else if (totals[i] === totals[j]) expect(ratings[i]!.score).toBe(ratings[j]!.score)

    // /rating: the rating, rank, provisional, the change; privately.
    const mine = await alice!.slash(w.channel, 'rating', { game: 'bugami' })
    expect(mine.ephemeral).toBe(true)
    const own = ratings[byPosition.findIndex((s) => s.userId === alice!.id)]!
    expect(textOf(mine)).toContain(`**${own.score.toLocaleString('en-US')}** · rank ${own.rank} of 3`)
    expect(textOf(mine)).toMatch(/provisional\*: 1 of 10 rated results/)
    expect(textOf(mine)).toMatch(/first result: [\d,]+ \(place \d\)/)

    // The skill board lists the three, best first, each marked provisional.
    const board = await bob!.slash(w.channel, 'leaderboard', { game: 'bugami', board: 'skill' })
    expect(board.ephemeral).toBe(false)
    const best = byPosition[ratings.findIndex((r) => r!.score === Math.max(...ratings.map((x) => x!.score)))]!
    expect(board.embeds[0]!.title).toBe('Skill — Bugami')
    expect(board.embeds[0]!.description).toMatch(
      new RegExp(`^🥇 <@${best.userId}> — \\*\\*[\\d,]+\\*\\* rating \\(provisional\\)`, 'm'),
    )

    // /stats draws the rating history (a PNG like the cards) and tells it in its alt text.
    const chart = await alice!.slash(w.channel, 'stats')
    expect(chart.attachments).toHaveLength(1)
    const file = chart.attachments[0]!
    expect(file.filename).toMatch(/^stats-[0-9a-f]{16}\.png$/)
    expect(file.contentType).toBe('image/png')
    expect(chart.embeds[0]!.image?.url).toBe(file.url)
    expect(file.description).toBe(`Bugami rating after 1 rated result: ${own.score.toLocaleString('en-US')}.`)

    // Without a game the skill board is refused, privately, and nothing else is said.
    const refused = await bob!.slash(w.channel, 'leaderboard', { board: 'skill' })
    expect(refused.ephemeral).toBe(true)
    expect(textOf(refused)).toMatch(/pick a game/)
  }, 240_000)
})
