import { MessageFlags } from 'discord-api-types/v10'
import { unknownCommand, unknownGuild, unknownMember, unknownUser } from './errors.js'
import { registerCommands } from './commands.js'
import type { Interactions } from './interactions.js'
import { apiChannel, apiMember, apiMessage, apiRoles, apiUser, type CommandRecord } from './model.js'
import type { Route, RestRequest } from './rest.js'
import { startThread } from './threads.js'
import type { World } from './world.js'

/** The REST routes the fake serves, with Discord's JSON shapes. Paths are relative to /api/v10. */
export function buildRoutes(
  world: World,
  interactions: Interactions,
  gatewayUrl: () => string,
  recommendedShards = 1,
  maxConcurrency = 1,
): Route[] {
  const bot = (method: string, pattern: string, handle: Route['handle']): Route => ({
    method,
    pattern,
    auth: true,
    handle,
  })
  const open = (method: string, pattern: string, handle: Route['handle']): Route => ({
    method,
    pattern,
    auth: false,
    handle,
  })

  const guildOf = (req: RestRequest) => {
    const guild = world.guildById(req.params.guild!)
    if (!guild) throw unknownGuild()
    return guild
  }
  const commandsOf = (
    req: RestRequest,
  ): { list: CommandRecord[]; set: (next: CommandRecord[]) => void; guildId?: string } => {
    if (!req.params.guild) {
      return { list: world.globalCommands, set: (next) => world.globalCommands.splice(0, Infinity, ...next) }
    }
    const guild = guildOf(req)
    return {
      list: world.guildCommands.get(guild.id) ?? [],
      set: (next) => world.guildCommands.set(guild.id, next),
      guildId: guild.id,
    }
  }
  const checkApp = (req: RestRequest) => {
    if (req.params.application !== world.bot.id) throw unknownCommand()
  }

  const commandRoutes = (base: string): Route[] => [
    bot('GET', base, (req) => (checkApp(req), commandsOf(req).list)),
    bot('PUT', base, (req) => {
      checkApp(req)
      const target = commandsOf(req)
      const next = registerCommands(world, Array.isArray(req.body) ? req.body : [], target.list, target.guildId)
      target.set(next)
      return next
    }),
    bot('POST', base, (req) => {
      checkApp(req)
      const target = commandsOf(req)
      const [created] = registerCommands(world, [req.body ?? {}], target.list, target.guildId)
      target.set([...target.list.filter((c) => c.id !== created!.id), created!])
      return created
    }),
    bot('GET', `${base}/:command`, (req) => {
      const found = commandsOf(req).list.find((c) => c.id === req.params.command)
      if (!found) throw unknownCommand()
      return found
    }),
    bot('PATCH', `${base}/:command`, (req) => {
      const target = commandsOf(req)
      const old = target.list.find((c) => c.id === req.params.command)
      if (!old) throw unknownCommand()
      const [edited] = registerCommands(world, [{ ...old, ...req.body }], target.list, target.guildId)
      target.set(target.list.map((c) => (c.id === old.id ? edited! : c)))
      return edited
    }),
    bot('DELETE', `${base}/:command`, (req) => {
      const target = commandsOf(req)
      if (!target.list.some((c) => c.id === req.params.command)) throw unknownCommand()
      target.set(target.list.filter((c) => c.id !== req.params.command))
      return null
    }),
  ]

  const messageBody = (body: any) => body ?? {}

  return [
    bot('GET', '/gateway/bot', () => ({
      url: gatewayUrl(),
      shards: recommendedShards,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: maxConcurrency },
    })),
    open('GET', '/gateway', () => ({ url: gatewayUrl() })),
    bot('GET', '/users/@me', () => world.botUser()),
    bot('GET', '/users/:user', (req) => {
      const user = world.findUser(req.params.user!)
      if (!user) throw unknownUser()
      return apiUser(user)
    }),
    bot('GET', '/applications/@me', () => ({
      id: world.bot.id,
      name: world.bot.username,
      icon: null,
      description: '',
      bot_public: true,
      bot_require_code_grant: false,
      bot: world.botUser(),
      verify_key: '0'.repeat(64),
      flags: 0,
      team: null,
      approximate_guild_count: world.guilds.length,
    })),
    ...commandRoutes('/applications/:application/commands'),
    ...commandRoutes('/applications/:application/guilds/:guild/commands'),
    ...world.emojis.routes(bot),

    bot('GET', '/guilds/:guild', (req) => {
      const { members: _m, channels: _c, ...guild } = world.guildCreatePayload(guildOf(req))
      return guild
    }),
    bot('GET', '/guilds/:guild/channels', (req) => guildOf(req).channels.map((c) => apiChannel(c))),
    bot('GET', '/guilds/:guild/roles', (req) => apiRoles(guildOf(req))),
    bot('GET', '/guilds/:guild/members/:user', (req) => {
      const guild = guildOf(req)
      const member = guild.members.find((m) => m.user.id === req.params.user)
      if (!member) throw unknownMember()
      return apiMember(member, guild)
    }),
    bot('GET', '/channels/:channel', (req) => {
      const channel = world.requireChannel(req.params.channel!)
      return apiChannel(channel, world.lastMessageId(channel.id))
    }),

    bot('POST', '/channels/:channel/messages', (req) => {
      const channel = world.requireChannel(req.params.channel!)
      const body = messageBody(req.body)
      // Channel messages cannot be ephemeral; Discord ignores the flag here.
      const flags = (body.flags ?? 0) & ~MessageFlags.Ephemeral
      return apiMessage(world.postMessage(channel, { ...body, flags }))
    }),
    bot('POST', '/channels/:channel/threads', (req) =>
      apiChannel(startThread(world, world.requireChannel(req.params.channel!), req.body ?? {})),
    ),
    bot('POST', '/channels/:channel/messages/:message/threads', (req) => {
      const parent = world.requireChannel(req.params.channel!)
      return apiChannel(
        startThread(world, parent, req.body ?? {}, world.channelMessage(parent.id, req.params.message!)),
      )
    }),
    bot('POST', '/channels/:channel/typing', (req) => (world.requireChannel(req.params.channel!), null)),
    bot('GET', '/channels/:channel/messages', (req) => {
      world.requireChannel(req.params.channel!)
      const limit = Math.min(100, Math.max(1, Number(req.query.get('limit') ?? 50)))
      const before = req.query.get('before')
      const after = req.query.get('after')
      let list = world.channelRecords(req.params.channel!).filter((m) => !m.deleted && !m.ephemeralFor)
      if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before))
      if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after))
      // Newest first, as Discord returns them.
      const picked = after ? list.slice(0, limit) : list.slice(-limit)
      return picked.reverse().map((m) => apiMessage(m))
    }),
    bot('GET', '/channels/:channel/messages/:message', (req) =>
      apiMessage(world.channelMessage(world.requireChannel(req.params.channel!).id, req.params.message!)),
    ),
    bot('PATCH', '/channels/:channel/messages/:message', (req) => {
      const message = world.channelMessage(world.requireChannel(req.params.channel!).id, req.params.message!)
      return apiMessage(world.editMessage(message, messageBody(req.body)))
    }),
    bot('DELETE', '/channels/:channel/messages/:message', (req) => {
      world.deleteMessage(world.channelMessage(world.requireChannel(req.params.channel!).id, req.params.message!))
      return null
    }),

    open('POST', '/interactions/:interaction/:token/callback', (req) => {
      const response = interactions.callback(req.params.interaction!, req.params.token!, req.body ?? {})
      return req.query.get('with_response') === 'true' ? response : null
    }),
    open('POST', '/webhooks/:application/:token', (req) => {
      const record = interactions.byWebhook(req.params.application!, req.params.token!)
      const message = interactions.followUp(record, messageBody(req.body))
      return req.query.get('wait') === 'false' ? null : apiMessage(message)
    }),
    open('GET', '/webhooks/:application/:token/messages/:message', (req) => {
      const record = interactions.byWebhook(req.params.application!, req.params.token!)
      return apiMessage(interactions.webhookMessage(record, req.params.message!))
    }),
    open('PATCH', '/webhooks/:application/:token/messages/:message', (req) => {
      const record = interactions.byWebhook(req.params.application!, req.params.token!)
      return apiMessage(interactions.editWebhookMessage(record, req.params.message!, messageBody(req.body)))
    }),
    open('DELETE', '/webhooks/:application/:token/messages/:message', (req) => {
      const record = interactions.byWebhook(req.params.application!, req.params.token!)
      interactions.deleteWebhookMessage(record, req.params.message!)
      return null
    }),
  ]
}
