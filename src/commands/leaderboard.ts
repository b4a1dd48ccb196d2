import { MessageFlags, SlashCommandBuilder } from 'discord.js'
import type { Lang } from '../i18n/index.js'
import { engineFor } from '../games/registry.js'
import { renderLeaderboard } from '../messages/general.js'
import { memberLang, serverLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { Command } from './types.js'
import { gameChoices, isGame } from './games.js'
import { named } from './localized.js'

/** `/leaderboard [game] [private]`; built when the commands are, so its choices list every registered game. */
export function leaderboard(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'leaderboard')
      .addStringOption((o) => named(o, 'leaderboard.game').addChoices(...gameChoices()))
      .addBooleanOption((o) => named(o, 'leaderboard.private')),
    async execute(interaction, ctx) {
      const game = interaction.options.getString('game')
      const privately = interaction.options.getBoolean('private') ?? false
      await interaction.deferReply(privately ? { flags: MessageFlags.Ephemeral } : {})
      const which = isGame(game) ? game : null
      const board = await ctx.tables.leaderboard(interaction.guildId, which, interaction.user.id)
      // A board shown to the channel speaks the server's language; a private one the asker's.
      const lang = privately
        ? memberLang(interaction)
        : await serverLang(ctx, interaction.guildId, interaction.guildLocale)
      await answer(
        interaction,
        renderLeaderboard(lang, board.entries, {
          game: which,
          unit: board.unit,
          viewer: board.viewer,
          private: privately,
          ...boardWords(lang, board.board, which === null ? '' : (engineFor(which)?.title ?? which)),
        }),
      )
    },
  }
}

/** What a board ranks by, in its title and first line: the chips board is wealth, not winnings. */
function boardWords(
  { t }: Lang,
  board: 'chips' | 'wins' | 'netChips' | 'points',
  game: string,
): { title?: string; about: string } {
  switch (board) {
    case 'chips':
      return { title: t('messages:leaderboard.richestTitle'), about: t('messages:leaderboard.richestAbout') }
    case 'points':
      return { about: t('messages:leaderboard.pointsAbout', { game }) }
    case 'netChips':
      return { about: t('messages:leaderboard.netChipsAbout', { game }) }
    case 'wins':
      return { about: t('messages:leaderboard.winsAbout', { game }) }
  }
}
