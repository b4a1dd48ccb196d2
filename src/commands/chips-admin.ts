import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js'
import { renderBalance } from '../messages/general.js'
import { renderRefusal } from '../render/refusals.js'
import { refusalText } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { Command } from './types.js'
import { named } from './localized.js'
import { MAX_AMOUNT } from '../tables/index.js'
import { balanceInfo } from './balance-info.js'
import { managesServer } from './permissions.js'
import { noteCommitted } from './committed.js'

/**
 * `/chips-admin grant`: its own top-level command because Discord sets who sees a command per
 * top-level command (`default_member_permissions`); members without Manage Server never see it.
 */
export const chipsAdmin: Command = {
  data: named(new SlashCommandBuilder(), 'chips-admin')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      named(s, 'chips-admin.grant')
        .addUserOption((o) => named(o, 'chips-admin.grant.member').setRequired(true))
        .addIntegerOption((o) =>
          named(o, 'chips-admin.grant.amount').setRequired(true).setMinValue(1).setMaxValue(MAX_AMOUNT),
        ),
    ),
  async execute(interaction, ctx) {
    const userId = interaction.options.getUser('member', true).id
    const amount = interaction.options.getInteger('amount', true)
    startAnswer(interaction)
    const lang = memberLang(interaction)
    const refused = (text: string) => answer(interaction, renderRefusal(text))
    if (!managesServer(interaction)) return refused(lang.t('commands:replies.grantRefused'))
    const result = await ctx.tables.grant(interaction.guildId, userId, amount, interaction.user.id)
    if (!result.ok) return refused(refusalText(result.error, lang))
    ctx.log.info({ guildId: interaction.guildId, amount }, 'chips granted')
    const headline = lang.t('messages:balance.granted', { chips: lang.number(amount) })
    noteCommitted(interaction, { content: headline })
    await answer(interaction, renderBalance(lang, balanceInfo(ctx, result.value), headline))
  },
}
