import { SlashCommandSubcommandBuilder } from 'discord.js'
import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { mayManage } from '../permissions.js'
import { settle } from '../settle.js'
import { tableHere } from '../table-here.js'

/** `/table kick <player>`: the creator or Manage Server removes a player from this channel's table. */
export const kick: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.kick').addUserOption((o) =>
    named(o, 'table.kick.player').setRequired(true),
  ),
  async execute(interaction, ctx) {
    const userId = interaction.options.getUser('player', true).id
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (!table) return
    const lang = memberLang(interaction)
    if (!mayManage(interaction, table)) return answer(interaction, REFUSALS.notCreator(lang))
    const result = await ctx.tables.leave(table.id, userId, { interactionId: interaction.id, by: interaction.user.id })
    if (await settle(ctx, interaction, result, lang.t('commands:replies.kicked', { member: `<@${userId}>` })))
      ctx.log.info({ tableId: table.id }, 'player removed')
  },
}
