import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Client,
  type Interaction,
} from 'discord.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

const commands = [
  new SlashCommandBuilder()
    .setName('table')
    .setDescription('Card tables')
    .addSubcommand((s) =>
      s
        .setName('start')
        .setDescription('Open a table')
        .addIntegerOption((o) => o.setName('ante').setDescription('Ante').setMinValue(1)),
    )
    .addSubcommand((s) => s.setName('status').setDescription('Show the table (deferred)'))
    .addSubcommandGroup((g) =>
      g
        .setName('chips')
        .setDescription('Chips')
        .addSubcommand((s) =>
          s
            .setName('grant')
            .setDescription('Give chips')
            .addUserOption((o) => o.setName('player').setDescription('Who').setRequired(true))
            .addIntegerOption((o) => o.setName('amount').setDescription('How many').setRequired(true)),
        ),
    )
    .toJSON(),
  new SlashCommandBuilder().setName('secret').setDescription('An ephemeral answer').toJSON(),
  new SlashCommandBuilder()
    .setName('reset')
    .setDescription('Admins only')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .toJSON(),
]

function tableComponents() {
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('hand').setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId('refresh').setLabel('Refresh').setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId('touch').setLabel('Touch').setStyle(ButtonStyle.Secondary),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId('discard')
        .setMinValues(1)
        .setMaxValues(2)
        .addOptions(['7D', 'TH', 'AS'].map((card) => ({ label: card, value: card }))),
    ),
  ]
}

async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isChatInputCommand()) {
    if (interaction.commandName === 'secret') {
      await interaction.reply({ content: `only for ${interaction.user.username}`, flags: MessageFlags.Ephemeral })
      return
    }
    if (interaction.commandName === 'reset') {
      await interaction.reply(
        `reset by ${interaction.user.username}, admin=${interaction.memberPermissions?.has('Administrator')}`,
      )
      return
    }
    const group = interaction.options.getSubcommandGroup(false)
    const sub = interaction.options.getSubcommand()
    if (group === 'chips' && sub === 'grant') {
      const player = interaction.options.getUser('player', true)
      const member = interaction.options.getMember('player')
      const amount = interaction.options.getInteger('amount', true)
      await interaction.reply(`granted ${amount} to ${player.username} (member: ${member ? 'yes' : 'no'})`)
    } else if (sub === 'start') {
      const ante = interaction.options.getInteger('ante') ?? 1
      const guildName = interaction.guild?.name
      const channelName = interaction.channel && 'name' in interaction.channel ? interaction.channel.name : '?'
      await interaction.reply({
        content: `Table in ${guildName}/#${channelName}, ante ${ante}. Players: ${interaction.user.username}`,
        components: tableComponents(),
      })
    } else if (sub === 'status') {
      await interaction.deferReply()
      await new Promise((r) => setTimeout(r, 100))
      await interaction.editReply('status: all quiet')
    }
    return
  }
  if (interaction.isButton()) {
    if (interaction.customId === 'join') {
      await interaction.update({ content: `${interaction.message.content}, ${interaction.user.username}` })
    } else if (interaction.customId === 'hand') {
      await interaction.reply({ content: `${interaction.user.username} holds 7D TH AS`, flags: MessageFlags.Ephemeral })
      await interaction.followUp({ content: 'psst: your turn soon', flags: MessageFlags.Ephemeral })
    } else if (interaction.customId === 'refresh') {
      await interaction.deferUpdate()
      await interaction.editReply({ content: `${interaction.message.content} (refreshed)` })
    } else if (interaction.customId === 'touch') {
      // Deferred, then changed through the channel route rather than the interaction token.
      await interaction.deferUpdate()
      await interaction.message.edit({ content: `${interaction.message.content} (touched)` })
    }
    return
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.reply({
      content: `${interaction.user.username} discards ${interaction.values.join(' ')}`,
      flags: MessageFlags.Ephemeral,
    })
  }
}

