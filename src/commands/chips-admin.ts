import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { chipsGrant } from './flows.js'
import { named } from './localized.js'

/**
 * `/chips-admin grant`: its own top-level command because Discord sets who sees a command per
 * top-level command (`default_member_permissions`); members without Manage Server never see it.
 */
export const chipsAdmin: Command = {
  data: named(new SlashCommandBuilder(), 'chips-admin')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      named(s, 'chips-admin.grant')
        .addUserOption((o) => named(o, 'chips-admin.grant.member').setRequired(true))
        .addIntegerOption((o) =>
          named(o, 'chips-admin.grant.amount').setRequired(true).setMinValue(1).setMaxValue(1_000_000_000),
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
