import type { Lang } from '../i18n/index.js'
import type { TableSnapshot } from '../tables/index.js'
import type { Payload } from '../render/payload.js'
import { renderHandView } from '../messages/hand-view.js'
import { withHandEmojis, withHandPicture } from '../discord/pictures.js'
import type { BotContext } from './context.js'

/** A user's private view, with their hand's picture and card emojis as the server has them on. */
export async function handView(ctx: BotContext, table: TableSnapshot, userId: string, lang: Lang): Promise<Payload> {
  const [{ images, emojis }, automatic] = await Promise.all([
    ctx.tables.settings(table.guildId),
    ctx.tables.lastMoveAutomatic(table, userId),
  ])
  const text = withHandEmojis(
    renderHandView(lang, table, userId, ctx.clock.now(), automatic),
    emojis ? ctx.emojis(lang.locale) : null,
  )
  return withHandPicture(lang, ctx.client, table, userId, text, images)
}
