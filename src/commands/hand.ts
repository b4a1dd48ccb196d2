import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { showHand } from './flows.js'
import { named } from './localized.js'

export const hand: Command = {
  data: named(new SlashCommandBuilder(), 'hand'),
  async execute(interaction, ctx) {
    await showHand(ctx, interaction, null)
  },
}
