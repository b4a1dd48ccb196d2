import { afterEach, describe, expect, it } from 'vitest'
import { ChannelType, MessageFlags, SlashCommandBuilder, type Client, type Interaction } from 'discord.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

let discord: FakeDiscord
const clients: Client[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy()
  await discord?.stop()
})

const where = new SlashCommandBuilder().setName('where').setDescription('Where am I?').toJSON()

/** A client that answers /where with the channel it sees the command in. */
async function client(): Promise<Client<true>> {
  const c = await startTestClient(discord, [where], async (i: Interaction) => {
    if (!i.isChatInputCommand()) return
    const ch = i.channel
    await i.reply(`${i.channelId} thread=${String(ch?.isThread())} parent=${ch?.isThread() ? ch.parentId : '-'}`)
  })
  clients.push(c)
  return c
}

async function rest(method: string, path: string, body: Record<string, unknown>) {
  const res = await fetch(`${discord.url}/api/v10${path}`, {
    method,
    headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

describe('threads', () => {
  it('discord.js starts a thread from a message, posts in it, and sees commands in it as from a thread', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const alice = guild.member('alice')
    const bot = await client()
    const channel = await bot.channels.fetch(cards.id)
    if (channel?.type !== ChannelType.GuildText) throw new Error('not a text channel')
    const starter = await channel.send('a table opened')
    const thread = await starter.startThread({ name: 'Bura · alice' })
    // A thread started from a message takes the message's id; the message shows it under it.
    expect(thread.id).toBe(starter.id)
    expect(thread.type).toBe(ChannelType.PublicThread)
    expect(thread.parentId).toBe(cards.id)
    expect(bot.channels.cache.get(thread.id)?.isThread()).toBe(true)
    await thread.send('in the thread')

    const [fakeThread] = cards.threads()
    expect(fakeThread!.name).toBe('Bura · alice')
    expect(fakeThread!.publicMessages().map((m) => m.content)).toEqual(['in the thread'])
    expect(cards.publicMessages().map((m) => m.content)).toEqual(['a table opened'])
    expect(cards.lastMessage()!.flags & MessageFlags.HasThread).toBe(MessageFlags.HasThread)

    const answer = await alice.slash(fakeThread!, 'where')
    expect(answer.content).toBe(`${thread.id} thread=true parent=${cards.id}`)
    expect(answer.channelId).toBe(thread.id)

    // A client connecting later gets the thread with its server (GUILD_CREATE `threads`).
    const late = await client()
    expect(late.channels.cache.get(thread.id)?.isThread()).toBe(true)
    expect(discord.unknownRoutes).toEqual([])
  })

  it('refuses what Discord refuses, and a thread without a message leaves a line in its channel', async () => {
    discord = await startFakeDiscord()
    const guild = discord.guild('G')
    const cards = guild.channel('cards')
    const open = await rest('POST', `/channels/${cards.id}/threads`, { name: 'talk', type: 11 })
    expect(open.status).toBe(200)
    expect(open.body).toMatchObject({ type: 11, parent_id: cards.id, name: 'talk', guild_id: guild.id })
    expect(cards.publicMessages().map((m) => m.content)).toEqual(['talk'])

    expect((await rest('POST', `/channels/${cards.id}/threads`, { name: '' })).body.code).toBe(50035)
    expect((await rest('POST', `/channels/${open.body.id}/threads`, { name: 'x' })).body.code).toBe(50024)
    const message = cards.lastMessage()!
    const first = await rest('POST', `/channels/${cards.id}/messages/${message.id}/threads`, { name: 'a' })
    expect(first.body.id).toBe(message.id)
    const second = await rest('POST', `/channels/${cards.id}/messages/${message.id}/threads`, { name: 'b' })
    expect(second.body.code).toBe(160004)

    cards.refuseThreads()
    const refused = await rest('POST', `/channels/${cards.id}/threads`, { name: 'no' })
    expect(refused).toMatchObject({ status: 403, body: { code: 50013, message: 'Missing Permissions' } })
    expect(cards.threads().map((t) => t.name)).toEqual(['talk', 'a'])
  })
})
