import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeMessage } from '../discord/index.js'
import { DISCORD_LOCALES, type OptionValue } from '../discord/commands.js'
import { avatarSvg } from './avatar.js'
import { bundlePage } from './bundle.js'
import { BodyTooLarge, ownHosts, readBody, refusal } from './guard.js'
import { PAGE_HTML } from './html.js'

/** What the page asks the sandbox to do: each is one real interaction sent to the bot. */
export type PageRequest =
  | { kind: 'slash'; member: string; command: string; options: Record<string, string | number | boolean> }
  | { kind: 'click'; member: string; messageId: string; customId: string }
  | { kind: 'select'; member: string; messageId: string; customId: string; values: string[] }

/** Everything the page shows for one member: who is here, the commands, and what that member can see. */
export interface PageState {
  readonly me: string
  readonly members: readonly { name: string; id: string; admin: boolean; locale: string }[]
  /** The languages a Discord client can be set to (a member's `locale`). */
  readonly locales: readonly string[]
  readonly bot: { readonly id: string; readonly name: string }
  /** Where the fake Discord serves its CDN's files: the bot's custom emojis at `/emojis/<id>.png`. */
  readonly cdn: string
  readonly channel: string
  readonly commands: readonly unknown[]
  readonly messages: readonly FakeMessage[]
}

export interface SandboxPage {
  readonly url: string
  stop(): Promise<void>
}

const NAME = /^[a-z][a-z0-9_]{1,19}$/
const LOCALES = [...DISCORD_LOCALES]
const noMember = (name: unknown) => `There is no member called ${String(name)}.`

/**
 * The sandbox's web page: one channel of the fake Discord as the chosen member sees it. The page
 * reads `GET /api/state?member=…`, is told of every change through server-sent events
 * (`/api/events`), and sends slash commands, clicks and selections as that member, which the fake
 * Discord turns into the same interactions Discord would send the bot.
 */
export async function startSandboxPage(opts: {
  discord: FakeDiscord
  guild: FakeGuild
  channel: FakeChannel
  port: number
  host?: string
}): Promise<SandboxPage> {
  const { discord, guild, channel } = opts
  const script = await bundlePage()
  const listeners = new Set<ServerResponse>()
  const changed = () => {
    for (const res of listeners) res.write('data: change\n\n')
  }
  const stopRelay = discord.onMessageChange((m) => {
    if (m.channelId === channel.id) changed()
  })

  const member = (name: unknown): FakeMember | undefined => guild.members().find((m) => m.name === name)

  const state = (me: FakeMember): PageState => ({
    me: me.name,
    members: guild.members().map((m) => ({ name: m.name, id: m.id, admin: m.admin, locale: m.locale })),
    locales: LOCALES,
    bot: { id: discord.botUserId, name: 'CardBot' },
    cdn: discord.url,
    channel: channel.name,
    commands: discord.commands(guild).concat(discord.commands()),
    messages: me.visible(channel),
  })

  async function interact(req: PageRequest): Promise<void> {
    const who = member(req.member)
    if (!who) throw new Error(noMember(req.member))
    if (req.kind === 'slash') {
      const values: Record<string, OptionValue> = {}
      for (const [key, value] of Object.entries(req.options ?? {})) {
        // A user option is given by member name on the page; Discord sends the user's id.
        values[key] = typeof value === 'string' && value.startsWith('@') ? (member(value.slice(1)) ?? value) : value
      }
      await who.slash(channel, String(req.command), values)
    } else if (req.kind === 'click') {
      await who.click(String(req.messageId), String(req.customId))
    } else {
      await who.select(String(req.messageId), String(req.customId), (req.values ?? []).map(String))
    }
  }

  let hosts = new Set<string>()
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) {
        // The rest of an oversized body is not read: the connection closes after the answer.
        res.setHeader('connection', 'close')
        return send(res, 413, { error: 'The request is too large.' })
      }
      send(res, 500, { error: String(error) })
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refusal(req, hosts)
    if (refused) return send(res, refused.status, { error: refused.error })
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const route = `${req.method} ${url.pathname}`
    if (route === 'GET /') return send(res, 200, PAGE_HTML, 'text/html; charset=utf-8')
    if (route === 'GET /app.js') return send(res, 200, script, 'text/javascript; charset=utf-8')
    if (req.method === 'GET' && url.pathname.startsWith('/avatars/')) {
      const name = decodeURIComponent(url.pathname.slice('/avatars/'.length).replace(/\.svg$/, ''))
      return send(res, 200, avatarSvg(name), 'image/svg+xml')
    }
    if (route === 'GET /api/state') {
      const me = member(url.searchParams.get('member')) ?? guild.members()[0]!
      return send(res, 200, state(me))
    }
    if (route === 'GET /api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      res.write('retry: 1000\n\n')
      listeners.add(res)
      req.on('close', () => listeners.delete(res))
      return
    }
    if (route === 'POST /api/members') {
      const body = (await readJson(req)) as { name?: unknown }
      const name = String(body.name ?? '')
        .trim()
        .toLowerCase()
      if (!NAME.test(name))
        return send(res, 400, { error: 'A name is 2-20 letters, digits or _, starting with a letter.' })
      if (!member(name)) guild.member(name)
      changed()
      return send(res, 200, { ok: true })
    }
    if (route === 'POST /api/locale') {
      // The member's Discord client language: their next interactions carry it, as Discord's do.
      const body = (await readJson(req)) as { member?: unknown; locale?: unknown }
      const who = member(body.member)
      if (!who) return send(res, 400, { error: noMember(body.member) })
      if (typeof body.locale !== 'string' || !DISCORD_LOCALES.has(body.locale))
        return send(res, 400, { error: `Discord has no language "${String(body.locale)}".` })
      who.locale = body.locale
      changed()
      return send(res, 200, { ok: true })
    }
    if (route === 'POST /api/interaction') {
      try {
        await interact((await readJson(req)) as PageRequest)
        return send(res, 200, { ok: true })
      } catch (error) {
        return send(res, 400, { error: error instanceof Error ? error.message : String(error) })
      }
    }
    send(res, 404, { error: 'not found' })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  hosts = ownHosts(opts.host ?? '127.0.0.1', port)
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    async stop() {
      stopRelay()
      for (const res of listeners) res.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(text)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req)
  try {
    return JSON.parse(body.toString('utf8') || '{}')
  } catch {
    return {}
  }
}
