import { TextChannel } from 'discord.js'
import { afterEach, describe, expect, it } from 'vitest'
import { cardLabel, type Card } from '../../src/games/core/cards.js'
import { engineFor } from '../../src/games/registry.js'
import { buttonLabels, expectNothingHidden, World } from './harness.js'

let world: World | undefined

afterEach(async () => {
  if (!world) return
  await world.close()
  world = undefined
})

describe('the privacy oracle the game tests rely on', () => {
  it('catches a hidden card posted in the channel', async () => {
    world = await World.start(['alice', 'bob', 'carol'])
    const w = world
    await w.member('alice').slash(w.channel, 'bugami start', { target: 20 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const n of ['bob', 'carol']) await w.member(n).click(lobby, 'Join')
    await w.member('alice').click(lobby, 'Start')
    const table = await w.table()
    await expectNothingHidden(w, table.id)

    const aliceSeat = table.seats.find((s) => s.userId === w.member('alice').id)!.position!
    // A card hidden from the next seat but not from alice: one of alice's own.
    const engine = engineFor('bugami')!
    const fromAlice = new Set(engine.hiddenFrom(table.state, aliceSeat) as Card[])
    const aliceCard = (engine.hiddenFrom(table.state, (aliceSeat + 1) % 3) as Card[]).find((c) => !fromAlice.has(c))!
    const channel = (await w.bot.client.channels.fetch(w.channel.id)) as TextChannel
    await channel.send(`psst: alice holds ${cardLabel(aliceCard)}`)
    await expect(expectNothingHidden(w, table.id)).rejects.toThrow(/can see .*hidden from them/)
  })
})
