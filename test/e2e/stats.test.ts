import { describe, expect, it } from 'vitest'
import { eachTestWorld, openAndStart, playUntil, textOf, untilSomeoneActs } from './harness.js'

const startWorld = eachTestWorld()

describe('/stats and /leaderboard', () => {
  it('/stats shows games, wins, win rate and net chips per chip game, and Bugami average and best points', async () => {
    const w = await startWorld(['alice', 'bob', 'dave'])
    const [alice, bob, dave] = [w.member('alice'), w.member('bob'), w.member('dave')]
    await openAndStart(w, 'badugi start', {}, ['bob'])
    await playUntil(w, (t) => t.progress !== 'acting')
    const [aliceRow] = (await w.bot.store.stats.get(w.guild.id, alice.id)).filter((r) => r.game === 'badugi')
    expect(aliceRow!.played).toBe(1)
    // Two Bugami matches booked as the table does: 120 points, then 80.
    await w.bot.store.transaction(async (r) => {
      await r.stats.recordGame(w.guild.id, 'bugami', [{ userId: alice.id, won: true, points: 120 }])
      await r.stats.recordGame(w.guild.id, 'bugami', [{ userId: alice.id, won: false, points: 80 }])
    })

    const mine = await alice.slash(w.channel, 'stats')
    expect(mine.ephemeral).toBe(true)
    const text = textOf(mine)
    const net = aliceRow!.netChips
    expect(text).toContain(`1 played · ${aliceRow!.won} won · ${aliceRow!.won ? 100 : 0}% win rate`)
    expect(text).toContain(`${net > 0 ? '+' : ''}${net.toLocaleString('en-US')} net chips at tables`)
    expect(text).toContain('2 played · 1 won · 50% win rate')
    expect(text).toContain('100.0 points a match on average')
    expect(text).toContain('best match: 120 points')

    // Someone else's stats, shared with the channel on request; a member with none is told so.
    const shared = await dave.slash(w.channel, 'stats', { member: bob, share: true })
    expect(shared.ephemeral).toBe(false)
    expect(textOf(shared)).toContain('Badugi')
    expect(textOf(await dave.slash(w.channel, 'stats'))).toContain('has not finished a game')
  })

  it('a Bura game played through Discord shows in /stats: games, wins and the net chips it brought', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    await w.bot.idle()
    const table = await w.table()
    // What the channel showed: every game's result, a win headed "🏆 @winner".
    const results = w.channel.publicMessages().filter((m) => m.content.startsWith('🏁 **Bura** — Game '))
    expect(results).toHaveLength(table.gamesPlayed)
    for (const [member, name] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      const won = results.filter((m) => m.content.split('\n')[0]!.includes(`🏆 <@${member.id}>`)).length
      // Net chips: what the stack holds now against the buy-in (a pot left on the table counts against it).
      const net = table.seats.find((s) => s.userId === member.id)!.stack - 100
      const stats = await member.slash(w.channel, 'stats')
      expect(stats.ephemeral).toBe(true)
      const field = stats.embeds[0]!.fields!.find((f) => f.name === 'Bura')
      expect(field?.value, name).toBe(
        [
          `${table.gamesPlayed} played · ${won} won · ${Math.round((100 * won) / table.gamesPlayed)}% win rate`,
          `${net > 0 ? '+' : ''}${net} net chips at tables`,
        ].join('\n'),
      )
    }
  })

  it('boards say what they rank by; an empty place is said only privately', async () => {
    const w = await startWorld(['alice', 'bob', 'dave'])
    const [alice, dave] = [w.member('alice'), w.member('dave')]
    await w.bot.store.transaction(async (r) => {
      await r.stats.recordGame(w.guild.id, 'bugami', [
        { userId: alice.id, won: true, points: 120 },
        { userId: w.member('bob').id, won: false, points: 300 },
      ])
    })
    const bugami = await dave.slash(w.channel, 'leaderboard', { game: 'bugami' })
    expect(bugami.ephemeral).toBe(false)
    expect(textOf(bugami)).toContain('Ranked by Bugami matches won; equal wins by total points.')
    expect(textOf(bugami)).toContain('(120 points)')
    expect(textOf(bugami)).not.toContain('You are not on this board')
    const privately = await dave.slash(w.channel, 'leaderboard', { game: 'bugami', private: true })
    expect(privately.ephemeral).toBe(true)
    expect(textOf(privately)).toContain('You are not on this board yet.')

    const chips = await alice.slash(w.channel, 'leaderboard')
    expect(chips.embeds[0]!.title).toBe('Richest — chips held')
    expect(textOf(chips)).toMatch(/daily and granted chips/)
    const badugi = await dave.slash(w.channel, 'leaderboard', { game: 'badugi' })
    expect(textOf(badugi)).toContain('Nobody is on this board yet')
    expect(textOf(badugi)).toContain('net chips won at Badugi tables')
  })
})
