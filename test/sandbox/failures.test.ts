import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  Events,
  MessageFlags,
  RateLimitError,
  REST,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type Client,
  type Interaction,
  type TextChannel,
} from 'discord.js'
import { InteractionFailedError, startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

const commands = [
  new SlashCommandBuilder().setName('ping').setDescription('Pong').toJSON(),
  new SlashCommandBuilder().setName('slow').setDescription('Answers after 3.5 s').toJSON(),
  new SlashCommandBuilder().setName('secret').setDescription('Ephemeral answer').toJSON(),
  new SlashCommandBuilder().setName('silent').setDescription('Never answers').toJSON(),
  new SlashCommandBuilder().setName('thinking').setDescription('Defers, never edits').toJSON(),
]

describe('fake Discord failure paths', () => {
  let discord: FakeDiscord
  let client: Client<true>
  let channel: TextChannel
  const lateErrors: unknown[] = []
  let lastSecret: ChatInputCommandInteraction | null = null
  /** Interactions the handler finished with, by command name. */
  const handled = new Map<string, string>()

  async function handle(interaction: Interaction): Promise<void> {
    if (!interaction.isChatInputCommand()) return
    if (interaction.commandName === 'ping') await interaction.reply('pong')
    if (interaction.commandName === 'secret') {
      lastSecret = interaction
      await interaction.reply({ content: 'for your eyes only', flags: MessageFlags.Ephemeral })
    }
    if (interaction.commandName === 'thinking') await interaction.deferReply()
    handled.set(interaction.commandName, interaction.id)
    if (interaction.commandName === 'slow') {
      await new Promise((r) => setTimeout(r, 3500))
      await interaction.reply('too late').catch((error: unknown) => lateErrors.push(error))
    }
  }

  beforeAll(async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('Test Server')
    guild.member('alice')
    guild.member('bob')
    const cards = guild.channel('cards')
    client = await startTestClient(discord, commands, handle)
    channel = client.channels.cache.get(cards.id) as TextChannel
  })

  afterAll(async () => {
    await client?.destroy()
    await discord?.stop()
  })

  const alice = () => discord.guild('Test Server').member('alice')
  const cards = () => discord.guild('Test Server').channel('cards')

  it('resumes after a dropped gateway connection and replays what the bot missed', async () => {
    const resumed = new Promise<number>((resolve) =>
      client.once(Events.ShardResume, (_id, replayed) => resolve(replayed)),
    )
    const reconnected = discord.dropConnection()
    // Sent while the bot is disconnected: the fake keeps it and replays it on RESUME.
    const answer = alice().slash(cards(), 'ping')
    await reconnected
    expect(await resumed).toBeGreaterThanOrEqual(1)
    expect((await answer).content).toBe('pong')
    expect(discord.gatewayStats).toMatchObject({ identifies: 1, resumes: 1 })
    expect((await alice().slash(cards(), 'ping')).content).toBe('pong')
  })

  it('resumes when told to reconnect, and identifies afresh after an invalid session', async () => {
    const before = discord.gatewayStats
    await discord.requestReconnect()
    expect(discord.gatewayStats.resumes).toBe(before.resumes + 1)
    expect((await alice().slash(cards(), 'ping')).content).toBe('pong')
    // A fresh session: READY and every GUILD_CREATE again, after which discord.js reports the shard ready.
    const shardReady = new Promise<void>((resolve) => client.once(Events.ShardReady, () => resolve()))
    await discord.invalidateSession()
    await shardReady
    expect(discord.gatewayStats.identifies).toBe(before.identifies + 1)
    expect((await alice().slash(cards(), 'ping')).content).toBe('pong')
  })

  it('answers 429 with rate-limit headers; discord.js waits and retries the edit', async () => {
    const message = await channel.send('first')
    const limit = discord.rateLimit('PATCH /channels/:channel/messages/:message', 2, { retryAfter: 0.2 })
    const edited = await message.edit('second')
    expect(edited.content).toBe('second')
    expect(limit.hits).toBe(2)
    expect(discord.message(message.id)?.content).toBe('second')
    const edits = discord.requests.filter(
      (r) => r.method === 'PATCH' && r.path === `/channels/${channel.id}/messages/${message.id}`,
    )
    expect(edits.map((r) => r.status)).toEqual([429, 429, 200])
  })

  it('reports a handler slower than 3 s as a failed interaction, and refuses the late answer', async () => {
    const answer = alice().slash(cards(), 'slow')
    await expect(answer).rejects.toThrow(InteractionFailedError)
    await expect(answer).rejects.toThrow(/did not answer alice's \/slow within 3 s/)
    expect(discord.failedInteractions).toMatchObject([{ label: '/slow', user: 'alice', lateAnswer: false }])
    await expect.poll(() => lateErrors.length, { timeout: 2000 }).toBe(1)
    expect(lateErrors[0]).toBeInstanceOf(DiscordAPIError)
    expect((lateErrors[0] as DiscordAPIError).code).toBe(10062)
    expect(discord.failedInteractions[0]?.lateAnswer).toBe(true)
    expect(
      cards()
        .messages()
        .some((m) => m.content === 'too late'),
    ).toBe(false)
  }, 10_000)

  it('ends the wait for an answer that can no longer come at once when the harness gives up on it', async () => {
    // Windows far longer than the test may run: only giving up ends these waits.
    const patient = await startFakeDiscord({ answerWindowMs: 3_600_000, deferredTimeout: 3_600_000 })
    const guild = patient.guild('Patient Server')
    const member = guild.member('alice')
    const here = guild.channel('cards')
    const bot = await startTestClient(patient, commands, handle)
    try {
      const silent = member.slash(here, 'silent')
      await expect.poll(() => handled.get('silent')).toBeDefined()
      patient.giveUpInteractions([handled.get('silent')!])
      await expect(silent).rejects.toThrow(InteractionFailedError)
      expect(patient.failedInteractions).toMatchObject([{ label: '/silent', user: 'alice', lateAnswer: false }])

      const thinking = member.slash(here, 'thinking')
      await expect.poll(() => handled.get('thinking')).toBeDefined()
      patient.giveUpInteractions([handled.get('thinking')!])
      await expect(thinking).rejects.toThrow(/deferred alice's \/thinking but did not edit the reply/)

      // An answered interaction keeps its answer.
      const ping = await member.slash(here, 'ping')
      patient.giveUpInteractions([ping.interactionId])
      expect(ping.content).toBe('pong')
      expect(patient.failedInteractions.map((f) => f.label)).toEqual(['/silent'])
    } finally {
      await bot.destroy()
      await patient.stop()
    }
  })

  it('refuses messages over Discord limits with 400 Invalid Form Body', async () => {
    const refuse = async (payload: Parameters<TextChannel['send']>[0]) => {
      const error = await channel.send(payload).then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(DiscordAPIError)
      const api = error as DiscordAPIError
      expect(api.status).toBe(400)
      expect(api.code).toBe(50035)
      return (api.rawError as { errors: unknown }).errors
    }
    const button = (id: string) => new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary)
    const row = (...ids: string[]) => new ActionRowBuilder<ButtonBuilder>().addComponents(ids.map(button))

    expect(await refuse('x'.repeat(2001))).toEqual({
      content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
    })
    expect(
      await refuse({ content: 'rows', components: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => row(id)) }),
    ).toHaveProperty('components._errors')
    // discord.js's builders check some limits themselves, so raw JSON goes past them here.
    expect(
      await refuse({
        content: 'wide',
        components: [{ type: 1, components: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => button(id).toJSON()) }],
      }),
    ).toHaveProperty('components.0.components._errors')
    expect(
      await refuse({
        content: 'id',
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'x'.repeat(101) }] }],
      }),
    ).toHaveProperty('components.0.components.0.custom_id._errors')
    expect(
      await refuse({
        content: 'label',
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x'.repeat(81), custom_id: 'x' }] }],
      }),
    ).toHaveProperty('components.0.components.0.label._errors')
    const options = Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` }))
    expect(
      await refuse({ content: 'menu', components: [{ type: 1, components: [{ type: 3, custom_id: 'm', options }] }] }),
    ).toHaveProperty('components.0.components.0.options._errors')
    expect(await refuse({ embeds: Array.from({ length: 4 }, () => ({ description: 'y'.repeat(1600) })) })).toEqual({
      embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }] },
    })
    expect(await refuse({ embeds: Array.from({ length: 11 }, () => ({ description: 'y' })) })).toHaveProperty(
      'embeds._errors',
    )
    const texts = Array.from({ length: 41 }, (_, i) => ({ type: 10, content: `line ${i}` }))
    expect(await refuse({ flags: MessageFlags.IsComponentsV2, components: texts } as never)).toHaveProperty(
      'components._errors',
    )
    // Within the limits, the same shapes pass.
    await channel.send({ content: 'ok', components: ['a', 'b', 'c', 'd', 'e'].map((id) => row(id)) })
    await channel.send({ flags: MessageFlags.IsComponentsV2, components: texts.slice(0, 40) } as never)
  })

  it('refuses edits to a message older than an hour with 429 code 30046', async () => {
    const message = await channel.send('table')
    await message.edit('table, still fresh')
    await discord.clock.advance(61 * 60 * 1000)
    const res = await fetch(`${discord.url}/api/v10/channels/${channel.id}/messages/${message.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'too old' }),
    })
    expect(res.status).toBe(429)
    expect(await res.json()).toMatchObject({
      code: 30046,
      message: 'Maximum number of edits to messages older than 1 hour reached. Try again later.',
    })
    // discord.js treats any 429 as a rate limit: it only gives up when told to reject on it.
    const rest = new REST({ api: `${discord.url}/api`, rejectOnRateLimit: ['/channels'] }).setToken(discord.token)
    await expect(
      rest.patch(`/channels/${channel.id}/messages/${message.id}`, { body: { content: 'again' } }),
    ).rejects.toBeInstanceOf(RateLimitError)
    expect(discord.message(message.id)?.content).toBe('table, still fresh')
    // A fresh message is editable again.
    const fresh = await channel.send('new table')
    expect((await fresh.edit('new table, edited')).content).toBe('new table, edited')
  })

  it('keeps ephemeral messages out of the channel routes; the interaction token edits them for 15 min', async () => {
    const answer = await alice().slash(cards(), 'secret')
    expect(answer.ephemeral).toBe(true)
    const refused = async (attempt: Promise<unknown>) => {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(DiscordAPIError)
      expect((error as DiscordAPIError).code).toBe(10008)
    }
    await refused(channel.messages.edit(answer.id, 'leak'))
    await refused(channel.messages.fetch(answer.id))
    await refused(channel.messages.delete(answer.id))
    expect((await channel.messages.fetch({ limit: 50 })).has(answer.id)).toBe(false)

    await lastSecret!.editReply('still yours')
    expect(discord.message(answer.id)?.content).toBe('still yours')
    await discord.clock.advance(15 * 60 * 1000)
    const expired = await lastSecret!.editReply('too late').then(
      () => null,
      (e: unknown) => e,
    )
    expect(expired).toBeInstanceOf(DiscordAPIError)
    expect((expired as DiscordAPIError).code).toBe(50027)
    expect((expired as DiscordAPIError).status).toBe(401)
  })

  it('answers 401 without the bot token, and discord.js refuses to log in with a wrong one', async () => {
    const none = await fetch(`${discord.url}/api/v10/users/@me`)
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ message: '401: Unauthorized', code: 0 })
    const wrong = await fetch(`${discord.url}/api/v10/gateway/bot`, { headers: { authorization: 'Bot nope' } })
    expect(wrong.status).toBe(401)
    const ok = await fetch(`${discord.url}/api/v10/users/@me`, { headers: { authorization: `Bot ${discord.token}` } })
    expect(await ok.json()).toMatchObject({ id: discord.botUserId, bot: true })

    const { Client: DjsClient, GatewayIntentBits } = await import('discord.js')
    const intruder = new DjsClient({ intents: [GatewayIntentBits.Guilds], rest: { api: `${discord.url}/api` } })
    await expect(intruder.login('not-the-token')).rejects.toThrow(/invalid token/i)
    await intruder.destroy()
  })

  it('answers unknown routes 404 in Discord error shape and records them', async () => {
    const before = discord.unknownRoutes.length
    const res = await fetch(`${discord.url}/api/v10/guilds/1/bans`, {
      headers: { authorization: `Bot ${discord.token}` },
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404: Not Found', code: 0 })
    expect(discord.unknownRoutes.slice(before)).toEqual([{ method: 'GET', path: '/api/v10/guilds/1/bans' }])
  })
})
