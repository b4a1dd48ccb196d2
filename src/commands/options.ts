import type { ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from 'discord.js'
import { engineOptionName } from '../games/core/options.js'
import { named } from './localized.js'

/** The agreed end: a table setting of the chip games played game after game (Bura, Badugi). */
export function addEndsOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) => named(o, 'start.ends'))
}

/** The break between two games (Bura, Badugi), in whole minutes: then the next game is dealt by itself. */
export function addBreakOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) => named(o, 'start.break').setMinValue(0).setMaxValue(60))
}

/** The turn deadline option every start command has. */
export function addDeadlineOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) => named(o, 'start.deadline'))
}

const TABLE_LEVEL = new Set(['deadline', 'buy_in', 'ends', 'break'])

/** The options given to a start subcommand that belong to the engine (not deadline or buy-in), by engine name. */
export function engineOptionsFrom(interaction: ChatInputCommandInteraction): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const sub = interaction.options.data[0]
  for (const o of sub?.options ?? []) {
    if (!TABLE_LEVEL.has(o.name) && o.value !== undefined) out[engineOptionName(o.name)] = o.value
  }
  return out
}
