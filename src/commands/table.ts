import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { endTable, kickPlayer, leaveTable, tableStatus } from './flows.js'
import { tableLog } from './table-log.js'

export const table: Command = {
  data: new SlashCommandBuilder()
    .setName('table')
    .setDescription('The table in this channel')
    .addSubcommand((s) => s.setName('status').setDescription('Show the table in this channel (only to you)'))
    .addSubcommand((s) =>
      s
        .setName('log')
        .setDescription('The last finished game here as a scenario file for the replay tool (only to you)'),
    )
    .addSubcommand((s) =>
      s.setName('leave').setDescription('Leave the table in this channel (mid-game your seat is auto-played or folds)'),
    )
    .addSubcommand((s) =>
      s.setName('end').setDescription('End the table: chips go back to the players (creator or Manage Server)'),
    )
    .addSubcommand((s) =>
      s
        .setName('kick')
        .setDescription('Remove a player from the table (creator or Manage Server)')
        .addUserOption((o) => o.setName('player').setDescription('Who to remove').setRequired(true)),
    ),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'status':
        return tableStatus(ctx, interaction)
      case 'log':
        return tableLog(ctx, interaction)
      case 'leave':
        return leaveTable(ctx, interaction)
      case 'end':
        return endTable(ctx, interaction)
      case 'kick':
        return kickPlayer(ctx, interaction, interaction.options.getUser('player', true).id)
    }
  },
}
