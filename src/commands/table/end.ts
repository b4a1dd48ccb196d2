import { SlashCommandSubcommandBuilder } from 'discord.js'
import { engineFor } from '../../games/registry.js'
import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { mayManage } from '../permissions.js'
import { settle } from '../settle.js'
import { tableHere } from '../table-here.js'

/** `/table end`: the creator or Manage Server closes this channel's table (any chips back). */
export const end: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.end'),
  async execute(interaction, ctx) {
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (!table) return
    const lang = memberLang(interaction)
    if (!mayManage(interaction, table)) return answer(interaction, REFUSALS.notCreator(lang))
    const result = await ctx.tables.end(table.id)
    // Bugami is played for points: its closing words say nothing of chips.
    const done = engineFor(table.game)?.usesChips
      ? lang.t('commands:replies.end.chips')
      : lang.t('commands:replies.end.done')
    if (await settle(ctx, interaction, result, done)) ctx.log.info({ tableId: table.id }, 'table ended')
  },
}
