import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import { replayText } from '../../src/games/replay.js'
import { eachTestWorld, expectNothingHidden, openAndStart, playUntil, untilSomeoneActs } from './harness.js'

const startWorld = eachTestWorld()

describe('/table log', () => {
  it('gives a finished Badugi hand as a scenario file that replays to the result the table showed', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, carol] = [w.member('alice'), w.member('carol')]
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob'])
    const noneYet = await alice.slash(w.channel, 'table log')
    expect(noneYet.ephemeral).toBe(true)
    expect(noneYet.content).toContain('There is no finished hand of this table to write out yet.')
    expect(noneYet.attachments).toEqual([])

    await playUntil(w, (t) => t.progress !== 'acting')
    const ended = await w.table()
    const engine = engineFor('badugi')!
    const shown = engine.summary(ended.state)
    // The same players would play on from the same shuffle: the hand is not written out yet.
    expect((await alice.slash(w.channel, 'table log')).attachments).toEqual([])

    // Carol sits down: the next hand is a fresh deal, and the finished one can be written out.
    await carol.click(w.publicMessage(ended), 'Join')
    await alice.click(w.publicMessage(ended), 'Next hand')
    const answer = await alice.slash(w.channel, 'table log')
    expect(answer.ephemeral).toBe(true)
    expect(answer.attachments.map((a) => a.filename)).toEqual([`badugi-${ended.id}.json`])
    const file = w.discord.attachmentData(answer.attachments[0]!.url)!.toString('utf8')
    const replayed = replayText(file)
    expect(replayed.exitCode).toBe(0)
    const { ok, game, events, ...result } = replayed.output
    expect([ok, game]).toEqual([true, 'badugi'])
    expect(events).toBeDefined()
    expect(result).toEqual(JSON.parse(JSON.stringify(shown)))
    await expectNothingHidden(w, ended.id)
  })

  it('gives the last game of a table that has ended, Bura with every move since its deal', async () => {
    const w = await startWorld(['alice', 'bob'])
    const alice = w.member('alice')
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    const ended = await w.table()
    const shown = engineFor('bura')!.summary(ended.state)
    await alice.slash(w.channel, 'table end')
    const answer = await alice.slash(w.channel, 'table log')
    const file = w.discord.attachmentData(answer.attachments[0]!.url)!.toString('utf8')
    const { ok, game: _game, events: _events, ...result } = replayText(file).output
    expect(ok).toBe(true)
    expect(result).toEqual(JSON.parse(JSON.stringify(shown)))
  })
})
