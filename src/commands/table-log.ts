import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js'
import { gameModule } from '../registry.js'
import { REFUSALS } from '../render/messages.js'
import { ephemeral, forUpdate, type Payload } from '../render/payload.js'
import type { BotContext } from './context.js'
import type { Lang } from '../i18n/index.js'
import { memberLang } from './lang.js'

/**
 * `/table log`: the last finished game of this channel's table (or of the last table that ended
 * here) as a scenario file for `npm run replay`, privately. A game still in play is never in it.
 */
export async function tableLog(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral })
  const log = await ctx.tables.gameLog(interaction.guildId!, interaction.channelId)
  const lang = memberLang(interaction)
  await interaction.editReply(forUpdate(log ? logPayload(lang, log.table, log.finished) : REFUSALS.noTable(lang)))
}

function logPayload(
  { t }: Lang,
  table: { id: string; game: string; status: string; gamesPlayed: number },
  finished: { scenario: unknown } | null,
): Payload {
  // Games dealt in hands (Badugi) say "hand": the texts have a `_hand` form.
  const context = gameModule(table.game)?.rules.gameWord
  const open = table.status === 'lobby' || table.status === 'playing'
  const later = open ? t('commands:replies.log.later', { context }) : ''
  if (!finished) return ephemeral({ content: t('commands:replies.log.none', { context, later }) })
  const name = `${table.game}-${table.id}.json`
  return ephemeral({
    content: t('commands:replies.log.file', { context, later, name }),
    files: [
      {
        attachment: Buffer.from(`${JSON.stringify(finished.scenario, null, 2)}\n`),
        name,
        description: t('commands:replies.log.description', { context, game: table.game }),
      },
    ],
  })
}
