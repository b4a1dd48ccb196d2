import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { showHelp } from './flows.js'

export const help: Command = {
  data: new SlashCommandBuilder().setName('help').setDescription('What this bot does and how to start a game'),
  async execute(interaction, ctx) {
    await showHelp(ctx, interaction)
  },
}
