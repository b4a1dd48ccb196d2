import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { ChannelType, Events, SlashCommandBuilder, type Client, type Interaction } from 'discord.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

let discord: FakeDiscord
const clients: Client[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy()
  await discord?.stop()
})

const ping = new SlashCommandBuilder().setName('ping').setDescription('Pong').toJSON()

async function client(): Promise<Client<true>> {
  const c = await startTestClient(discord, [ping], async (i: Interaction) => {
    if (i.isChatInputCommand()) await i.reply('pong')
  })
  clients.push(c)
  return c
}

/** A bot's REST request about a channel, answered as Discord answers it: the status and JSON code. */
async function post(channelId: string): Promise<{ status: number; code: unknown }> {
  const res = await fetch(`${discord.url}/api/v10/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'hello' }),
  })
  if (res.ok) return { status: res.status, code: null }
  return { status: res.status, code: ((await res.json()) as { code?: unknown }).code }
}

describe('channels, threads and servers that go away', () => {
  it('a deleted channel is announced (CHANNEL_DELETE) and answers Unknown Channel; its threads go with it', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const bot = await client()
    const channel = await bot.channels.fetch(cards.id)
    if (channel?.type !== ChannelType.GuildText) throw new Error('not a text channel')
    const thread = await (await channel.send('table')).startThread({ name: 'Bura' })
    const deleted = once(bot, Events.ChannelDelete)
    cards.delete()
    const [gone] = (await deleted) as [{ id: string }]
    expect(gone.id).toBe(cards.id)
    expect(await post(cards.id)).toEqual({ status: 404, code: 10003 })
    expect(await post(thread.id)).toEqual({ status: 404, code: 10003 })
    await expect(guild.member('alice').slash(cards, 'ping')).rejects.toThrow(/deleted/)
  })

  it('a deleted thread is announced (THREAD_DELETE) and answers Unknown Channel; its channel stays', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const bot = await client()
    const channel = await bot.channels.fetch(cards.id)
    if (channel?.type !== ChannelType.GuildText) throw new Error('not a text channel')
    const thread = await (await channel.send('table')).startThread({ name: 'Bura' })
    const deleted = once(bot, Events.ThreadDelete)
    cards.threads()[0]!.delete()
    const [gone] = (await deleted) as [{ id: string }]
    expect(gone.id).toBe(thread.id)
    expect(await post(thread.id)).toEqual({ status: 404, code: 10003 })
    expect((await post(cards.id)).status).toBe(200)
  })

  it('the bot removed from a server: GUILD_DELETE (not unavailable), Missing Access, members cannot reach it', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const alice = guild.member('alice')
    const bot = await client()
    const left = once(bot, Events.GuildDelete)
    guild.removeBot()
    const [g] = (await left) as [{ id: string; available: boolean }]
    expect(g.id).toBe(guild.id)
    expect(await post(cards.id)).toEqual({ status: 403, code: 50001 })
    await expect(alice.slash(cards, 'ping')).rejects.toThrow(/not in the server/)
  })

  it('an outage is a GUILD_DELETE with unavailable, and the server comes back', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const bot = await client()
    const unavailable = once(bot, Events.GuildUnavailable)
    guild.outage()
    await unavailable
    const back = once(bot, Events.GuildAvailable)
    guild.back()
    await back
    expect(await guild.member('alice').slash(cards, 'ping')).toMatchObject({ content: 'pong' })
  })

  it('access taken away answers 403 with its code, for the channel and its threads, until it is given back', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const bot = await client()
    const channel = await bot.channels.fetch(cards.id)
    if (channel?.type !== ChannelType.GuildText) throw new Error('not a text channel')
    const thread = await (await channel.send('table')).startThread({ name: 'Bura' })
    cards.revokeAccess(50013)
    expect(await post(cards.id)).toEqual({ status: 403, code: 50013 })
    expect(await post(thread.id)).toEqual({ status: 403, code: 50013 })
    cards.revokeAccess(50001)
    expect(await post(cards.id)).toEqual({ status: 403, code: 50001 })
    // Members still reach the bot there: interactions need no channel permission.
    expect(await guild.member('alice').slash(cards, 'ping')).toMatchObject({ content: 'pong' })
    cards.revokeAccess(null)
    expect((await post(cards.id)).status).toBe(200)
  })

  it('press sends any custom_id from a visible message, as a stale or forged control would', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const seen: string[] = []
    const c = await startTestClient(discord, [], async (i: Interaction) => {
      if (!i.isButton()) return
      seen.push(i.customId)
      await i.reply({ content: 'no', ephemeral: true })
    })
    clients.push(c)
    const channel = await c.channels.fetch(cards.id)
    if (channel?.type !== ChannelType.GuildText) throw new Error('not a text channel')
    const message = await channel.send('a message without buttons')
    await guild.member('alice').press(message.id, 't:other:join')
    expect(seen).toEqual(['t:other:join'])
  })
})
