import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js'
import { InteractionContextType } from 'discord.js'
import { gameModules } from '../games/registry.js'
import type { Command } from './types.js'
import { startCommand } from './start.js'
import { hand } from './hand.js'
import { table } from './table.js'
import { chips } from './chips.js'
import { chipsAdmin } from './chips-admin.js'
import { settings } from './settings.js'
import { leaderboard } from './leaderboard.js'
import { rules } from './rules.js'
import { stats } from './stats.js'
import { rating } from './rating.js'
import { help } from './help.js'

let built: { games: number; commands: readonly Command[] } | null = null

/** Every command: one `/<game> start` per registered game, then the bot's own commands. */
export function commands(): readonly Command[] {
  const games = gameModules()
  // Built once; again only if a game was registered since (tests add a toy game before starting the bot).
  if (built?.games !== games.length) built = { games: games.length, commands: build() }
  return built.commands
}

function build(): readonly Command[] {
  return [
    ...gameModules().map(startCommand),
    hand,
    table,
    chips,
    chipsAdmin,
    stats,
    leaderboard(),
    rating(),
    settings,
    rules(),
    help,
  ]
}

export function commandByName(name: string): Command | undefined {
  return commands().find((c) => c.data.name === name)
}

/** What Discord registers: every command, offered in servers only (tables live in channels). */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands().map((c) => ({ ...c.data.toJSON(), contexts: [InteractionContextType.Guild] }))
}
