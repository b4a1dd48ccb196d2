import { SlashCommandBuilder, type RepliableInteraction } from 'discord.js'
import { renderRefusal } from '../render/refusals.js'
import { renderRules } from '../messages/general.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { Command } from './types.js'
import { gameChoices, isGame } from './games.js'
import { named } from './localized.js'

/** `/rules <game>`; built when the commands are, so its choices list every registered game. */
export function rules(): Command {
  return {
    data: named(new SlashCommandBuilder(), 'rules').addStringOption((o) =>
      named(o, 'rules.game')
        .setRequired(true)
        .addChoices(...gameChoices()),
    ),
    async execute(interaction) {
      await showRules(interaction, interaction.options.getString('game', true))
    },
  }
}

/** A game's rules, privately (`/rules` and a table's Rules button); an unknown game names the known ones. */
export async function showRules(interaction: RepliableInteraction, game: string): Promise<void> {
  const lang = memberLang(interaction)
  if (!isGame(game))
    return answer(
      interaction,
      renderRefusal(lang.t('commands:replies.rulesOf', { games: lang.list(gameChoices().map((c) => c.value)) })),
    )
  await answer(interaction, renderRules(game, lang))
}
