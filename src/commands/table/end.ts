import { SlashCommandSubcommandBuilder } from 'discord.js'
import { engineFor } from '../../games/registry.js'
import { refuse } from '../../core/engine.js'
import { REFUSALS } from '../../messages/refusals.js'
import { refusalText, renderRefusal } from '../../render/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { Subcommand } from '../types.js'
import { named } from '../localized.js'
import { managesServer, mayManage } from '../permissions.js'
import { settle } from '../settle.js'
import { tableHere } from '../table-here.js'

/**
 * `/table end [now]`: the creator or Manage Server ends this channel's table: at once in the lobby
 * or between games, else when the game in progress is over (nobody escapes a hand they are
 * losing). `now:true`, Manage Server only, closes it at once and voids the game in progress, every
 * chip going back (docs/closing.md).
 */
export const end: Subcommand = {
  data: named(new SlashCommandSubcommandBuilder(), 'table.end').addBooleanOption((o) => named(o, 'table.end.now')),
  async execute(interaction, ctx) {
    const now = interaction.options.getBoolean('now') === true
    startAnswer(interaction)
    const table = await tableHere(ctx, interaction)
    if (!table) return
    const lang = memberLang(interaction)
    if (!mayManage(interaction, table)) return answer(interaction, REFUSALS.notCreator(lang))
    const by = interaction.user.id
    if (now) {
      if (!managesServer(interaction))
        return answer(interaction, renderRefusal(refusalText(refuse('void-admin-only').error, lang)))
      const voided = await ctx.tables.voidTable(table.id, 'voided', { by, interactionId: interaction.id })
      const closed = engineFor(table.game)?.usesChips
        ? lang.t('commands:replies.end.voided')
        : lang.t('commands:replies.end.voidedPoints')
      if (await settle(ctx, interaction, voided, closed))
        ctx.log.info({ tableId: table.id, reason: 'voided' }, 'table closed at once')
      return
    }
    const result = await ctx.tables.end(table.id, { by, interactionId: interaction.id })
    const deferred = result.ok && result.value.tableEvents.some((e) => e.type === 'endRequested')
    // Bugami is played for points: its closing words say nothing of chips.
    const done = deferred
      ? lang.t('commands:replies.end.deferred')
      : engineFor(table.game)?.usesChips
        ? lang.t('commands:replies.end.chips')
        : lang.t('commands:replies.end.done')
    if (await settle(ctx, interaction, result, done))
      ctx.log.info({ tableId: table.id }, deferred ? 'table ends after this game' : 'table ended')
  },
}
