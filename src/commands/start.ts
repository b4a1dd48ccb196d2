import { SlashCommandBuilder, type ChatInputCommandInteraction, type SlashCommandSubcommandBuilder } from 'discord.js'
import { describeOptions, type OptionSpec } from '../games/core/options.js'
import type { AnyGameModule } from '../render/games/module.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { addBreakOption, addDeadlineOption, addEndsOption, engineOptionsFrom, slashOptionName } from './options.js'
import { startTable } from './flows.js'

const DESCRIPTION_MAX = 100

/** "(default 250)", "(default off)"; stakes options follow the server's stakes instead. */
function defaultText(spec: OptionSpec, module: AnyGameModule): string {
  if (module.engine.table.stakeOptions.includes(spec.name)) return "(default: from the server's stakes)"
  if (spec.kind === 'boolean') return `(default ${spec.default ? 'on' : 'off'})`
  const names = module.command.choiceNames?.[spec.name]
  return `(default ${names?.[String(spec.default)] ?? String(spec.default)})`
}

function addOption(sub: SlashCommandSubcommandBuilder, spec: OptionSpec, module: AnyGameModule): void {
  const name = slashOptionName(spec.name)
  const description = `${spec.description} ${defaultText(spec, module)}`.slice(0, DESCRIPTION_MAX)
  const names = module.command.choiceNames?.[spec.name] ?? {}
  const choice = <T extends string | number>(value: T) => ({ name: names[String(value)] ?? String(value), value })
  switch (spec.kind) {
    case 'boolean':
      sub.addBooleanOption((o) => o.setName(name).setDescription(description))
      return
    case 'string':
      sub.addStringOption((o) =>
        o
          .setName(name)
          .setDescription(description)
          .addChoices(...spec.choices.map(choice)),
      )
      return
    case 'integer':
      sub.addIntegerOption((o) => {
        o.setName(name).setDescription(description)
        if (spec.choices) return o.addChoices(...spec.choices.map(choice))
        if (spec.min !== undefined) o.setMinValue(spec.min)
        if (spec.max !== undefined) o.setMaxValue(spec.max)
        return o
      })
  }
}

/** Chip games: what each player brings to the table (a table setting, not an engine option). */
function addBuyIn(sub: SlashCommandSubcommandBuilder): void {
  sub.addIntegerOption((o) =>
    o
      .setName('buy_in')
      .setDescription('Chips each player brings to the table (default: server setting)')
      .setMinValue(1)
      .setMaxValue(10_000_000),
  )
}

/**
 * `/<game> start`: one command per game, its options generated from the engine's options schema
 * (names in snake case, descriptions, bounds, choices and defaults), so help, engine and
 * command cannot disagree; then the buy-in (chip games) and the turn deadline.
 */
export function startCommand(module: AnyGameModule): Command {
  const { engine, command } = module
  const hidden = new Set<string>(command.hidden ?? [])
  const data = new SlashCommandBuilder()
    .setName(engine.id)
    .setDescription(command.description)
    .addSubcommand((sub) => {
      sub.setName('start').setDescription(`Open a ${engine.id} table in this channel`)
      if (engine.usesChips) addBuyIn(sub)
      for (const spec of describeOptions(engine.optionsSchema)) if (!hidden.has(spec.name)) addOption(sub, spec, module)
      // Tables that deal game after game can agree on an end, and pause between games.
      if (engine.table.betweenGames) addBreakOption(addEndsOption(sub))
      return addDeadlineOption(sub)
    })
  return {
    data,
    async execute(interaction: ChatInputCommandInteraction, ctx: BotContext) {
      const given = engineOptionsFrom(interaction)
      await startTable(ctx, interaction, {
        game: engine.id,
        options: command.derive ? command.derive(given) : given,
        deadline: interaction.options.getString('deadline'),
        buyIn: interaction.options.getInteger('buy_in'),
        ends: interaction.options.getString('ends'),
        breakMinutes: interaction.options.getInteger('break'),
      })
    },
  }
}
