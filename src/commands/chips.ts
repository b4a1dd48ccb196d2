import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { chipsBalance, chipsDaily } from './flows.js'

export const chips: Command = {
  data: new SlashCommandBuilder()
    .setName('chips')
    .setDescription('Your chips in this server')
    .addSubcommand((s) =>
      s
        .setName('balance')
        .setDescription('Show a chip balance (yours by default)')
        .addUserOption((o) => o.setName('member').setDescription('Whose balance')),
    )
    .addSubcommand((s) => s.setName('daily').setDescription('Claim your daily chips')),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'balance':
        return chipsBalance(ctx, interaction, interaction.options.getUser('member')?.id ?? interaction.user.id)
      case 'daily':
        return chipsDaily(ctx, interaction)
    }
  },
}
