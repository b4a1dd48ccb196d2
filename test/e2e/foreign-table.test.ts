import { describe, expect, it } from 'vitest'
import { tableButtonId } from '../../src/render/custom-id.js'
import { buttonLabels, eachTestWorld, World } from './harness.js'

const startWorld = eachTestWorld()

/**
 * A custom_id names its table, and a modified client can send any custom_id from any message it
 * sees: a control for a table of another server, or of another channel of the same server, is
 * refused privately and changes nothing there.
 */
describe("a control for another server's or channel's table", () => {
  async function seatsOf(w: World, tableId: string) {
    return (await w.tableById(tableId)).seats.filter((s) => s.status === 'seated').map((s) => s.userId)
  }

  it('is refused privately and changes nothing, from another server and from another channel', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await alice.slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    await bob.click(lobby, 'Join')
    const table = await w.table()

    // A second server with its own table, whose lobby message mallory can see and forge from.
    const other = w.discord.guild('Other Club')
    const elsewhere = other.channel('cards')
    const mallory = other.member('mallory')
    await mallory.slash(elsewhere, 'bura start', { buy_in: 100 })
    const hers = await elsewhere.waitFor((m) => buttonLabels(m).includes('Join'))
    const wallet = async () => (await w.bot.store.wallets.get(w.guild.id, mallory.id)).balance
    const before = { version: table.version, seats: await seatsOf(w, table.id), wallet: await wallet() }

    for (const verb of ['join', 'start', 'leave', 'ai', 'rebuy', 'hand'] as const) {
      const answer = await mallory.press(hers, tableButtonId(table.id, verb))
      expect(answer.ephemeral, verb).toBe(true)
      expect(answer.content, verb).toMatch(/another channel|another server/i)
    }
    // The same server, another channel: bob's Leave sent from there does not take his seat away.
    const side = w.guild.channel('more-cards')
    await alice.slash(side, 'badugi start')
    const sideLobby = await side.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const verb of ['leave', 'start'] as const) {
      const answer = await (verb === 'start' ? alice : bob).press(sideLobby, tableButtonId(table.id, verb))
      expect(answer.ephemeral, verb).toBe(true)
      expect(answer.content, verb).toMatch(/another channel/i)
    }

    const after = await w.tableById(table.id)
    expect(after.version).toBe(before.version)
    expect(after.status).toBe('lobby')
    expect(await seatsOf(w, table.id)).toEqual(before.seats)
    expect(await wallet()).toBe(before.wallet)
    // The table's own channel still works.
    expect((await bob.click(lobby, 'Join')).content).toMatch(/already/i)
  })
})
