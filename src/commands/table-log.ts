import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js'
import { gameModule } from '../registry.js'
import { REFUSALS } from '../messages/refusals.js'
import { ephemeral, forUpdate, type Payload } from '../render/payload.js'
import type { GameFile } from '../tables/scenario/index.js'
import type { BotContext } from './context.js'
import type { Lang } from '../i18n/index.js'
import { memberLang } from '../discord/lang.js'

/**
 * `/table log`: the current or last game of this channel's table (or of the last table that ended
 * here) as a scenario file for `npm run replay`, privately, with nothing the asker has not seen.
 */
export async function tableLog(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral })
  const log = await ctx.tables.gameLog(interaction.guildId!, interaction.channelId, interaction.user.id)
  const lang = memberLang(interaction)
  await interaction.editReply(forUpdate(log ? logPayload(lang, log.table, log.file) : REFUSALS.noTable(lang)))
}

function logPayload({ t }: Lang, table: { id: string; game: string }, file: GameFile | null): Payload {
  // Games dealt in hands (Badugi) say "hand": the texts have a `_hand` form.
  const context = gameModule(table.game)?.rules.gameWord
  if (!file) return ephemeral({ content: t('commands:replies.log.none', { context }) })
  const name = `${table.game}-${table.id}.json`
  const left = file.moves - file.kept
  const content =
    t(file.over ? 'commands:replies.log.over' : 'commands:replies.log.inPlay', { context, name }) +
    t('commands:replies.log.unseen') +
    (left > 0 ? t('commands:replies.log.cut', { count: left }) : '')
  return ephemeral({
    content,
    files: [
      {
        attachment: Buffer.from(`${JSON.stringify(file.scenario, null, 2)}\n`),
        name,
        description: t('commands:replies.log.description', { context, game: table.game }),
      },
    ],
  })
}
