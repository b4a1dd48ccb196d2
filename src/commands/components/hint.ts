import { gameModule } from '../../games/registry.js'
import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer, startAnswer } from '../../discord/private-answer.js'
import { clip, COLOURS, ephemeral } from '../../render/payload.js'
import { renderRefusal } from '../../render/refusals.js'
import { isPracticeTable } from '../../tables/ai-seats.js'
import type { ComponentHandlers } from './component.js'

/** The hint's search stops after this long, as an AI seat's does by default (AI_THINK_MS). */
const HINT_THINK_MS = 300

/**
 * **Hint** in a seat's private view at a practice table: the AI's move for that seat with one
 * sentence of why, built from the seat's own history (what it was shown), in the member's
 * language. A table with real chips, a seat not to move or someone not seated is refused privately.
 */
export const hint: ComponentHandlers['hint'] = async (ctx, interaction, { tableId }) => {
  startAnswer(interaction)
  const lang = memberLang(interaction)
  const table = await ctx.tables.get(tableId)
  if (!table || table.status !== 'playing' || table.state === null) return answer(interaction, REFUSALS.tableGone(lang))
  const game = gameModule(table.game)
  if (!game?.hint || !isPracticeTable(table.seats))
    return answer(interaction, renderRefusal(lang.t('table:hint.practiceOnly'), lang.t('table:hint.practiceOnlyHint')))
  const seat = table.seats.find((s) => s.userId === interaction.user.id && s.position !== null)
  if (!seat || seat.position === null) return answer(interaction, REFUSALS.notSeated(lang))
  const refuseTurn = () =>
    answer(interaction, renderRefusal(lang.t('table:hint.notYourTurn'), lang.t('table:hint.notYourTurnHint')))
  if (!table.waitingFor.includes(seat.userId)) return refuseTurn()
  const history = await ctx.tables.aiHistory(table, seat.position)
  const suggestion = game.hint(
    history,
    {
      level: 'normal',
      seed: hintSeed(`${table.id}:${table.version}:${seat.position}`),
      deadline: performance.now() + HINT_THINK_MS,
    },
    lang,
  )
  if (!suggestion) return refuseTurn()
  await answer(
    interaction,
    ephemeral({
      embeds: [
        {
          title: lang.t('table:hint.title'),
          color: COLOURS.info,
          description: clip(suggestion.text, 4096),
          footer: { text: lang.t('table:hint.footer') },
        },
      ],
    }),
  )
}

/** The hint's seed from where it is asked (FNV-1a): the same position gives the same hint. */
function hintSeed(where: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < where.length; i++) h = Math.imul(h ^ where.charCodeAt(i), 0x01000193)
  return h >>> 1
}
