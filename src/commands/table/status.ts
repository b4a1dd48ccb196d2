import { SlashCommandSubcommandBuilder } from 'discord.js'
import { ephemeral } from '../../render/payload.js'
import { withCardEmojiText } from '../../render/emojis.js'
import { renderTableMessage } from '../../messages/table-message.js'
import { withTablePicture } from '../../discord/pictures.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { tableHere } from '../table-here.js'

/** `/table status`: the public view, privately, without buttons (they belong on the table message itself). */
export const status: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.status'),
  async execute(interaction, ctx) {
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (!table) return
    const lang = memberLang(interaction)
    const text = ephemeral({
      ...renderTableMessage(
        lang,
        table,
        ctx.clock.now(),
        await ctx.desk.recent(table),
        await ctx.desk.previousResult(lang, table),
      ),
      components: [],
    })
    const { images, emojis } = await ctx.tables.settings(table.guildId)
    await answer(
      interaction,
      await withTablePicture(
        lang,
        ctx.client,
        table,
        withCardEmojiText(text, emojis ? ctx.emojis(lang.locale) : null),
        images,
      ),
    )
  },
}
