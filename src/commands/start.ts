import { SlashCommandBuilder, type ChatInputCommandInteraction, type SlashCommandSubcommandBuilder } from 'discord.js'
import type { GameId } from '../games/core/engine.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { addDeadlineOption, engineOptionsFrom } from './options.js'
import { startTable } from './flows.js'

/**
 * `/<game> start`: one command per game, each with that game's table options. The option names are
 * the engine's option names in snake case, so they pass straight to the engine's optionsSchema.
 */
export function startCommand(
  game: GameId,
  description: string,
  addOptions: (sub: SlashCommandSubcommandBuilder) => SlashCommandSubcommandBuilder,
  /** Options the command derives from the ones given (the engine still validates the result). */
  derive: (options: Record<string, unknown>) => Record<string, unknown> = (o) => o,
): Command {
  const data = new SlashCommandBuilder()
    .setName(game)
    .setDescription(description)
    .addSubcommand((sub) =>
      addDeadlineOption(addOptions(sub.setName('start').setDescription(`Open a ${game} table in this channel`))),
    )
  return {
    data,
    async execute(interaction: ChatInputCommandInteraction, ctx: BotContext) {
      await startTable(ctx, interaction, {
        game,
        options: derive(engineOptionsFrom(interaction)),
        deadline: interaction.options.getString('deadline'),
        buyIn: interaction.options.getInteger('buy_in'),
        ends: interaction.options.getString('ends'),
      })
    },
  }
}
