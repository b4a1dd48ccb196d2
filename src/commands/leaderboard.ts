import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { GAME_CHOICES } from './games.js'
import { showLeaderboard } from './flows.js'

export const leaderboard: Command = {
  data: new SlashCommandBuilder()
    .setName('leaderboard')
    .setDescription("This server's leaderboard: chips, or one game")
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription('Which game (default: chips)')
        .addChoices(...GAME_CHOICES),
    ),
  async execute(interaction, ctx) {
    await showLeaderboard(ctx, interaction, interaction.options.getString('game'))
  },
}
