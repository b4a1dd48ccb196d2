import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DiscordAPIError, SlashCommandBuilder, type Client, type TextChannel } from 'discord.js'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { startTestClient } from './test-client.js'

/** Files through the fake: discord.js uploads them as multipart, the fake keeps and serves them. */

const commands = [new SlashCommandBuilder().setName('picture').setDescription('An ephemeral picture').toJSON()]
const png = (marker: number) => {
  // Just enough of a PNG for the fake to read its size: signature, IHDR length/type, 3 x 2 pixels.
  const b = Buffer.alloc(40)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b)
  b.write('IHDR', 12, 'latin1')
  b.writeUInt32BE(3, 16)
  b.writeUInt32BE(2, 20)
  b[39] = marker
  return b
}

let discord: FakeDiscord
let client: Client<true>
let channel: TextChannel

beforeAll(async () => {
  discord = await startFakeDiscord()
  const guild = discord.guild('Files')
  const fake = guild.channel('cards')
  guild.member('alice')
  client = await startTestClient(discord, commands, async (interaction) => {
    if (!interaction.isChatInputCommand()) return
    await interaction.deferReply({ flags: 64 })
    await interaction.editReply({
      embeds: [{ title: 'Hand', image: { url: 'attachment://hand.png' } }],
      files: [{ attachment: png(9), name: 'hand.png', description: 'your cards' }],
    })
  })
  channel = (await client.channels.fetch(fake.id)) as TextChannel
})

afterAll(async () => {
  await client?.destroy()
  await discord?.stop()
})

describe('attachments in the fake Discord', () => {
  it('stores multipart files, resolves attachment:// in embeds and serves the bytes at the url', async () => {
    const sent = await channel.send({
      embeds: [{ title: 'Table', image: { url: 'attachment://table.png' } }],
      files: [{ attachment: png(1), name: 'table.png', description: 'the table' }],
    })
    const stored = discord.message(sent.id)!
    expect(stored.attachments).toMatchObject([
      { filename: 'table.png', description: 'the table', contentType: 'image/png', width: 3, height: 2 },
    ])
    expect(stored.embeds[0]!.image!.url).toBe(stored.attachments[0]!.url)
    expect(sent.attachments.first()!.name).toBe('table.png')
    const served = Buffer.from(await (await fetch(stored.attachments[0]!.url)).arrayBuffer())
    expect(served.equals(png(1))).toBe(true)
    expect(discord.attachmentData(stored.attachments[0]!.id)!.equals(png(1))).toBe(true)
  })

  it('keeps attachments on an edit without files, replaces them on one with files, clears them with []', async () => {
    const sent = await channel.send({
      embeds: [{ title: 'Table', image: { url: 'attachment://a.png' } }],
      files: [{ attachment: png(1), name: 'a.png' }],
    })
    const first = discord.message(sent.id)!.attachments[0]!
    await channel.messages.edit(sent.id, { embeds: [{ title: 'Still', image: { url: 'attachment://a.png' } }] })
    expect(discord.message(sent.id)!.attachments).toEqual([first])
    await channel.messages.edit(sent.id, {
      embeds: [{ title: 'New', image: { url: 'attachment://b.png' } }],
      files: [{ attachment: png(2), name: 'b.png' }],
    })
    expect(discord.message(sent.id)!.attachments.map((a) => a.filename)).toEqual(['b.png'])
    await channel.messages.edit(sent.id, { embeds: [{ title: 'Text only' }], attachments: [] })
    expect(discord.message(sent.id)!.attachments).toEqual([])
  })

  it('carries files on interaction answers (ephemeral too)', async () => {
    const alice = discord.guild('Files').member('alice')
    const answer = await alice.slash(discord.guild('Files').channel('cards'), 'picture')
    expect(answer.ephemeral).toBe(true)
    expect(answer.attachments.map((a) => a.filename)).toEqual(['hand.png'])
    expect(discord.attachmentData(answer.attachments[0]!.url)!.equals(png(9))).toBe(true)
  })

  it('refuses a request over 10 MiB of files with 413, one file or several', async () => {
    const big = Buffer.concat([png(1), Buffer.alloc(10 * 1024 * 1024)])
    await expect(channel.send({ files: [{ attachment: big, name: 'big.png' }] })).rejects.toMatchObject({
      status: 413,
      code: 40005,
    })
    const half = Buffer.concat([png(2), Buffer.alloc(5.5 * 1024 * 1024)])
    const two = [0, 1].map((i) => ({ attachment: half, name: `half${i}.png` }))
    await expect(channel.send({ files: two })).rejects.toMatchObject({ status: 413 })
    // Just under the limit goes through.
    const fits = await channel.send({ files: [{ attachment: half, name: 'fits.png' }] })
    expect(discord.message(fits.id)!.attachments[0]!.size).toBe(half.length)
  })

  it('refuses an attachment description over 1,024 characters, and takes one of exactly 1,024', async () => {
    const send = (description: string) =>
      channel.send({
        embeds: [{ title: 'Table', image: { url: 'attachment://t.png' } }],
        files: [{ attachment: png(1), name: 't.png', description }],
      })
    await expect(send('x'.repeat(1025))).rejects.toMatchObject({ status: 400, code: 50035 })
    const ok = await send('x'.repeat(1024))
    expect(discord.message(ok.id)!.attachments[0]!.description).toHaveLength(1024)
  })

  it("refuses Discord's limits: more than 10 files, an unknown attachment:// reference", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ attachment: png(i), name: `f${i}.png` }))
    await expect(channel.send({ content: 'many', files: eleven })).rejects.toMatchObject({ code: 50035 })
    const broken = channel.send({
      embeds: [{ title: 'x', image: { url: 'attachment://missing.png' } }],
      files: [{ attachment: png(1), name: 'there.png' }],
    })
    await expect(broken).rejects.toBeInstanceOf(DiscordAPIError)
    await expect(broken).rejects.toMatchObject({ code: 50035 })
  })
})
