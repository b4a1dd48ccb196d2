import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js'
import { InteractionContextType } from 'discord.js'
import type { Command } from './types.js'
import { bugami } from './bugami.js'
import { bura } from './bura.js'
import { badugi } from './badugi.js'
import { hand } from './hand.js'
import { table } from './table.js'
import { chips } from './chips.js'
import { settings } from './settings.js'
import { leaderboard } from './leaderboard.js'
import { rules } from './rules.js'
import { help } from './help.js'

export const COMMANDS: readonly Command[] = [
  bugami,
  bura,
  badugi,
  hand,
  table,
  chips,
  leaderboard,
  settings,
  rules,
  help,
]

export function commandByName(name: string): Command | undefined {
  return COMMANDS.find((c) => c.data.name === name)
}

/** What Discord registers: every command, offered in servers only (tables live in channels). */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return COMMANDS.map((c) => ({ ...c.data.toJSON(), contexts: [InteractionContextType.Guild] }))
}
