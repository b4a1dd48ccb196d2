import { REST, Routes, type RequestData } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { SplitRest } from '../../src/discord/rest.js'
import { GlobalBudget } from '../../src/discord/global-budget.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

/** What reached the network: each request's headers and body as the REST client handed them over. */
function rest() {
  const sent: { url: string; headers: Headers; body: unknown }[] = []
  const r = new SplitRest(
    {
      api: 'http://discord.test/api',
      makeRequest: (url, init) => {
        sent.push({ url, headers: new Headers(init.headers), body: init.body })
        return Promise.resolve(
          new Response(JSON.stringify({ id: '1' }), { status: 200, headers: { 'content-type': 'application/json' } }),
        )
      },
    },
    new GlobalBudget(1000, new ManualClock(0)),
  )
  r.setToken('token')
  return { r, sent }
}

/** The same request through discord.js's own REST client, which sends a FormData. */
async function asDiscordJsSends(route: `/${string}`, data: RequestData) {
  let body: unknown
  const r = new REST({
    api: 'http://discord.test/api',
    makeRequest: (_url, init) => {
      body = init.body
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
    },
  }).setToken('token')
  await r.post(route, data)
  return parts({ headers: new Headers(), body })
}

/** The body read back by undici's multipart parser, as a server reads it. */
async function parts(request: { headers: Headers; body: unknown }) {
  const form = await new Response(request.body as ConstructorParameters<typeof Response>[0], {
    headers: request.headers,
  }).formData()
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string'
        ? { name, text: value }
        : { name, file: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
    ),
  )
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pixels\r\n--')])

describe('a request with files goes out as one multipart body', () => {
  it('the files and the JSON payload arrive as discord.js sends them, in one buffer', async () => {
    const { r, sent } = rest()
    const json = Buffer.from('{"seed": 7}\n')
    const request: RequestData = {
      auth: false,
      body: { type: 7, data: { content: 'Dein Zug — «Bube»', attachments: [{ id: 0 }, { id: 1 }] } },
      files: [
        { name: 'hand-0123.png', data: png },
        { name: 'log "1".json', data: json, key: 'files[7]' },
      ],
    }
    await r.post(Routes.interactionCallback('30', 'tok'), request)
    expect(sent).toHaveLength(1)
    expect(Buffer.isBuffer(sent[0]!.body)).toBe(true)
    expect(sent[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(await parts(sent[0]!)).toEqual([
      { name: 'files[0]', file: 'hand-0123.png', type: 'image/png', bytes: png },
      { name: 'files[7]', file: 'log "1".json', type: 'application/json', bytes: json },
      {
        name: 'payload_json',
        text: JSON.stringify({ type: 7, data: { content: 'Dein Zug — «Bube»', attachments: [{ id: 0 }, { id: 1 }] } }),
      },
    ])
    expect(await parts(sent[0]!)).toEqual(await asDiscordJsSends(Routes.interactionCallback('30', 'tok'), request))
  })

  it('with appendToFormData each field of the body is a part of its own; a file keeps its own type', async () => {
    const { r, sent } = rest()
    const request: RequestData = {
      appendToFormData: true,
      body: { name: 'cards', tags: 'a,b' },
      files: [{ name: 'x.txt', data: 'hello', contentType: 'text/plain' }],
    }
    await r.post(Routes.channelMessages('20'), request)
    expect(await parts(sent[0]!)).toEqual([
      { name: 'files[0]', file: 'x.txt', type: 'text/plain', bytes: Buffer.from('hello') },
      { name: 'name', text: 'cards' },
      { name: 'tags', text: 'a,b' },
    ])
    expect(await parts(sent[0]!)).toEqual(await asDiscordJsSends(Routes.channelMessages('20'), request))
  })

  it('a request without files is sent as JSON, as before', async () => {
    const { r, sent } = rest()
    await r.patch(Routes.channelMessage('10', '11'), { body: { content: 'hi' } })
    expect(sent[0]!.body).toBe('{"content":"hi"}')
    expect(sent[0]!.headers.get('content-type')).toBe('application/json')
  })
})
