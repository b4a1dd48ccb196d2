import { MessageFlags, SlashCommandBuilder } from 'discord.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import { renderRating } from '../messages/ratings.js'
import { gameChoices, isGame } from './games.js'
import { named } from './localized.js'
import type { Command } from './types.js'

/** `/rating [member] [game]`: skill ratings (docs/ratings.md), answered privately in the asker's language. */
export function rating(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'rating')
      .addUserOption((o) => named(o, 'rating.member'))
      .addStringOption((o) => named(o, 'rating.game').addChoices(...gameChoices())),
    async execute(interaction, ctx) {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral })
      const userId = interaction.options.getUser('member')?.id ?? interaction.user.id
      const chosen = interaction.options.getString('game')
      const game = isGame(chosen) ? chosen : null
      const ratings = await ctx.tables.ratings(interaction.guildId, userId, game)
      await answer(interaction, renderRating(memberLang(interaction), userId, ratings, game))
    },
  }
}
