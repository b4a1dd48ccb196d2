import { SlashCommandSubcommandBuilder } from 'discord.js'
import { AI_NAMES } from '../../tables/ai-seats.js'
import { memberLang } from '../../discord/lang.js'
import { startAnswer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named, sameInAll } from '../localized.js'
import { settle } from '../settle.js'
import { tableHere } from '../table-here.js'
import { aiSeatName } from './ai-seat-name.js'

/** `/table remove-ai [name]`: the AI named, or the last one seated. */
export const removeAi: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.remove-ai').addStringOption((o) =>
    named(o, 'table.remove-ai.aiName').addChoices(...AI_NAMES.map((n) => sameInAll(n, n))),
  ),
  async execute(interaction, ctx) {
    const name = interaction.options.getString('name')
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (!table) return
    const result = await ctx.tables.removeAi(table.id, {
      userId: interaction.user.id,
      interactionId: interaction.id,
      ...(name ? { name } : {}),
    })
    const lang = memberLang(interaction)
    const done = lang.t('commands:replies.ai.removed', { ai: aiSeatName(lang, result, 'left') })
    if (await settle(ctx, interaction, result, done)) ctx.log.info({ tableId: table.id }, 'AI seat removed')
  },
}
