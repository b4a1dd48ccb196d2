import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js'
import { gameModule } from '../registry.js'
import { REFUSALS } from '../render/messages.js'
import { ephemeral, forUpdate, type Payload } from '../render/payload.js'
import type { BotContext } from './context.js'

/**
 * `/table log`: the last finished game of this channel's table (or of the last table that ended
 * here) as a scenario file for `npm run replay`, privately. A game still in play is never in it.
 */
export async function tableLog(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral })
  const log = await ctx.tables.gameLog(interaction.guildId!, interaction.channelId)
  await interaction.editReply(forUpdate(log ? logPayload(log.table, log.finished) : REFUSALS.noTable()))
}

function logPayload(
  table: { id: string; game: string; status: string; gamesPlayed: number },
  finished: { scenario: unknown } | null,
): Payload {
  const word = gameModule(table.game)?.rules.gameWord ?? 'game'
  const open = table.status === 'lobby' || table.status === 'playing'
  const later = open
    ? ` The ${word} in play, and a ${word} dealt on from the same shuffle as the next one, are written out once the shuffle is done with (the players change, or the table ends).`
    : ''
  if (!finished) return ephemeral({ content: `There is no finished ${word} of this table to write out yet.${later}` })
  const name = `${table.game}-${table.id}.json`
  return ephemeral({
    content: `The last finished ${word} of this table as a scenario file: \`npm run --silent replay -- ${name}\` plays it again.${later}`,
    files: [
      {
        attachment: Buffer.from(`${JSON.stringify(finished.scenario, null, 2)}\n`),
        name,
        description: `Scenario file of a ${table.game} ${word}`,
      },
    ],
  })
}
