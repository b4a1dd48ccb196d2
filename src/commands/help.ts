import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { showHelp } from './flows.js'
import { named } from './localized.js'

export const help: Command = {
  data: named(new SlashCommandBuilder(), 'help'),
  async execute(interaction, ctx) {
    await showHelp(ctx, interaction)
  },
}
