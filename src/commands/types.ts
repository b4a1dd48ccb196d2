import type { ChatInputCommandInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js'
import type { BotContext } from './context.js'

/** One slash command: its definition for Discord and its handler (discord.js guide style). */
export interface Command {
  readonly data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody }
  execute(interaction: ChatInputCommandInteraction<'cached' | 'raw'>, ctx: BotContext): Promise<void>
}
