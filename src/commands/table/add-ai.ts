import { SlashCommandSubcommandBuilder, type RepliableInteraction } from 'discord.js'
import { AI_LEVELS, type AiLevel } from '../../ai/budget.js'
import { memberLang } from '../../discord/lang.js'
import { startAnswer } from '../../discord/private-answer.js'
import type { BotContext } from '../context.js'
import type { Subcommand } from '../types.js'
import { choice, named } from '../localized.js'
import { settleEither } from '../settle.js'
import { tableHere } from '../table-here.js'
import { aiSeatName } from './ai-seat-name.js'

/** `/table add-ai [level]`: seats an AI player at this channel's table, in its lobby. */
export const addAi: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.add-ai').addStringOption((o) =>
    named(o, 'table.add-ai.level').addChoices(...AI_LEVELS.map((l) => choice('table.add-ai.level.choices', l))),
  ),
  async execute(interaction, ctx) {
    const level = (interaction.options.getString('level') ?? 'normal') as AiLevel
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (table) await seatAi(ctx, interaction, table.id, level)
  },
}

/** Seats an AI player of `level` (`/table add-ai`, the lobby's Add AI button); the service checks who may. */
export async function seatAi(
  ctx: BotContext,
  interaction: RepliableInteraction,
  tableId: string,
  level: AiLevel,
): Promise<void> {
  const result = await ctx.tables.addAi(tableId, { userId: interaction.user.id, level, interactionId: interaction.id })
  const lang = memberLang(interaction)
  const done = lang.t('commands:replies.ai.added', {
    ai: aiSeatName(lang, result, 'joined'),
    level: lang.t(`commands:replies.ai.levels.${level}`),
  })
  if (await settleEither(ctx, interaction, result, done)) ctx.log.info({ tableId, level }, 'AI seat added')
}
