import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js'
import { renderBalance } from '../messages/general.js'
import { renderRefusal } from '../render/refusals.js'
import { refusalText } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { named } from './localized.js'
import { balanceInfo } from './balance-info.js'
import { noteCommitted } from './committed.js'

/** `/chips balance [member]` (private) and `/chips daily`. */
export const chips: Command = {
  data: named(new SlashCommandBuilder(), 'chips')
    .addSubcommand((s) => named(s, 'chips.balance').addUserOption((o) => named(o, 'chips.balance.member')))
    .addSubcommand((s) => named(s, 'chips.daily')),
  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'balance':
        return showBalance(ctx, interaction, interaction.options.getUser('member')?.id ?? interaction.user.id)
      case 'daily':
        return claimDaily(ctx, interaction)
    }
  },
}

async function showBalance(ctx: BotContext, interaction: ChatInputCommandInteraction, userId: string): Promise<void> {
  startAnswer(interaction)
  const wallet = await ctx.tables.wallet(interaction.guildId!, userId)
  await answer(interaction, renderBalance(memberLang(interaction), balanceInfo(ctx, wallet)))
}

async function claimDaily(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  startAnswer(interaction)
  const lang = memberLang(interaction)
  const result = await ctx.tables.claimDaily(interaction.guildId!, interaction.user.id)
  if (!result.ok) return answer(interaction, renderRefusal(refusalText(result.error, lang)))
  ctx.log.info({ guildId: interaction.guildId, amount: result.value.claimed }, 'daily claimed')
  const headline = lang.t('messages:balance.dailyClaimed', { chips: lang.number(result.value.claimed) })
  noteCommitted(interaction, { content: headline })
  await answer(interaction, renderBalance(lang, balanceInfo(ctx, result.value), headline))
}
