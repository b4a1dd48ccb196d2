import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startSandboxPage, type SandboxPage } from '../../src/sandbox/web/server.js'

/**
 * The sandbox page's API acts as the sandbox's members (one of them an admin): only the page
 * itself may use it. Another web page open in the same browser sends its own Origin; a DNS
 * rebinding attack reaches 127.0.0.1 under a foreign Host name.
 */
describe('the sandbox web API answers its own page only', () => {
  let discord: FakeDiscord
  let page: SandboxPage
  let port: number

  beforeAll(async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('Sandbox')
    const channel = guild.channel('cards')
    guild.member('alice')
    page = await startSandboxPage({ discord, guild, channel, port: 0 })
    port = Number(new URL(page.url).port)
  })

  afterAll(async () => {
    await page?.stop()
    await discord?.stop()
  })

  /** A raw request, so that Host and Origin are exactly what a browser (or an attacker) would send. */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string | Buffer,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      })
      req.on('error', reject)
      if (body !== undefined) req.write(body)
      req.end()
    })
  }

  const own = () => `127.0.0.1:${port}`
  const members = () =>
    discord
      .guild('Sandbox')
      .members()
      .map((m) => m.name)
  const json = { 'content-type': 'application/json' }

  it('serves the page and takes its requests from its own origin, by 127.0.0.1 or localhost', async () => {
    expect((await send('GET', '/', { host: own() })).status).toBe(200)
    expect((await send('GET', '/api/state?member=alice', { host: `localhost:${port}` })).status).toBe(200)
    const added = await send(
      'POST',
      '/api/members',
      { ...json, host: own(), origin: `http://${own()}` },
      JSON.stringify({ name: 'dave' }),
    )
    expect(added.status).toBe(200)
    expect(members()).toContain('dave')
  })

  it('refuses a request from another web page, changing nothing', async () => {
    const before = members()
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null', `http://${own()}.evil.example`]) {
      const res = await send('POST', '/api/members', { ...json, host: own(), origin }, JSON.stringify({ name: 'eve' }))
      expect(res.status).toBe(403)
      expect(res.text).toMatch(/origin/i)
    }
    // A cross-site form post without an Origin header is still marked cross-site by the browser.
    const form = await send(
      'POST',
      '/api/members',
      { ...json, host: own(), 'sec-fetch-site': 'cross-site' },
      JSON.stringify({ name: 'eve' }),
    )
    expect(form.status).toBe(403)
    expect(members()).toEqual(before)
  })

  it('refuses a foreign Host (DNS rebinding): the state of a member is never read by another site', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const res = await send('GET', '/api/state?member=alice', { host })
      expect(res.status).toBe(403)
      expect(res.text).not.toContain('alice')
      expect((await send('GET', '/api/events', { host })).status).toBe(403)
    }
  })

  it('refuses a request body over its bound with 413, changing nothing', async () => {
    const before = members()
    const big = JSON.stringify({ name: 'frank', padding: 'x'.repeat(200_000) })
    const res = await send('POST', '/api/members', { ...json, host: own(), origin: `http://${own()}` }, big)
    expect(res.status).toBe(413)
    expect(members()).toEqual(before)
  })
})
