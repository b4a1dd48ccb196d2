import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { chipsBalance, chipsDaily } from './flows.js'
import { named } from './localized.js'

export const chips: Command = {
  data: named(new SlashCommandBuilder(), 'chips')
    .addSubcommand((s) => named(s, 'chips.balance').addUserOption((o) => named(o, 'chips.balance.member')))
    .addSubcommand((s) => named(s, 'chips.daily')),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'balance':
        return chipsBalance(ctx, interaction, interaction.options.getUser('member')?.id ?? interaction.user.id)
      case 'daily':
        return chipsDaily(ctx, interaction)
    }
  },
}