describe('fake Discord with a real discord.js client', () => {
  let discord: FakeDiscord
  let client: Client<true>

  beforeAll(async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('Test Server')
    guild.channel('cards')
    guild.member('alice')
    guild.member('bob')
    guild.member('carol', { admin: true })
    client = await startTestClient(discord, commands, handle)
  })

  afterAll(async () => {
    await client?.destroy()
    await discord?.stop()
  })

  it('logs in: READY and GUILD_CREATE fill the client cache with the guild, channel and members', () => {
    const guild = discord.guild('Test Server')
    expect(client.user.id).toBe(discord.botUserId)
    expect(client.application.id).toBe(discord.applicationId)
    const cached = client.guilds.cache.get(guild.id)
    expect(cached?.name).toBe('Test Server')
    expect(cached?.channels.cache.get(guild.channel('cards').id)?.name).toBe('cards')
    expect(cached?.members.cache.get(guild.member('alice').id)?.user.username).toBe('alice')
    expect(discord.gatewayStats.identifies).toBe(1)
  })

  it('records the commands the bot registered', () => {
    expect(discord.commands().map((c) => c.name)).toEqual(['table', 'secret', 'reset'])
  })

  it('answers a slash command with subcommand and typed options, and a click that updates the message', async () => {
    const guild = discord.guild('Test Server')
    const table = guild.channel('cards')
    const alice = guild.member('alice')
    const bob = guild.member('bob')

    const res = await alice.slash(table, 'table start', { ante: 10 })
    expect(res.kind).toBe('reply')
    expect(res.ephemeral).toBe(false)
    expect(res.content).toBe('Table in Test Server/#cards, ante 10. Players: alice')
    expect(res.components).toHaveLength(2)

    const joined = await bob.click(res, 'Join')
    expect(joined.kind).toBe('update')
    expect(joined.id).toBe(res.id)
    expect(joined.content).toBe('Table in Test Server/#cards, ante 10. Players: alice, bob')
    expect(discord.message(res.id)?.content).toContain('alice, bob')

    const refreshed = await bob.click(res, 'refresh')
    expect(refreshed.kind).toBe('deferredUpdate')
    expect(refreshed.content).toMatch(/alice, bob \(refreshed\)$/)
    const touched = await bob.click(res, 'Touch')
    expect(touched).toMatchObject({ kind: 'deferredUpdate', id: res.id })
    expect(touched.content).toMatch(/\(refreshed\) \(touched\)$/)
    expect(discord.unknownRoutes).toEqual([])
  })

  it('resolves a subcommand group with a user option (resolved user and member)', async () => {
    const guild = discord.guild('Test Server')
    const carol = guild.member('carol', { admin: true })
    const res = await carol.slash(guild.channel('cards'), 'table chips grant', {
      player: guild.member('bob'),
      amount: 50,
    })
    expect(res.content).toBe('granted 50 to bob (member: yes)')
  })

  it('waits for a deferred reply to be edited and answers with the edit', async () => {
    const guild = discord.guild('Test Server')
    const res = await guild.member('alice').slash(guild.channel('cards'), 'table status')
    expect(res.kind).toBe('deferredReply')
    expect(res.content).toBe('status: all quiet')
    expect(res.loading).toBe(false)
  })

  it('shows an ephemeral reply and follow-up only to the user who clicked', async () => {
    const guild = discord.guild('Test Server')
    const table = guild.channel('cards')
    const alice = guild.member('alice')
    const bob = guild.member('bob')
    const start = await alice.slash(table, 'table start', {})

    const hand = await bob.click(start, 'Show my hand')
    expect(hand).toMatchObject({ kind: 'reply', ephemeral: true, ephemeralFor: bob.id, content: 'bob holds 7D TH AS' })
    const followUp = await table.waitFor((m) => m.content === 'psst: your turn soon')
    expect(followUp.ephemeralFor).toBe(bob.id)

    const bobSees = bob.visible(table).map((m) => m.content)
    const aliceSees = alice.visible(table).map((m) => m.content)
    expect(bobSees).toContain('bob holds 7D TH AS')
    expect(bobSees).toContain('psst: your turn soon')
    expect(aliceSees).not.toContain('bob holds 7D TH AS')
    expect(aliceSees).not.toContain('psst: your turn soon')
    expect(aliceSees).toContain(start.content)
    await expect(alice.click(hand, 'Join')).rejects.toThrow(/ephemeral for someone else/)
  })

  it('sends string select menu choices', async () => {
    const guild = discord.guild('Test Server')
    const table = guild.channel('cards')
    const alice = guild.member('alice')
    const start = await alice.slash(table, 'table start', {})
    const res = await alice.select(start, 'discard', ['7D', 'TH'])
    expect(res).toMatchObject({ ephemeral: true, content: 'alice discards 7D TH' })
    await expect(alice.select(start, 'discard', ['7D', 'TH', 'AS'])).rejects.toThrow(/takes 1 to 2 values/)
    await expect(alice.select(start, 'discard', ['2C'])).rejects.toThrow(/offers no 2C/)
  })

  it('checks options and command permissions the way the Discord client does', async () => {
    const guild = discord.guild('Test Server')
    const table = guild.channel('cards')
    const alice = guild.member('alice')
    await expect(alice.slash(table, 'table start', { ante: 0 })).rejects.toThrow(/must be at least 1/)
    await expect(alice.slash(table, 'table start', { ante: 1.5 })).rejects.toThrow(/whole number/)
    await expect(alice.slash(table, 'table start', { bet: 1 })).rejects.toThrow(/no option "bet"/)
    await expect(alice.slash(table, 'table', {})).rejects.toThrow(/needs one of: start, status/)
    await expect(alice.slash(table, 'reset')).rejects.toThrow(/cannot use \/reset/)
    const res = await guild.member('carol').slash(table, 'reset')
    expect(res.content).toBe('reset by carol, admin=true')
  })

  it('announces channels and members created after login', async () => {
    const guild = discord.guild('Test Server')
    const lobby = guild.channel('lobby')
    await expect.poll(() => client.channels.cache.get(lobby.id)?.id).toBe(lobby.id)
    const other = discord.guild('Second Server')
    const room = other.channel('room')
    await expect.poll(() => client.guilds.cache.get(other.id)?.name).toBe('Second Server')
    const res = await other.member('dave').slash(room, 'secret')
    expect(res).toMatchObject({ ephemeral: true, content: 'only for dave', channelId: room.id })
  })
})
