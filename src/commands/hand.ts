import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { showHand } from './flows.js'

export const hand: Command = {
  data: new SlashCommandBuilder()
    .setName('hand')
    .setDescription('Your own view of the table in this channel (only you see it)'),
  async execute(interaction, ctx) {
    await showHand(ctx, interaction, null)
  },
}
