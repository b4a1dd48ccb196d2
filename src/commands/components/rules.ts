import { showRules } from '../rules.js'
import type { ComponentHandlers } from './component.js'

/** A table's Rules button: the rules of its game, privately. */
export const rules: ComponentHandlers['rules'] = async (ctx, interaction, { tableId }) => {
  const table = await ctx.tables.get(tableId)
  await showRules(interaction, table?.game ?? '')
}
