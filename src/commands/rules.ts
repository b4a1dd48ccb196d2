import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { gameChoices } from './games.js'
import { showRules } from './flows.js'

/** `/rules <game>`; built when the commands are, so its choices list every registered game. */
export function rules(): Command {
  return {
    data: new SlashCommandBuilder()
      .setName('rules')
      .setDescription('How to play a game (only you see it)')
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('Which game')
          .setRequired(true)
          .addChoices(...gameChoices()),
      ),
    async execute(interaction, ctx) {
      await showRules(ctx, interaction, interaction.options.getString('game', true))
    },
  }
}
