import { engineFor } from '../../games/registry.js'
import { parseAiSeat } from '../../tables/ai-seats.js'
import type { TableSnapshot } from '../../tables/index.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import { renderRefusal } from '../../render/refusals.js'
import { refusalText } from '../../render/refusals.js'
import type { BotContext } from '../context.js'
import { settle } from '../settle.js'
import { noteCommitted } from '../committed.js'
import type { Component, ComponentHandlers } from './component.js'

/**
 * Rematch, on the message of a finished table (docs/rematch.md): the first member to press it
 * opens a new table in the same channel (or thread) with the same game and options, as its host;
 * a practice table comes back with its AI seats. Everyone who presses it after that takes a seat
 * at that new table while it is in its lobby. Stale (the new table started, or the channel holds
 * another open table), it says where to go.
 */
export const rematch: ComponentHandlers['rematch'] = async (ctx, interaction, { tableId }) => {
  startAnswer(interaction)
  const lang = memberLang(interaction)
  const { t } = lang
  const old = await ctx.tables.get(tableId)
  if (!old || old.status !== 'finished')
    return answer(interaction, renderRefusal(t('commands:replies.rematch.notOver')))
  const open = await ctx.tables.inChannel(old.guildId, old.channelId)
  if (open) return joinOrPoint(ctx, interaction, old, open)
  const created = await ctx.tables.create({
    guildId: old.guildId,
    channelId: old.channelId,
    game: old.game,
    creatorId: interaction.user.id,
    options: old.options,
    buyIn: old.buyIn,
    turnSeconds: old.turnMs / 1000,
    breakSeconds: old.breakMs / 1000,
  })
  // A table opened meanwhile by someone else's press or command: join it, or say where it is.
  if (!created.ok && created.error.code.startsWith('channel-busy')) {
    const now = await ctx.tables.inChannel(old.guildId, old.channelId)
    if (now) return joinOrPoint(ctx, interaction, old, now)
  }
  if (!created.ok) return answer(interaction, renderRefusal(refusalText(created.error, lang)))
  const opened = t('commands:replies.rematch.opened', { game: gameTitle(old) })
  noteCommitted(interaction, { content: opened })
  let update = created.value
  for (const s of old.seats) {
    const ai = parseAiSeat(s.userId)
    if (!ai) continue
    const added = await ctx.tables.addAi(update.table.id, { userId: interaction.user.id, level: ai.level })
    if (added.ok) update = added.value
  }
  ctx.log.info({ tableId: update.table.id, from: old.id, game: old.game }, 'rematch opened')
  await settle(ctx, interaction, { ok: true, value: update }, opened)
}

const gameTitle = (table: TableSnapshot) => engineFor(table.game)?.title ?? table.game

/** The channel's open table: a seat at it while it is the rematch's lobby, else where it is. */
async function joinOrPoint(ctx: BotContext, interaction: Component, old: TableSnapshot, open: TableSnapshot) {
  const { t } = memberLang(interaction)
  const link = open.messageId
    ? `https://discord.com/channels/${open.guildId}/${open.channelId}/${open.messageId}`
    : `https://discord.com/channels/${open.guildId}/${open.channelId}`
  if (open.game !== old.game || open.status !== 'lobby')
    return answer(interaction, {
      content:
        open.game === old.game
          ? t('commands:replies.rematch.started', { link })
          : t('commands:replies.rematch.otherTable', { link }),
    })
  if (open.seats.some((s) => s.userId === interaction.user.id && s.status === 'seated'))
    return answer(interaction, { content: t('commands:replies.rematch.seated', { link }) })
  const joined = await ctx.tables.join(open.id, interaction.user.id, { interactionId: interaction.id })
  await settle(ctx, interaction, joined, t('commands:replies.rematch.joined', { link }))
}
