import { describe, expect, it } from 'vitest'
import {
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  playTurn,
  playUntil,
  textOf,
  untilSomeoneActs,
} from './harness.js'

const startWorld = eachTestWorld()

describe('a Bura game through Discord, with the bot restarted mid-game', () => {
  it('carries on after a restart on the same database: same table, same message, old buttons work', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))

    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob', 'carol'])
    // Buy-ins left the wallets; the antes are in the pot.
    for (const m of [alice, bob, carol]) expect((await w.bot.store.wallets.get(w.guild.id, m!.id)).balance).toBe(900)
    const started = await untilSomeoneActs(w)
    await expectNothingHidden(w, started.id)

    // A few tricks, then the bot goes down and comes back on the same database.
    await playUntil(w, (t) => t.progress !== 'acting' || t.version >= started.version + 4)
    const before = await w.table()
    const messageBefore = w.publicMessage(before)
    const latest = async () =>
      (await alice!.slash(w.channel, 'table status')).embeds[0]!.fields?.find((f) => f.name === 'Latest')?.value
    // Card emojis are uploaded in the background and join the text once there: wait for them.
    await w.bot.emojisSettled
    const latestBefore = await latest()
    expect(latestBefore).toBeTruthy()
    await w.restart()
    await w.bot.emojisSettled
    const after = await w.table()
    expect(after.version).toBe(before.version)
    expect(after.messageId).toBe(before.messageId)
    // The latest moves are still listed: replayed from the action log.
    expect(await latest()).toBe(latestBefore)

    // The public message from before the restart still works: its Next game button when that
    // game had already ended, then its Your hand button, and a move made from that view applies.
    if (after.progress !== 'acting') await alice!.click(messageBefore, 'Next game')
    const going = await untilSomeoneActs(w)
    expect(going.messageId).toBe(before.messageId)
    const who = w.member(w.nameOf(going.waitingFor[0]!))
    const view = await who.click(messageBefore, 'Your hand')
    expect(view.ephemeral).toBe(true)
    expect(view.components.length).toBeGreaterThan(0)
    await playTurn(w, going.waitingFor[0]!)
    expect((await w.table()).version).toBe(going.version + 1)
    await playUntil(w, (t) => t.progress !== 'acting')
    const over = await w.table()
    expect(over.progress).toBe('gameOver')
    expect(textOf(w.publicMessage(over))).not.toContain('undefined')

    // The creator closes the table: every chip goes back to a wallet and the totals still add up.
    const closed = await alice!.slash(w.channel, 'table end')
    expect(closed.ephemeral).toBe(true)
    const balances = await Promise.all(
      [alice, bob, carol].map(async (m) => (await w.bot.store.wallets.get(w.guild.id, m!.id)).balance),
    )
    expect(balances.reduce((a, b) => a + b, 0)).toBe(3000)
    const board = await carol!.slash(w.channel, 'leaderboard')
    const top = Math.max(...balances)
    expect(board.embeds[0]!.description).toContain(`**${top.toLocaleString('en-US')}** chips`)
    const mine = await bob!.slash(w.channel, 'chips balance')
    expect(mine.ephemeral).toBe(true)
    expect(textOf(mine)).toContain(`**${balances[1]!.toLocaleString('en-US')}** chips`)
    await expectNothingHidden(w, over.id)
  })
})
