import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Client,
  type Interaction,
  type Message,
  type TextChannel,
} from 'discord.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

const commands = ['thinking', 'hidden-thinking', 'modal', 'too-long', 'forgets', 'with-response', 'post', 'vanish'].map(
  (name) => new SlashCommandBuilder().setName(name).setDescription(`The ${name} case`).toJSON(),
)

async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isButton() && interaction.customId === 'bump') {
    await interaction.update({ content: `bumped by ${interaction.user.username}` })
    return
  }
  if (interaction.isButton()) {
    await interaction.reply({ content: `clicked ${interaction.customId}`, flags: MessageFlags.Ephemeral })
    return
  }
  if (!interaction.isChatInputCommand()) return
  switch (interaction.commandName) {
    case 'thinking':
      await interaction.deferReply()
      await interaction.followUp('done thinking')
      {
        const more = await interaction.followUp('and one more thing')
        const bye = await interaction.followUp('bye')
        await interaction.deleteReply(bye)
        await interaction.editReply({ message: more, content: 'and one more thing (edited)' })
      }
      return
    case 'hidden-thinking':
      await interaction.deferReply({ flags: MessageFlags.Ephemeral })
      await interaction.followUp({ content: 'quietly done' })
      return
    case 'modal':
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('bid')
          .setTitle('Your bid')
          .addComponents(
            new ActionRowBuilder<TextInputBuilder>().addComponents(
              new TextInputBuilder().setCustomId('amount').setLabel('Amount').setStyle(TextInputStyle.Short),
            ),
          ),
      )
      return
    case 'too-long':
      await interaction.reply('x'.repeat(2001)).catch(() => {})
      return
    case 'forgets':
      await interaction.deferReply()
      return
    case 'with-response': {
      const response = await interaction.reply({ content: 'here', withResponse: true })
      await interaction.followUp(`reply id ${response.resource?.message?.id}`)
      return
    }
    case 'post': {
      await interaction.reply({
        content: 'posted',
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('old').setLabel('Old').setStyle(ButtonStyle.Primary),
            new ButtonBuilder().setCustomId('bump').setLabel('Bump').setStyle(ButtonStyle.Secondary),
          ),
        ],
      })
      return
    }
    case 'vanish':
      await interaction.reply('soon gone')
      await interaction.deleteReply()
      await interaction.followUp({ content: 'gone', flags: MessageFlags.Ephemeral })
      return
  }
}

