import type { Client, Interaction } from 'discord.js'
import { langOf, localeOfDiscord, type Lang } from '../i18n/index.js'
import type { GuildSettingsValue } from '../store/index.js'
import type { TableService } from '../tables/index.js'

/** The language of a private answer: the member's Discord client language. */
export const memberLang = (interaction: Pick<Interaction, 'locale'>): Lang =>
  langOf(localeOfDiscord(interaction.locale))

/**
 * The language of a server's public messages: `/settings set language`, else German when the
 * server's Discord language is German (an interaction's `guildLocale`, or the cached guild's
 * preferred locale), else English.
 */
export async function serverLang(
  ctx: { readonly tables: Pick<TableService, 'settings'>; readonly client: Client },
  guildId: string,
  guildLocale?: string | null,
): Promise<Lang> {
  return serverLangOf(ctx.client, guildId, await ctx.tables.settings(guildId), guildLocale)
}

/** `serverLang` from the server's settings already read. */
export function serverLangOf(
  client: Client,
  guildId: string,
  settings: Pick<GuildSettingsValue, 'language'>,
  guildLocale?: string | null,
): Lang {
  if (settings.language) return langOf(settings.language)
  return langOf(localeOfDiscord(guildLocale ?? client.guilds.cache.get(guildId)?.preferredLocale))
}
