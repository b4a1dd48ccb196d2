import { afterEach, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'

let discord: FakeDiscord
afterEach(async () => discord?.stop())

async function post(channelId: string, body: Record<string, unknown>) {
  const res = await fetch(`${discord.url}/api/v10/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { id: string; nonce?: string; code?: number } }
}

describe('message nonces (enforce_nonce)', () => {
  it('returns the first message for a repeated nonce within a few minutes, and creates one again later', async () => {
    discord = await startFakeDiscord()
    const channel = discord.guild('G').channel('cards')
    const first = await post(channel.id, { content: 'ping', nonce: 'abc', enforce_nonce: true })
    const again = await post(channel.id, { content: 'ping', nonce: 'abc', enforce_nonce: true })
    expect(first.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(again.body.nonce).toBe('abc')
    expect(channel.publicMessages()).toHaveLength(1)
    // Without enforce_nonce the nonce is only echoed: a second message is created.
    await post(channel.id, { content: 'ping', nonce: 'abc' })
    expect(channel.publicMessages()).toHaveLength(2)
    // Minutes later the nonce is forgotten.
    await discord.clock.advance(6 * 60_000)
    const later = await post(channel.id, { content: 'ping', nonce: 'abc', enforce_nonce: true })
    expect(later.body.id).not.toBe(first.body.id)
    expect(channel.publicMessages()).toHaveLength(3)
  })

  it('refuses a nonce longer than 25 characters', async () => {
    discord = await startFakeDiscord()
    const channel = discord.guild('G').channel('cards')
    const res = await post(channel.id, { content: 'x', nonce: 'n'.repeat(26), enforce_nonce: true })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(50035)
    expect(channel.publicMessages()).toHaveLength(0)
  })
})
