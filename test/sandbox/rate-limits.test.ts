import { afterEach, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'

let discord: FakeDiscord | undefined
afterEach(async () => {
  await discord?.stop()
  discord = undefined
})

/** A bot-token request to the fake; its status and body. */
async function call(d: FakeDiscord, method: string, path: string, body?: unknown) {
  const res = await fetch(`${d.url}/api/v10${path}`, {
    method,
    headers: { authorization: `Bot ${d.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, headers: res.headers }
}

describe("the fake's Discord limits (opt-in)", () => {
  it('the global limit: past that many bot requests within a second, 429 global', async () => {
    discord = await startFakeDiscord({ globalRateLimit: 3 })
    const channel = discord.guild('Limits').channel('a')
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await call(discord, 'GET', `/channels/${channel.id}`)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = discord.errors.at(-1)!
    expect(refused).toMatchObject({ status: 429, method: 'GET', global: true })
  })

  it('edits in one channel: past that many in the window, 429 for that route only; others edit on', async () => {
    discord = await startFakeDiscord({ channelEditLimit: { edits: 2, perMs: 60_000 } })
    const guild = discord.guild('Limits')
    const [a, b] = [guild.channel('a'), guild.channel('b')]
    const inA = (await call(discord, 'POST', `/channels/${a.id}/messages`, { content: 'a' })).body!.id as string
    const inB = (await call(discord, 'POST', `/channels/${b.id}/messages`, { content: 'b' })).body!.id as string
    const edit = (channelId: string, id: string, content: string) =>
      call(discord!, 'PATCH', `/channels/${channelId}/messages/${id}`, { content })
    expect((await edit(a.id, inA, 'a1')).status).toBe(200)
    expect((await edit(a.id, inA, 'a2')).status).toBe(200)
    const third = await edit(a.id, inA, 'a3')
    expect(third.status).toBe(429)
    expect(third.body).toMatchObject({ global: false })
    expect(third.headers.get('x-ratelimit-global')).toBeNull()
    expect(discord.errors.at(-1)).toMatchObject({ status: 429, method: 'PATCH', global: false })
    expect(discord.message(inA)!.content).toBe('a2')
    expect((await edit(b.id, inB, 'b1')).status).toBe(200)
    // Posts are not edits.
    expect((await call(discord, 'POST', `/channels/${a.id}/messages`, { content: 'more' })).status).toBe(200)
  })
})
