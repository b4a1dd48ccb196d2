import type { Client } from 'discord.js'
import { parseAiSeat } from '../tables/ai-seats.js'
import type { Payload } from '../render/payload.js'
import type { RenderTable } from '../render/types.js'
import { withImage } from '../render/images/attach.js'
import { handImage, handSceneOf, tableImage } from '../render/images/index.js'
import { emojiLine, withCardEmojis, type CardEmojis } from '../render/emojis.js'
import type { Lang } from '../i18n/index.js'

/**
 * The pictures on the bot's messages, when the server has images on. Names come from Discord's
 * cache (a picture cannot show a mention), an AI seat's from its id; a player the cache does not know reads "Seat N".
 */
function displayNames(lang: Lang, client: Client, guildId: string | undefined): (userId: string) => string | undefined {
  const guild = guildId ? client.guilds.cache.get(guildId) : undefined
  return (userId) => {
    const ai = parseAiSeat(userId)
    if (ai) return lang.t('table:images.ai', { name: ai.name })
    return guild?.members.cache.get(userId)?.displayName ?? client.users.cache.get(userId)?.username
  }
}

export function withTablePicture(lang: Lang, client: Client, table: RenderTable, p: Payload, on: boolean): Payload {
  return withImage(p, on ? tableImage(lang, table, displayNames(lang, client, table.guildId)) : null)
}

/** A seat's hand picture on its private view; spectators and seats out of the game get none. */
export function withHandPicture(
  lang: Lang,
  client: Client,
  table: RenderTable,
  userId: string,
  p: Payload,
  on: boolean,
): Payload {
  const seat = table.seats.find((s) => s.userId === userId)
  const playing = table.status === 'playing' && seat !== undefined && seat.position !== null
  const image = on && playing ? handImage(lang, table, seat.position, displayNames(lang, client, table.guildId)) : null
  return withImage(p, image)
}

/**
 * Card emojis on a seat's private view: on the card buttons and menu options, and the hand as a
 * line of emojis above the text (which stays, with every card named).
 */
export function withHandEmojis(
  lang: Lang,
  table: RenderTable,
  userId: string,
  p: Payload,
  emojis: CardEmojis | null,
): Payload {
  if (!emojis) return p
  const withControls = withCardEmojis(p, emojis)
  const seat = table.seats.find((s) => s.userId === userId)
  const [first, ...rest] = withControls.embeds ?? []
  if (table.status !== 'playing' || !seat || seat.position === null || !first) return withControls
  const line = emojiLine(handSceneOf(lang, table, seat.position)?.hand.map((h) => h.card) ?? [], emojis)
  if (!line || `${line}\n${first.description ?? ''}`.length > 4096) return withControls
  return { ...withControls, embeds: [{ ...first, description: `${line}\n${first.description ?? ''}` }, ...rest] }
}
