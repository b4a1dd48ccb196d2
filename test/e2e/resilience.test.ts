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

  it('shows the table as committed once Discord answers again after failing its messages for half an hour', async () => {
    const w = await startWorld(['alice', 'bob'])
    const t0 = await startBura(w)
    // Every message request in the channel fails (500) past discord.js's own retries: an outage
    // longer than the outbox's twelve attempts (about 22 minutes of backoff).
    w.discord.injectFaults((_method, path) => (/^\/channels\/\d+\/messages/.test(path) ? { kind: 'error' } : null))
    await playTurn(w, t0.waitingFor[0]!)
    const t1 = await w.table()
    expect(t1.version).toBe(t0.version + 1)
    const shown = async () => {
      const m = w.publicMessage(t1)
      return showsCommitted(m, t1, m.editedAt ?? m.createdAt, w.bot.tables)
    }
    for (let minute = 0; minute < 30; minute++) await advance(w, 60_000)
    expect(await shown()).toBe(false)
    w.discord.injectFaults(null)
    // The next try comes within the backoff's longest wait (5 minutes).
    for (let minute = 0; minute < 6; minute++) await advance(w, 60_000)
    expect((await w.table()).version).toBe(t1.version)
    expect(await shown()).toBe(true)
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
