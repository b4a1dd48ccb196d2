import type { Client } from 'discord.js'
import type { Logger } from '../lib/log.js'
import { LOCALES, type Locale } from '../i18n/index.js'
import type { CardEmojis, CardEmojisByLanguage } from '../render/emojis.js'
import { EMOJI_ART, emojiPng } from '../render/images/emoji-art.js'

/**
 * Uploads the card emojis as application emojis (an application may own 2,000; they work in every
 * server), once: an emoji already there under its name is reused, so a restart uploads nothing.
 * Each language gets every face: its own art where its letters differ (`card_QS_de`), the English
 * art elsewhere. Any failure leaves the bot on the text form ("K♦") — nothing else depends on the
 * emojis.
 */
export async function uploadCardEmojis(client: Client, log: Logger): Promise<CardEmojisByLanguage | null> {
  try {
    const app = client.application
    if (!app) throw new Error('the client has no application yet')
    const existing = new Map((await app.emojis.fetch()).map((e) => [e.name, e.id]))
    const byLocale = new Map<Locale, Map<(typeof EMOJI_ART)[number]['face'], { id: string; name: string }>>()
    let uploaded = 0
    for (const art of EMOJI_ART) {
      let id = existing.get(art.name)
      if (!id) {
        const attachment = `data:image/png;base64,${emojiPng(art).toString('base64')}`
        id = (await app.emojis.create({ attachment, name: art.name })).id
        uploaded++
      }
      // English art first: it is every language's emoji for a face that language letters alike.
      const ofLocale = byLocale.get(art.locale) ?? new Map(byLocale.get('en'))
      byLocale.set(art.locale, ofLocale.set(art.face, { id, name: art.name }))
    }
    const out = new Map<Locale, CardEmojis>(LOCALES.map((l) => [l, byLocale.get(l) ?? byLocale.get('en')!]))
    log.info({ emojis: EMOJI_ART.length, uploaded }, 'card emojis ready')
    return out
  } catch (error) {
    log.warn({ err: error }, 'card emojis unavailable: cards show as text')
    return null
  }
}
