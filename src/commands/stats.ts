import { MessageFlags, SlashCommandBuilder } from 'discord.js'
import { forUpdate } from '../render/payload.js'
import { renderStats } from '../render/stats.js'
import type { Command } from './types.js'

/** `/stats [member] [share]`: games played and won per game, net chips, Bugami points; private unless shared. */
export const stats: Command = {
  data: new SlashCommandBuilder()
    .setName('stats')
    .setDescription('Games played and won, net chips and points at this server')
    .addUserOption((o) => o.setName('member').setDescription('Whose stats (default: yours)'))
    .addBooleanOption((o) => o.setName('share').setDescription('Show them to the channel (default: only you)')),
  async execute(interaction, ctx) {
    const shared = interaction.options.getBoolean('share') ?? false
    await interaction.deferReply(shared ? {} : { flags: MessageFlags.Ephemeral })
    const userId = interaction.options.getUser('member')?.id ?? interaction.user.id
    const rows = await ctx.tables.stats(interaction.guildId, userId)
    await interaction.editReply(forUpdate(renderStats(userId, rows, shared)))
  },
}
