import { MessageFlags, SlashCommandBuilder } from 'discord.js'
import type { Lang } from '../i18n/index.js'
import { engineFor } from '../games/registry.js'
import { renderLeaderboard } from '../messages/general.js'
import { memberLang, serverLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { Command } from './types.js'
import { gameChoices, isGame } from './games.js'
import { choice, named } from './localized.js'
import { renderRefusal } from '../render/refusals.js'
import type { BotContext } from './context.js'

/** `/leaderboard [game] [private]`; built when the commands are, so its choices list every registered game. */
export function leaderboard(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'leaderboard')
      .addStringOption((o) => named(o, 'leaderboard.game').addChoices(...gameChoices()))
      .addStringOption((o) =>
        named(o, 'leaderboard.board').addChoices(
          choice('leaderboard.board', 'results'),
          choice('leaderboard.board', 'skill'),
        ),
      )
      .addBooleanOption((o) => named(o, 'leaderboard.private')),
    async execute(interaction, ctx) {
      const game = interaction.options.getString('game')
      const privately = interaction.options.getBoolean('private') ?? false
      const which = isGame(game) ? game : null
      const skill = interaction.options.getString('board') === 'skill'
      if (skill && which === null) {
        await interaction.deferReply({ flags: MessageFlags.Ephemeral })
        return answer(interaction, renderRefusal(memberLang(interaction).t('commands:replies.skillNeedsGame')))
      }
      await interaction.deferReply(privately ? { flags: MessageFlags.Ephemeral } : {})
      if (skill && which !== null) return skillBoard(interaction, ctx, which, privately)
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

/** The skill board of one game (docs/ratings.md): ratings, provisional ones marked. */
async function skillBoard(
  interaction: Parameters<Command['execute']>[0],
  ctx: BotContext,
  game: string,
  privately: boolean,
): Promise<void> {
  const board = await ctx.tables.skillBoard(interaction.guildId, game, interaction.user.id)
  const lang = privately ? memberLang(interaction) : await serverLang(ctx, interaction.guildId, interaction.guildLocale)
  const title = engineFor(game)?.title ?? game
  await answer(
    interaction,
    renderLeaderboard(
      lang,
      board.rows.map((r) => ({ userId: r.userId, value: r.score, provisional: r.provisional })),
      {
        game,
        unit: 'rating',
        viewer: { userId: interaction.user.id, rank: board.caller?.rank ?? null, value: board.caller?.score ?? null },
        private: privately,
        title: lang.t('messages:leaderboard.skillTitle', { game: title }),
        about: lang.t('messages:leaderboard.skillAbout', { game: title }),
      },
    ),
  )
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
