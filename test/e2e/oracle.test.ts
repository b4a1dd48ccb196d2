import { TextChannel } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { cardLabel } from '../../src/games/core/cards.js'
import { engineFor } from '../../src/games/registry.js'
import { eachTestWorld, expectNothingHidden, openAndStart } from './harness.js'

const startWorld = eachTestWorld()

describe('the privacy oracle the game tests rely on', () => {
  it('catches a hidden card posted in the channel', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const table = await w.table()
    await expectNothingHidden(w, table.id)

    const aliceSeat = table.seats.find((s) => s.userId === w.member('alice').id)!.position!
    // A card hidden from the next seat but not from alice: one of alice's own.
    const engine = engineFor('bugami')!
    const fromAlice = new Set(engine.hiddenFrom(table.state, aliceSeat))
    const aliceCard = engine.hiddenFrom(table.state, (aliceSeat + 1) % 3).find((c) => !fromAlice.has(c))!
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send(`psst: alice holds ${cardLabel(aliceCard)}`)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(/can see .*hidden from them/)
  })
})
