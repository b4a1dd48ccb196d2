import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { chipsBalance, chipsDaily, chipsGrant } from './flows.js'

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
    .addSubcommand((s) => s.setName('daily').setDescription('Claim your daily chips'))
    .addSubcommand((s) =>
      s
        .setName('grant')
        .setDescription('Give chips to a member (Manage Server)')
        .addUserOption((o) => o.setName('member').setDescription('Who receives the chips').setRequired(true))
        .addIntegerOption((o) =>
          o
            .setName('amount')
            .setDescription('How many chips')
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(1_000_000_000),
        ),
    ),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'balance':
        return chipsBalance(ctx, interaction, interaction.options.getUser('member')?.id ?? interaction.user.id)
      case 'daily':
        return chipsDaily(ctx, interaction)
      case 'grant':
        return chipsGrant(
          ctx,
          interaction,
          interaction.options.getUser('member', true).id,
          interaction.options.getInteger('amount', true),
        )
    }
  },
}
