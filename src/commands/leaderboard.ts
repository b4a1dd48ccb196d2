import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { gameChoices } from './games.js'
import { showLeaderboard } from './flows.js'

/** `/leaderboard [game]`; built when the commands are, so its choices list every registered game. */
export function leaderboard(): Command {
  return {
    data: new SlashCommandBuilder()
      .setName('leaderboard')
      .setDescription("This server's leaderboard: chips, or one game")
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('Which game (default: chips)')
          .addChoices(...gameChoices()),
      )
      .addBooleanOption((o) => o.setName('private').setDescription('Only you see the board (default: the channel)')),
    async execute(interaction, ctx) {
      await showLeaderboard(
        ctx,
        interaction,
        interaction.options.getString('game'),
        interaction.options.getBoolean('private') ?? false,
      )
    },
  }
}
