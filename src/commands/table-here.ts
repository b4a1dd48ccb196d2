import type { RepliableInteraction } from 'discord.js'
import type { TableSnapshot } from '../tables/index.js'
import { REFUSALS } from '../messages/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'

/** The open table of the command's channel; without one, the member is told so (null). */
export async function tableHere(ctx: BotContext, interaction: RepliableInteraction): Promise<TableSnapshot | null> {
  const table = await ctx.tables.inChannel(interaction.guildId!, interaction.channelId!)
  if (!table) await answer(interaction, REFUSALS.noTable(memberLang(interaction)))
  return table
}
