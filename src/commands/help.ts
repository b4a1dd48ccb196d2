import { SlashCommandBuilder } from 'discord.js'
import { renderHelp } from '../messages/general.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { Command } from './types.js'
import { named } from './localized.js'

/** `/help`: what the bot does and its commands, privately. */
export const help: Command = {
  data: named(new SlashCommandBuilder(), 'help'),
  async execute(interaction) {
    await answer(interaction, renderHelp(memberLang(interaction)))
  },
}