describe('fake Discord interaction details', () => {
  let discord: FakeDiscord
  let client: Client<true>
  let channel: TextChannel
  const created: Message[] = []

  beforeAll(async () => {
    discord = await startFakeDiscord({ deferredTimeout: 1500 })
    const guild = discord.guild('Test Server')
    guild.member('alice')
    guild.member('bob')
    const cards = guild.channel('cards')
    client = await startTestClient(discord, commands, handle, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    })
    client.on(Events.MessageCreate, (message) => void created.push(message))
    channel = client.channels.cache.get(cards.id) as TextChannel
  })

  afterAll(async () => {
    await client?.destroy()
    await discord?.stop()
  })

  const member = (name: string) => discord.guild('Test Server').member(name)
  const cards = () => discord.guild('Test Server').channel('cards')

  it('lets the first follow-up after a deferred reply replace the "thinking" message', async () => {
    const res = await member('alice').slash(cards(), 'thinking')
    expect(res).toMatchObject({ kind: 'deferredReply', content: 'done thinking', loading: false, ephemeral: false })
    // Follow-ups are edited and deleted through the interaction token too.
    const more = await cards().waitFor((m) => m.content === 'and one more thing (edited)')
    expect(more.id).not.toBe(res.id)
    expect(more.editedAt).not.toBeNull()
    expect(
      cards()
        .messages()
        .some((m) => m.content === 'bye'),
    ).toBe(false)
  })

  it('keeps the ephemeral state of the defer for the first follow-up', async () => {
    const res = await member('alice').slash(cards(), 'hidden-thinking')
    expect(res).toMatchObject({
      kind: 'deferredReply',
      content: 'quietly done',
      ephemeral: true,
      ephemeralFor: member('alice').id,
    })
    expect(
      member('bob')
        .visible(cards())
        .some((m) => m.id === res.id),
    ).toBe(false)
  })

  it('answers with a modal', async () => {
    const res = await member('alice').slash(cards(), 'modal')
    expect(res.kind).toBe('modal')
    expect(res.modal).toMatchObject({ custom_id: 'bid', title: 'Your bid' })
  })

  it('explains a failed interaction with the refusal that caused it', async () => {
    const answer = member('alice').slash(cards(), 'too-long')
    await expect(answer).rejects.toThrow(
      /within 3 s[\s\S]*POST \/interactions\/\d+\/[^ ]+\/callback → 400 50035 Invalid Form Body.*BASE_TYPE_MAX_LENGTH/,
    )
  }, 10_000)

  it('reports a deferred reply that is never completed', async () => {
    await expect(member('alice').slash(cards(), 'forgets')).rejects.toThrow(
      /deferred alice's \/forgets but did not edit the reply/,
    )
  })

  it('answers the callback with the interaction response object when asked (with_response)', async () => {
    const res = await member('alice').slash(cards(), 'with-response')
    await cards().waitFor((m) => m.content === `reply id ${res.id}`)
  })

  it('deletes a reply through the interaction token', async () => {
    const res = await member('alice').slash(cards(), 'vanish')
    expect(res.content).toBe('soon gone')
    await cards().waitFor((m) => m.content === 'gone')
    expect(discord.message(res.id)).toBeUndefined()
    expect(
      member('alice')
        .visible(cards())
        .map((m) => m.content),
    ).toContain('gone')
  })

  it('sends MESSAGE_CREATE for public messages to a bot with the GuildMessages intent, not ephemerals', async () => {
    const sent = await channel.send('hello channel')
    await expect.poll(() => created.some((m) => m.id === sent.id)).toBe(true)
    await member('alice').slash(cards(), 'hidden-thinking')
    expect(created.some((m) => m.content === 'quietly done')).toBe(false)
  })

  it("delivers members' own messages, typing, and member lookups over the gateway", async () => {
    const said = member('alice').say(cards(), 'hi bot')
    await expect.poll(() => created.find((m) => m.id === said.id)?.author.username).toBe('alice')
    await channel.sendTyping()
    const guild = client.guilds.cache.get(discord.guild('Test Server').id)!
    const fetched = await guild.members.fetch({ user: [member('alice').id, member('bob').id] })
    expect([...fetched.values()].map((m) => m.user.username).sort()).toEqual(['alice', 'bob'])
  })

  it('serves channel message history newest first, without ephemerals', async () => {
    const fetched = await channel.messages.fetch({ limit: 100 })
    const ids = [...fetched.keys()]
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)))
    expect(fetched.size).toBe(cards().publicMessages().length)
    const single = await channel.messages.fetch(ids[0]!)
    expect(single.content).toBe(cards().lastMessage()!.content)
  })

  it('answers a click on an old message and applies a global rate limit', async () => {
    const posted = await member('alice').slash(cards(), 'post')
    const limit = discord.rateLimit('POST /interactions/*/*/callback', 1, { retryAfter: 0.2, global: true })
    const res = await member('bob').click(posted, 'Old')
    expect(res).toMatchObject({ content: 'clicked old', ephemeralFor: member('bob').id })
    expect(limit.hits).toBe(1)
  })

  it('waits for a matching message, or says that none came', async () => {
    const later = cards().waitFor((m) => m.content === 'later', { existing: false })
    await channel.send('later')
    expect((await later).content).toBe('later')
    await expect(cards().waitFor((m) => m.content === 'never', { timeout: 100 })).rejects.toThrow(/No message matching/)
  })

  it('lets interactions update an hour-old message, which the channel route may no longer edit', async () => {
    const posted = await member('alice').slash(cards(), 'post')
    await discord.clock.advance(2 * 60 * 60 * 1000)
    const res = await member('bob').click(posted, 'Bump')
    expect(res).toMatchObject({ kind: 'update', id: posted.id, content: 'bumped by bob' })
    const viaChannel = await fetch(`${discord.url}/api/v10/channels/${cards().id}/messages/${posted.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'edited from a timer' }),
    })
    expect(viaChannel.status).toBe(429)
    expect(discord.errors.at(-1)).toMatchObject({ status: 429, code: 30046 })
  })

  it('refuses a command the bot never registered', async () => {
    const fake = await startFakeDiscord({ commandWait: 50 })
    const guild = fake.guild('Empty')
    const lonely = await startTestClient(fake, [], async () => {})
    await expect(guild.member('zoe').slash(guild.channel('c'), 'nothing')).rejects.toThrow(
      /has not registered \/nothing/,
    )
    await lonely.destroy()
    await fake.stop()
  })
})
