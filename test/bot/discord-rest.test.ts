import { Routes } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { SplitRest } from '../../src/discord/rest.js'
import { GlobalBudget } from '../../src/discord/global-budget.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

/**
 * A SplitRest whose budget runs on a manual clock and whose requests are answered at once, in the
 * order sent: 200, or what `refuse` answers for a request (by its number, from 0); `hold` keeps a
 * request's answer until the promise it gives settles. `at`: when each request went on the wire.
 */
function rest(
  perSecond: number,
  refuse: (n: number) => Response | null = () => null,
  durable: () => Promise<void> = () => Promise.resolve(),
  hold: (n: number) => Promise<void> | null = () => null,
) {
  const clock = new ManualClock(0)
  const sent: string[] = []
  const at: number[] = []
  const r = new SplitRest(
    {
      api: 'http://discord.test/api',
      makeRequest: async (url, init) => {
        const n = sent.length
        const refused = refuse(n)
        sent.push(
          `${init.method} ${new URL(url).pathname.replace(/^\/api\/v\d+/, '')}${refused ? ` → ${refused.status}` : ''}`,
        )
        at.push(clock.now())
        await hold(n)
        return (
          refused ??
          new Response(JSON.stringify({ id: '1' }), { status: 200, headers: { 'content-type': 'application/json' } })
        )
      },
    },
    new GlobalBudget(perSecond, clock),
    durable,
  )
  r.setToken('token')
  return { r, clock, sent, at }
}

/** The most requests that went on the wire within one second (any second, as Discord may count). */
function busiestSecond(at: readonly number[]): number {
  return Math.max(...at.map((start) => at.filter((t) => t >= start && t < start + 1000).length))
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the REST client: interaction answers apart, channel requests by lane', () => {
  it('an interaction callback or webhook goes at once while channel requests wait for the global budget', async () => {
    const { r, clock, sent } = rest(1)
    await r.patch(Routes.channelMessage('10', '11'), { body: {} })
    const waiting = r.post(Routes.channelMessages('20'), { body: {} })
    await r.post(Routes.interactionCallback('30', 'tok'), { body: { type: 6 }, auth: false })
    await r.patch(Routes.webhookMessage('40', 'tok'), { body: {}, auth: false })
    await settle()
    expect(sent).toEqual([
      'PATCH /channels/10/messages/11',
      'POST /interactions/30/tok/callback',
      'PATCH /webhooks/40/tok/messages/@original',
    ])
    await clock.advance(1000)
    await waiting
    expect(sent.at(-1)).toBe('POST /channels/20/messages')
  })

  it('no request leaves before the changes committed ahead of it are on disk', async () => {
    let synced!: () => void
    let durable = Promise.resolve()
    const { r, clock, sent } = rest(
      1,
      () => null,
      () => durable,
    )
    durable = new Promise<void>((resolve) => (synced = resolve))
    const answer = r.post(Routes.interactionCallback('30', 'tok'), { body: { type: 7 }, auth: false })
    const edit = r.patch(Routes.channelMessage('10', '11'), { body: {} })
    await settle()
    expect(sent).toEqual([])
    synced()
    await answer
    await clock.advance(1000)
    await edit
    expect(sent).toEqual(['POST /interactions/30/tok/callback', 'PATCH /channels/10/messages/11'])
  })

  it('waiting channel requests go out as a player needs them: new messages, then edits, then deletions', async () => {
    const { r, clock, sent } = rest(1)
    await r.get(Routes.channel('1'))
    const all = [
      r.delete(Routes.channelMessage('2', '21')),
      r.patch(Routes.channelMessage('3', '31'), { body: {} }),
      r.post(Routes.channelMessages('4'), { body: {} }),
      r.post(Routes.channelMessages('4'), { body: {} }),
      r.post(Routes.channelMessages('5'), { body: {} }),
    ]
    await settle()
    for (let i = 0; i < all.length; i++) await clock.advance(1000)
    await Promise.all(all)
    expect(sent).toEqual([
      'GET /channels/1',
      'POST /channels/4/messages',
      'POST /channels/5/messages',
      'POST /channels/4/messages',
      'PATCH /channels/3/messages/31',
      'DELETE /channels/2/messages/21',
    ])
  })

  it('a request held behind an unanswered one of its route takes its turn when it goes, not before', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { r, clock, sent, at } = rest(
      3,
      () => null,
      () => Promise.resolve(),
      (n) => (n === 0 ? answered : null),
    )
    // discord.js sends the second message in channel 1 only once the first has its answer.
    const all = [r.post(Routes.channelMessages('1'), { body: {} }), r.post(Routes.channelMessages('1'), { body: {} })]
    await settle()
    for (const channel of ['2', '3', '4', '5']) all.push(r.post(Routes.channelMessages(channel), { body: {} }))
    await settle()
    await clock.advance(1000)
    answer()
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (let i = 0; i < 3; i++) await clock.advance(1000)
    await Promise.all(all)
    expect(sent).toHaveLength(6)
    expect(busiestSecond(at)).toBe(3)
  })

  it("each of discord.js's retries (here after a per-route 429) takes a turn of its own", async () => {
    const routeLimit = () =>
      new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.01, global: false }), {
        status: 429,
        headers: {
          'content-type': 'application/json',
          'retry-after': '0.01',
          'x-ratelimit-limit': '1',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': '0.01',
          'x-ratelimit-scope': 'user',
        },
      })
    const { r, clock, sent, at } = rest(2, (n) => (n === 0 ? routeLimit() : null))
    const all = [r.post(Routes.channelMessages('1'), { body: {} }), r.post(Routes.channelMessages('2'), { body: {} })]
    // discord.js waits the retry_after (and its offset) in real time before it tries again.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await clock.advance(1000)
    await Promise.all(all)
    expect(sent).toEqual(['POST /channels/1/messages → 429', 'POST /channels/2/messages', 'POST /channels/1/messages'])
    expect(busiestSecond(at)).toBe(2)
  })

  it('a global 429 pauses channel requests, then the refused one goes first; discord.js never sees it', async () => {
    const globalLimit = () =>
      new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.5, global: true }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'x-ratelimit-global': 'true', 'retry-after': '1' },
      })
    const { r, clock, sent } = rest(10, (n) => (n === 0 ? globalLimit() : null))
    const seenByDiscordJs: unknown[] = []
    r.on('rateLimited', (info) => seenByDiscordJs.push(info))
    const refused = r.post(Routes.channelMessages('20'), { body: {} })
    await settle()
    const later = r.patch(Routes.channelMessage('30', '31'), { body: {} })
    const answer = r.post(Routes.interactionCallback('40', 'tok'), { body: { type: 6 }, auth: false })
    await answer
    await settle()
    expect(sent).toEqual(['POST /channels/20/messages → 429', 'POST /interactions/40/tok/callback'])
    await clock.advance(499)
    expect(sent).toHaveLength(2)
    // Then the refused request first, the edit after it.
    await clock.advance(1)
    await clock.advance(100)
    await Promise.all([refused, later])
    expect(sent.slice(2)).toEqual(['POST /channels/20/messages', 'PATCH /channels/30/messages/31'])
    expect(seenByDiscordJs).toEqual([])
  })
})
