import type {
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  SlashCommandSubcommandBuilder,
} from 'discord.js'
import type { BotContext } from './context.js'

/** What a command's handler is given: a slash command used in a server. */
export type CommandInteraction = ChatInputCommandInteraction<'cached' | 'raw'>

/** One slash command: its definition for Discord and its handler (discord.js guide style). */
export interface Command {
  readonly data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody }
  execute(interaction: CommandInteraction, ctx: BotContext): Promise<void>
}

/** One subcommand of a command with several (`/table status`, `/table kick`, ...), in its own file. */
export interface Subcommand {
  readonly data: SlashCommandSubcommandBuilder
  execute(interaction: CommandInteraction, ctx: BotContext): Promise<void>
}
