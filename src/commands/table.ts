import { SlashCommandBuilder } from 'discord.js'
import type { Command } from './types.js'
import { AI_LEVELS, type AiLevel } from '../ai/budget.js'
import { AI_NAMES } from '../tables/ai-seats.js'
import { endTable, kickPlayer, leaveTable, tableStatus } from './flows.js'
import { tableLog } from './table-log.js'
import { addAiByCommand, removeAiByCommand } from './ai-seats.js'
import { choice, named, sameInAll } from './localized.js'

export const table: Command = {
  data: named(new SlashCommandBuilder(), 'table')
    .addSubcommand((s) => named(s, 'table.status'))
    .addSubcommand((s) => named(s, 'table.log'))
    .addSubcommand((s) => named(s, 'table.leave'))
    .addSubcommand((s) => named(s, 'table.end'))
    .addSubcommand((s) => named(s, 'table.kick').addUserOption((o) => named(o, 'table.kick.player').setRequired(true)))
    .addSubcommand((s) =>
      named(s, 'table.add-ai').addStringOption((o) =>
        named(o, 'table.add-ai.level').addChoices(...AI_LEVELS.map((l) => choice('table.add-ai.level.choices', l))),
      ),
    )
    .addSubcommand((s) =>
      named(s, 'table.remove-ai').addStringOption((o) =>
        named(o, 'table.remove-ai.aiName').addChoices(...AI_NAMES.map((n) => sameInAll(n, n))),
      ),
    ),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'status':
        return tableStatus(ctx, interaction)
      case 'log':
        return tableLog(ctx, interaction)
      case 'leave':
        return leaveTable(ctx, interaction)
      case 'end':
        return endTable(ctx, interaction)
      case 'kick':
        return kickPlayer(ctx, interaction, interaction.options.getUser('player', true).id)
      case 'add-ai':
        return addAiByCommand(ctx, interaction, (interaction.options.getString('level') ?? 'normal') as AiLevel)
      case 'remove-ai':
        return removeAiByCommand(ctx, interaction, interaction.options.getString('name'))
    }
  },
}
