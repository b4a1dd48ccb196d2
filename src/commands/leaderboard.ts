import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { gameChoices } from './games.js'
import { showLeaderboard } from './flows.js'
import { named } from './localized.js'

/** `/leaderboard [game]`; built when the commands are, so its choices list every registered game. */
export function leaderboard(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'leaderboard')
      .addStringOption((o) => named(o, 'leaderboard.game').addChoices(...gameChoices()))
      .addBooleanOption((o) => named(o, 'leaderboard.private')),
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
