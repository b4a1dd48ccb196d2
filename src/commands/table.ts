import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { AI_LEVELS, type AiLevel } from '../ai/budget.js'
import { AI_NAMES } from '../tables/ai-seats.js'
import { endTable, kickPlayer, leaveTable, tableStatus } from './flows.js'
import { tableLog } from './table-log.js'
import { addAiByCommand, removeAiByCommand } from './ai-seats.js'

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
    )
    .addSubcommand((s) =>
      s
        .setName('add-ai')
        .setDescription('Seat an AI player in the lobby (host only; makes it a practice table: no real chips)')
        .addStringOption((o) =>
          o
            .setName('level')
            .setDescription('How well it plays (default normal)')
            .addChoices(...AI_LEVELS.map((l) => ({ name: l, value: l }))),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('remove-ai')
        .setDescription('Remove an AI player from the lobby (host only): the one named, or the last one')
        .addStringOption((o) =>
          o
            .setName('name')
            .setDescription('Which AI player')
            .addChoices(...AI_NAMES.map((n) => ({ name: n, value: n }))),
        ),
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
      case 'add-ai':
        return addAiByCommand(ctx, interaction, (interaction.options.getString('level') ?? 'normal') as AiLevel)
      case 'remove-ai':
        return removeAiByCommand(ctx, interaction, interaction.options.getString('name'))
    }
  },
}
