import { MessageFlags, SlashCommandBuilder } from 'discord.js'
import { renderStats, statsChart } from '../messages/stats.js'
import type { Command } from './types.js'
import { named } from './localized.js'
import { memberLang, serverLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'

/** `/stats [member] [share]`: games played and won per game, net chips, Bugami points; private unless shared. */
export const stats: Command = {
  data: named(new SlashCommandBuilder(), 'stats')
    .addUserOption((o) => named(o, 'stats.member'))
    .addBooleanOption((o) => named(o, 'stats.share')),
  async execute(interaction, ctx) {
    const shared = interaction.options.getBoolean('share') ?? false
    await interaction.deferReply(shared ? {} : { flags: MessageFlags.Ephemeral })
    const userId = interaction.options.getUser('member')?.id ?? interaction.user.id
    const [rows, history] = await Promise.all([
      ctx.tables.stats(interaction.guildId, userId),
      ctx.tables.history(interaction.guildId, userId),
    ])
    // Shared stats speak the server's language, private ones the asker's.
    const lang = shared ? await serverLang(ctx, interaction.guildId, interaction.guildLocale) : memberLang(interaction)
    const images = (await ctx.tables.settings(interaction.guildId)).images
    await answer(interaction, renderStats(lang, userId, rows, shared, images ? statsChart(lang, history) : null))
  },
}
