import { SlashCommandBuilder, type RepliableInteraction } from 'discord.js'
import { REFUSALS } from '../messages/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { named } from './localized.js'
import { handView } from './hand-view.js'
import { inPlace, onPrivateMessage } from './private-view.js'
import { inTurn } from './in-turn.js'
import { tableHere } from './table-here.js'

/** `/hand`: the member's private view at this channel's table. */
export const hand: Command = {
  data: named(new SlashCommandBuilder(), 'hand'),
  async execute(interaction, ctx) {
    await showHand(ctx, interaction, null)
  },
}

/**
 * `/hand` (tableId null: the table in this channel) and the "Your hand" button; on a private view
 * (↻ Refresh, a question's Cancel) the view is redrawn in place.
 */
export async function showHand(
  ctx: BotContext,
  interaction: RepliableInteraction,
  tableId: string | null,
): Promise<void> {
  const inView = onPrivateMessage(interaction)
  const timely = startAnswer(interaction, inView)
  const view = await inTurn(
    interaction.user.id,
    async () => {
      const table = tableId === null ? await tableHere(ctx, interaction) : await ctx.tables.get(tableId)
      return table && handView(ctx, table, interaction.user.id, memberLang(interaction))
    },
    timely,
  )
  if (!view) return tableId === null ? undefined : answer(interaction, REFUSALS.tableGone(memberLang(interaction)))
  await answer(interaction, inView ? inPlace(interaction, view) : view)
}
