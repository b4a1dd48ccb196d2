import type { Client } from 'discord.js'
import type { Logger } from '../log.js'
import type { CardEmojis } from '../render/emojis.js'
import { EMOJI_FACES, emojiName, emojiPng } from '../render/images/emoji-art.js'

/**
 * Uploads the card emojis as application emojis (an application may own 2,000; they work in every
 * server), once: an emoji already there under its name is reused, so a restart uploads nothing.
 * Any failure leaves the bot on the text form ("K♦") — nothing else depends on the emojis.
 */
export async function uploadCardEmojis(client: Client, log: Logger): Promise<CardEmojis | null> {
  try {
    const app = client.application
    if (!app) throw new Error('the client has no application yet')
    const existing = new Map((await app.emojis.fetch()).map((e) => [e.name, e.id]))
    const out = new Map<(typeof EMOJI_FACES)[number], { id: string; name: string }>()
    let uploaded = 0
    for (const face of EMOJI_FACES) {
      const name = emojiName(face)
      let id = existing.get(name)
      if (!id) {
        const attachment = `data:image/png;base64,${emojiPng(face).toString('base64')}`
        id = (await app.emojis.create({ attachment, name })).id
        uploaded++
      }
      out.set(face, { id, name })
    }
    log.info({ emojis: out.size, uploaded }, 'card emojis ready')
    return out
  } catch (error) {
    log.warn({ err: error }, 'card emojis unavailable: cards show as text')
    return null
  }
}
