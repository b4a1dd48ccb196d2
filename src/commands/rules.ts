import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { GAME_CHOICES } from './games.js'
import { showRules } from './flows.js'

export const rules: Command = {
  data: new SlashCommandBuilder()
    .setName('rules')
    .setDescription('How to play a game (only you see it)')
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription('Which game')
        .setRequired(true)
        .addChoices(...GAME_CHOICES),
    ),
  async execute(interaction, ctx) {
    await showRules(ctx, interaction, interaction.options.getString('game', true))
  },
}
