import type { Lang } from '../../i18n/index.js'
import type { RuleError } from '../../core/engine.js'
import { moveAction } from '../../render/custom-id.js'
import type { Payload } from '../../render/payload.js'
import { withCardEmojiText } from '../../render/emojis.js'
import { refusalText } from '../../render/refusals.js'
import { REFUSALS } from '../../messages/refusals.js'
import { renderRefusal } from '../../render/refusals.js'
import { actionForLog } from '../../lib/log.js'
import type { Showing } from '../../discord/desk.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import type { BotContext } from '../context.js'
import { handView } from '../hand-view.js'
import { inTurn } from '../in-turn.js'
import { inPlace, onPrivateMessage } from '../private-view.js'
import { refuseMove } from '../refuse-move.js'
import { noteCommitted } from '../committed.js'
import type { ComponentHandlers } from './component.js'

/**
 * A move from a player's private view. The control carries its move's context token, so a control
 * whose move changed meaning (or a second click after the first applied) is refused by the
 * service and changes nothing, while other players' unrelated moves leave it good.
 */
export const move: ComponentHandlers['move'] = async (ctx, interaction, { tableId, token, move }) => {
  // A control on the private view updates that view in place; anywhere else the answer is private.
  const onPrivateView = onPrivateMessage(interaction)
  const timely = startAnswer(interaction, onPrivateView)
  const userId = interaction.user.id
  const lang = memberLang(interaction)
  const made = await inTurn(
    userId,
    async (): Promise<{ refusal: Payload } | { showing: Showing; view: Payload }> => {
      const action = moveAction(move, interaction.isStringSelectMenu() ? interaction.values : [])
      // Not cards (a forged select menu, never the bot's own): a closed table is still named first.
      if (!action) return { refusal: await notCards(ctx, tableId, lang) }
      // The service refuses a table that is gone or not in play: no read of it before.
      const result = await ctx.tables.act(tableId, userId, action, {
        interactionId: interaction.id,
        expectedToken: token,
      })
      if (!result.ok) return { refusal: await moveRefusal(ctx, interaction.guildId!, lang, result.error) }
      // Said in place of the view when that cannot be drawn or sent: the old view's picture and controls go.
      noteCommitted(interaction, { content: lang.t('commands:replies.moveMade'), embeds: [], attachments: [] })
      if (!result.value.duplicate) {
        const seat = result.value.table.seats.find((s) => s.userId === userId)?.position ?? null
        ctx.log.info({ tableId, seat, action: actionForLog(action), version: result.value.table.version }, 'move')
      }
      // The change is shown in the channel while the view is drawn.
      const showing = ctx.desk.startShowing(result.value)
      return { showing, view: await handView(ctx, result.value.table, userId, lang) }
    },
    timely,
  )
  if ('refusal' in made) return refuseMove(ctx, interaction, onPrivateView, tableId, made.refusal)
  // The answer is one UPDATE_MESSAGE of the view.
  await ctx.desk.answerWhenShown(made.showing, () =>
    answer(interaction, onPrivateView ? inPlace(interaction, made.view) : made.view),
  )
}

/** Values that are not cards of the game, refused like a move on a closed table when it is one. */
async function notCards(ctx: BotContext, tableId: string, lang: Lang): Promise<Payload> {
  const table = await ctx.tables.get(tableId)
  if (table?.status !== 'playing') return REFUSALS.tableGone(lang)
  return REFUSALS.illegal(lang, lang.t('commands:replies.notCards'))
}

/** Why the service refused a move, as the member reads it: a table gone or not in play is closed. */
async function moveRefusal(ctx: BotContext, guildId: string, lang: Lang, error: RuleError): Promise<Payload> {
  switch (error.code) {
    case 'no-table':
    case 'not-playing':
      return REFUSALS.tableGone(lang)
    case 'stale':
      return REFUSALS.stale(lang)
    default:
      return refusalNamingCards(ctx, guildId, lang, refusalText(error, lang))
  }
}

/** A move's refusal, which may name cards ("K♦ is not in your hand"): with their emojis when the server shows them. */
async function refusalNamingCards(ctx: BotContext, guildId: string, lang: Lang, text: string): Promise<Payload> {
  const { emojis } = await ctx.tables.settings(guildId)
  return withCardEmojiText(renderRefusal(text), emojis ? ctx.emojis(lang.locale) : null)
}
