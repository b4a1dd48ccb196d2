import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { chipsGrant } from './flows.js'

/**
 * `/chips-admin grant`: its own top-level command because Discord sets who sees a command per
 * top-level command (`default_member_permissions`); members without Manage Server never see it.
 */
export const chipsAdmin: Command = {
  data: new SlashCommandBuilder()
    .setName('chips-admin')
    .setDescription('Give chips to members (Manage Server)')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s
        .setName('grant')
        .setDescription('Give chips to a member')
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
    return chipsGrant(
      ctx,
      interaction,
      interaction.options.getUser('member', true).id,
      interaction.options.getInteger('amount', true),
    )
  },
}
