import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js'
import type { AiLevel } from '../ai/budget.js'
import { mention } from '../render/markup.js'
import { REFUSALS } from '../messages/refusals.js'
import type { Outcome, TableUpdate } from '../tables/index.js'
import type { BotContext } from './context.js'
import { answerPrivately, say, settle, tableHere } from './flows.js'
import { memberLang } from '../discord/lang.js'
import type { Lang } from '../i18n/index.js'

/** The name of the AI seat a change just added or removed (from its table events). */
function aiOf(lang: Lang, result: Outcome<TableUpdate>, type: 'joined' | 'left'): string {
  const e = result.ok ? result.value.tableEvents.find((t) => t.type === type) : undefined
  return e && 'userId' in e ? mention(e.userId) : lang.t('commands:replies.ai.someone')
}

async function addAi(
  ctx: BotContext,
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  tableId: string,
  level: AiLevel,
): Promise<void> {
  const result = await ctx.tables.addAi(tableId, { userId: interaction.user.id, level, interactionId: interaction.id })
  const lang = memberLang(interaction)
  const done = lang.t('commands:replies.ai.added', {
    ai: aiOf(lang, result, 'joined'),
    level: lang.t(`commands:replies.ai.levels.${level}`),
  })
  if (await settle(ctx, interaction, result, done)) ctx.log.info({ tableId, level }, 'AI seat added')
}

/** The lobby's **Add AI** button: an AI at the normal level (`/table add-ai` picks the level). */
export async function addAiByButton(ctx: BotContext, interaction: ButtonInteraction, tableId: string): Promise<void> {
  answerPrivately(interaction)
  const table = await ctx.tables.get(tableId)
  if (!table || table.status === 'finished' || table.status === 'aborted')
    return say(interaction, REFUSALS.tableGone(memberLang(interaction)))
  await addAi(ctx, interaction, tableId, 'normal')
}

/** `/table add-ai [level]`. */
export async function addAiByCommand(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  level: AiLevel,
): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  if (table) await addAi(ctx, interaction, table.id, level)
}

/** `/table remove-ai [name]`: the AI named, or the last one seated. */
export async function removeAiByCommand(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  name: string | null,
): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  if (!table) return
  const result = await ctx.tables.removeAi(table.id, {
    userId: interaction.user.id,
    interactionId: interaction.id,
    ...(name ? { name } : {}),
  })
  const lang = memberLang(interaction)
  if (await settle(ctx, interaction, result, lang.t('commands:replies.ai.removed', { ai: aiOf(lang, result, 'left') })))
    ctx.log.info({ tableId: table.id }, 'AI seat removed')
}
