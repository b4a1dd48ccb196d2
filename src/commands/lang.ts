import type { Interaction } from 'discord.js'
import { langOf, localeOfDiscord, type Lang } from '../i18n/index.js'
import type { BotContext } from './context.js'

/** The language of a private answer: the member's Discord client language. */
export const memberLang = (interaction: Pick<Interaction, 'locale'>): Lang =>
  langOf(localeOfDiscord(interaction.locale))

/**
 * The language of a server's public messages: `/settings set language`, else German when the
 * server's Discord language is German (an interaction's `guildLocale`, or the cached guild's
 * preferred locale), else English.
 */
export async function serverLang(
  ctx: Pick<BotContext, 'tables' | 'client'>,
  guildId: string,
  guildLocale?: string | null,
): Promise<Lang> {
  const chosen = (await ctx.tables.settings(guildId)).language
  if (chosen) return langOf(chosen)
  return langOf(localeOfDiscord(guildLocale ?? ctx.client.guilds.cache.get(guildId)?.preferredLocale))
}
