import { MessageFlags, SlashCommandSubcommandBuilder } from 'discord.js'
import { gameModule } from '../../games/registry.js'
import { REFUSALS } from '../../messages/refusals.js'
import { ephemeral, type Payload } from '../../render/payload.js'
import type { GameFile } from '../../tables/scenario/index.js'
import type { Lang } from '../../i18n/index.js'
import { memberLang } from '../../discord/lang.js'
import { answer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { writeGameFileAside } from './log-thread.js'

/**
 * `/table log`: the current or last game of this channel's table (or of the last table that ended
 * here) as a scenario file for `npm run replay`, privately, with nothing the asker has not seen.
 */
export const log: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.log'),
  async execute(interaction, ctx) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral })
    const input = await ctx.tables.gameLogInput(interaction.guildId, interaction.channelId, interaction.user.id)
    const lang = memberLang(interaction)
    if (!input) return answer(interaction, REFUSALS.noTable(lang))
    // Written on a thread of its own: the search for fitting deals never holds up the tables.
    await answer(interaction, logPayload(lang, input.table, await writeGameFileAside(input)))
  },
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
