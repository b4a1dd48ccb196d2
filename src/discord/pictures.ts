import type { Client } from 'discord.js'
import { parseAiSeat } from '../tables/ai-seats.js'
import type { Payload } from '../render/payload.js'
import type { RenderTable } from '../render/types.js'
import { withImage } from '../render/images/attach.js'
import { handImage, tableImage } from '../messages/pictures.js'
import { withCardEmojis, withCardEmojiText, type CardEmojis } from '../render/emojis.js'
import type { Lang } from '../i18n/index.js'
import { plainUserText } from '../render/user-text.js'

/**
 * The pictures on the bot's messages, when the server has images on. Names come from Discord's
 * cache (a picture cannot show a mention), an AI seat's from its id; a player the cache does not know reads "Seat N".
 */
function displayNames(lang: Lang, client: Client, guildId: string | undefined): (userId: string) => string | undefined {
  const guild = guildId ? client.guilds.cache.get(guildId) : undefined
  return (userId) => {
    const ai = parseAiSeat(userId)
    if (ai) return lang.t('table:images.ai', { name: ai.name })
    const name = guild?.members.cache.get(userId)?.displayName ?? client.users.cache.get(userId)?.username
    // Drawn as plain text: no invisible characters, at most a display name's 32 characters.
    return name === undefined ? undefined : plainUserText(name, 32, '')
  }
}

/** A picture that could not be drawn (its drawing thread died) leaves the message text only, which is complete. */
const none = () => null

export async function withTablePicture(
  lang: Lang,
  client: Client,
  table: RenderTable,
  p: Payload,
  on: boolean,
): Promise<Payload> {
  return withImage(p, on ? await tableImage(lang, table, displayNames(lang, client, table.guildId)).catch(none) : null)
}

/** A seat's hand picture on its private view; spectators and seats out of the game get none. */
export async function withHandPicture(
  lang: Lang,
  client: Client,
  table: RenderTable,
  userId: string,
  p: Payload,
  on: boolean,
): Promise<Payload> {
  const seat = table.seats.find((s) => s.userId === userId)
  const playing = table.status === 'playing' && seat !== undefined && seat.position !== null
  const image =
    on && playing
      ? await handImage(lang, table, seat.position, displayNames(lang, client, table.guildId)).catch(none)
      : null
  return withImage(p, image)
}

/**
 * Card emojis on a private view: on the card buttons and menu options, and before every card its
 * text names (the hand, the trick, the trump card), the names staying.
 */
export function withHandEmojis(p: Payload, emojis: CardEmojis | null): Payload {
  return withCardEmojiText(withCardEmojis(p, emojis), emojis)
}
