import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { gameChoices } from './games.js'
import { showRules } from './flows.js'
import { named } from './localized.js'

/** `/rules <game>`; built when the commands are, so its choices list every registered game. */
export function rules(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'rules').addStringOption((o) =>
      named(o, 'rules.game')
        .setRequired(true)
        .addChoices(...gameChoices()),
    ),
    async execute(interaction, ctx) {
      await showRules(ctx, interaction, interaction.options.getString('game', true))
    },
  }
}
