import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer } from '../../discord/private-answer.js'
import { startTableControl } from '../settle.js'
import { seatAi } from '../table/add-ai.js'
import type { ComponentHandlers } from './component.js'

/** The lobby's **Add AI** button: an AI at the normal level (`/table add-ai` picks the level). */
export const ai: ComponentHandlers['ai'] = async (ctx, interaction, { tableId }) => {
  startTableControl(interaction)
  const table = await ctx.tables.get(tableId)
  if (!table || table.status === 'finished' || table.status === 'aborted')
    return answer(interaction, REFUSALS.tableGone(memberLang(interaction)))
  await seatAi(ctx, interaction, tableId, 'normal')
}
