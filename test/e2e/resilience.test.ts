import { describe, expect, it } from 'vitest'
import { advance, eachTestWorld, openAndStart, playTurn, untilSomeoneActs, World } from './harness.js'
import { showsCommitted } from './process-bot.js'

const startWorld = eachTestWorld()

async function startBura(w: World) {
  await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
  return untilSomeoneActs(w)
}

describe('when Discord pushes back', () => {
  it('waits out a short rate limit on the table message edit and still shows the move', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await startBura(w)
    const limit = w.discord.rateLimit('PATCH /channels/:channel/messages/:message', 1, { retryAfter: 0.2 })
    await playTurn(w, t0.waitingFor[0]!)
    const t1 = await w.table()
    expect(limit.hits).toBe(1)
    expect(t1.messageId).toBe(t0.messageId)
    expect(w.publicMessage(t1).editedAt).not.toBeNull()
    // The table as committed after the move (which may have ended the game: then nobody is to act).
    expect(await showsCommitted(w.publicMessage(t1), t1, w.discord.clock.now(), w.bot.tables)).toBe(true)
  })

  it('a ping Discord refuses for a long time never costs the move or the answer, and is retried', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await startBura(w)
    // Start answers on the table message first; the turn ping follows it.
    await w.channel.waitFor((m) => m.content.includes('your turn'))
    const pingsBefore = w.channel.publicMessages().filter((m) => m.content.includes('your turn')).length
    const limit = w.discord.rateLimit('POST /channels/:channel/messages', 1, { retryAfter: 7200 })
    const answer = await playTurn(w, t0.waitingFor[0]!)
    expect(answer.ephemeral).toBe(true)
    expect(limit.hits).toBe(1)
    const t1 = await w.table()
    expect(t1.version).toBe(t0.version + 1)
    const turnPings = () => w.channel.publicMessages().filter((m) => m.content.includes('your turn'))
    // The new ping waits for its retry; the old one goes only once the new one is there.
    expect(pingsBefore).toBe(1)
    expect(turnPings().map((m) => m.content.includes(`<@${t0.waitingFor[0]}>`))).toEqual([true])
    expect(w.logLines.some((l) => l.includes('could not show the table in its channel; will retry'))).toBe(true)
    await advance(w, 1000)
    expect(turnPings().map((m) => m.content.includes(`<@${t1.waitingFor[0]}>`))).toEqual([true])
  })

  it('plays on after the gateway connection drops and resumes', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await startBura(w)
    await w.discord.dropConnection()
    await playTurn(w, t0.waitingFor[0]!)
    expect((await w.table()).version).toBe(t0.version + 1)
    expect(w.discord.gatewayStats).toMatchObject({ resumes: 1 })
  })
})
