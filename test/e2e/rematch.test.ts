import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, playUntil, textOf } from './harness.js'

const startWorld = eachTestWorld()

describe('Rematch', () => {
  it('after a Bura game, Rematch opens a new table with the same options and seats both members', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))
    await alice!.slash(w.channel, 'bura start', { ante: 7, buy_in: 150, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    await bob!.click(lobby, 'Join')
    await alice!.click(lobby, 'Start')
    const first = await w.table()
    await playUntil(w, (t) => t.progress !== 'acting')
    await alice!.slash(w.channel, 'table end')
    const ended = await w.tableById(first.id)
    expect(ended.status).toBe('finished')
    const final = w.publicMessage(ended)
    expect(buttonLabels(final)).toEqual(['Rematch'])

    // Bob presses first: a new table in the same channel, same game and options, Bob its host.
    const opened = await bob!.click(final, 'Rematch')
    expect(opened.ephemeral).toBe(true)
    expect(textOf(opened)).toMatch(/new Bura table here with the same options/)
    const again = await w.table()
    expect(again.id).not.toBe(first.id)
    expect(again).toMatchObject({ status: 'lobby', game: 'bura', channelId: first.channelId, creatorId: bob!.id })
    expect(again.options).toEqual(first.options)
    expect(again.buyIn).toBe(150)
    expect(again.turnMs).toBe(first.turnMs)

    // Alice presses it too: she takes a seat at the new table; pressing again changes nothing.
    const joined = await alice!.click(final, 'Rematch')
    expect(textOf(joined)).toMatch(/took a seat at the rematch/)
    const seated = await w.tableById(again.id)
    expect(seated.seats.filter((s) => s.status === 'seated').map((s) => w.nameOf(s.userId))).toEqual(['bob', 'alice'])
    expect(textOf(await alice!.click(final, 'Rematch'))).toMatch(/already seated at the rematch/)

    // Once the rematch has started, a late press says where it is and changes nothing.
    const newLobby = w.publicMessage(seated)
    await bob!.click(newLobby, 'Start')
    expect((await w.tableById(again.id)).status).toBe('playing')
    const late = await carol!.click(final, 'Rematch')
    expect(late.ephemeral).toBe(true)
    expect(textOf(late)).toMatch(/rematch has already started: https:\/\/discord\.com\/channels\//)
    expect((await w.tableById(again.id)).seats.map((s) => s.userId)).not.toContain(carol!.id)
  }, 240_000)
})
