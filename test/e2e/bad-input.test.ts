import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import {
  buttonLabels,
  componentsOf,
  eachTestWorld,
  openAndStart,
  openHand,
  untilSomeoneActs,
  useControl,
  World,
} from './harness.js'

const startWorld = eachTestWorld()

/** A refusal: private, friendly, and the table exactly as it was. */
async function expectRefused(w: World, answer: { ephemeral: boolean; content: string }, version: number, says: RegExp) {
  expect(answer.ephemeral).toBe(true)
  expect(answer.content).toMatch(says)
  const t = await w.bot.tables.inChannel(w.guild.id, w.channel.id)
  expect(t?.version ?? -1).toBe(version)
}

describe('bad input is refused privately and changes nothing', () => {
  it("refuses others' table buttons, a second table, out-of-range options and grants without permission", async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))
    await alice!.slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    await bob!.click(lobby, 'Join')
    const v = (await w.table()).version

    await expectRefused(w, await bob!.click(lobby, 'Start'), v, /creator|Manage Server/i)
    await expectRefused(w, await bob!.slash(w.channel, 'table end'), v, /creator|Manage Server/i)
    await expectRefused(w, await bob!.click(lobby, 'Join'), v, /already/i)
    await expectRefused(w, await carol!.slash(w.channel, 'badugi start'), v, /already has a .*table/i)
    await expectRefused(
      w,
      await bob!.slash(w.channel, 'table kick', { player: alice!.id }),
      v,
      /creator|Manage Server/i,
    )
    expect((await w.table()).seats.filter((s) => s.status === 'seated').map((s) => w.nameOf(s.userId))).toEqual([
      'alice',
      'bob',
    ])

    const other = w.guild.channel('more-cards')
    for (const deadline of ['5s', '3d', 'soon']) {
      const res = await alice!.slash(other, 'badugi start', { deadline })
      expect(res.ephemeral).toBe(true)
      expect(res.content).toMatch(/between 30 seconds and 48 hours|not a duration/)
    }
    expect(await w.bot.tables.inChannel(w.guild.id, other.id)).toBeNull()

    const before = (await w.bot.store.wallets.get(w.guild.id, bob!.id)).balance
    // Discord does not offer a member the admin command at all (default_member_permissions).
    await expect(bob!.slash(w.channel, 'chips-admin grant', { member: bob!.id, amount: 500 })).rejects.toThrow(
      /default_member_permissions/,
    )
    expect((await w.bot.store.wallets.get(w.guild.id, bob!.id)).balance).toBe(before)
    const granted = await carol!.slash(w.channel, 'chips-admin grant', { member: bob!.id, amount: 500 })
    expect(granted.ephemeral).toBe(true)
    expect((await w.bot.store.wallets.get(w.guild.id, bob!.id)).balance).toBe(before + 500)

    // Manage Server may remove a player: their buy-in goes back to their balance.
    const kicked = await carol!.slash(w.channel, 'table kick', { player: bob!.id })
    expect(kicked.ephemeral).toBe(true)
    expect((await w.table()).seats.filter((s) => s.status === 'seated').map((s) => w.nameOf(s.userId))).toEqual([
      'alice',
    ])
    expect((await w.bot.store.wallets.get(w.guild.id, bob!.id)).balance).toBe(before + 600)
    await bob!.click(lobby, 'Join')

    // Manage Server may start someone else's table; once a game runs a member who is not seated
    // only watches (at this cash table Join seats them for the next game).
    await carol!.click(lobby, 'Start')
    const playing = await untilSomeoneActs(w)
    expect(playing.status).toBe('playing')
    const late = await carol!.click(w.publicMessage(playing), 'Your hand')
    expect(late.components).toEqual([])
    expect(buttonLabels(w.publicMessage(playing))).toContain('Join')
  })

  it('refuses a double click, a button from an old view and a move out of turn', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n))
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const engine = engineFor('bugami')!
    let t = await w.table()
    const seatOf = (userId: string) => t.seats.find((s) => s.userId === userId)!.position!

    // Bids are open for everyone. Alice keeps one view aside and double-clicks a bid on another.
    const kept = await openHand(w, alice!)
    const viewA = await openHand(w, alice!)
    const bid = engine.autoAction(t.state, seatOf(alice!.id)) as { type: string }
    const [one, two] = await Promise.all([
      useControl(alice!, viewA, 'bugami', bid),
      useControl(alice!, viewA, 'bugami', bid),
    ])
    const refusals = [one, two].filter((a) => a.embeds.length === 0)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]!.ephemeral).toBe(true)
    expect(refusals[0]!.content).toMatch(/out of date|changed/i)
    t = await w.table()
    const afterDouble = t.version

    // The others bid; a bid button on the view alice kept is from an old state now.
    for (const m of [bob!, carol!])
      await useControl(m, await openHand(w, m), 'bugami', engine.autoAction(t.state, seatOf(m.id)))
    t = await w.table()
    expect(t.version).toBe(afterDouble + 2)
    const oldBid = componentsOf(kept).find((c) => typeof c.custom_id === 'string' && c.custom_id.includes(':bid:'))!
    const stale = await alice!.click(kept, oldBid.custom_id)
    expect(stale.ephemeral).toBe(true)
    expect(stale.content).toMatch(/out of date|changed/i)
    expect((await w.table()).version).toBe(t.version)

    // Out of turn: whoever does not lead has no card controls at all.
    const leader = t.waitingFor[0]!
    const waiter = [alice!, bob!, carol!].find((m) => m.id !== leader)!
    const waiting = await openHand(w, waiter)
    expect(
      componentsOf(waiting).filter((c) => typeof c.custom_id === 'string' && /:(play|bid):/.test(c.custom_id)),
    ).toEqual([])
    expect((await w.table()).version).toBe(t.version)
  })
})
