import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../src/lib/clock.js'
import type { BotContext } from '../../src/commands/context.js'
import { routeInteraction } from '../../src/commands/router.js'
import { createLogger } from '../../src/lib/log.js'

/**
 * The fake Discord has no direct messages, so this drives the router with a DM interaction as the
 * gateway would deliver it (discord.js builds the interaction from the raw payload) and records the
 * answer the bot sends to Discord's interaction callback route on a local HTTP server.
 */
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const s of stops.splice(0)) await s()
})

async function recorder() {
  const calls: { method: string; url: string; body: any }[] = []
  const server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      calls.push({ method: req.method!, url: req.url!, body: body ? JSON.parse(body) : null })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  stops.push(() => new Promise((r) => server.close(() => r())))
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe('a command from a direct message', () => {
  it('gets a private, friendly refusal and touches no table', async () => {
    const discord = await recorder()
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${discord.url}/api` } })
    stops.push(() => client.destroy())
    // No table service and no desk: a DM must be refused before anything reaches them.
    const ctx = {
      client,
      clock: systemClock,
      log: createLogger('silent'),
      tables: undefined,
      desk: undefined,
    } as unknown as BotContext
    const handled = new Promise<void>((resolve) =>
      client.once(Events.InteractionCreate, (i: Interaction) => void routeInteraction(i, ctx).then(resolve)),
    )
    const user = { id: '700000000000000001', username: 'dana', discriminator: '0', global_name: null, avatar: null }
    ;(client as any).actions.InteractionCreate.handle({
      id: '700000000000000002',
      application_id: '700000000000000003',
      type: 2,
      data: { id: '700000000000000004', name: 'hand', type: 1 },
      channel_id: '700000000000000005',
      channel: { id: '700000000000000005', type: 1, recipients: [user] },
      user,
      token: 'dm-token',
      version: 1,
      locale: 'en-US',
      app_permissions: '0',
      entitlements: [],
      authorizing_integration_owners: { '1': user.id },
      context: 1,
    })
    await handled
    expect(discord.calls).toHaveLength(1)
    const [call] = discord.calls
    expect(call!.method).toBe('POST')
    expect(call!.url).toMatch(/^\/api\/v10\/interactions\/700000000000000002\/dm-token\/callback/)
    expect(call!.body.type).toBe(4)
    expect(call!.body.data.flags & 64).toBe(64)
    expect(call!.body.data.content).toMatch(/server channels, not in direct messages/)
  })
})
