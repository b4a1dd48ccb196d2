import { ai } from './ai.js'
import { ask } from './ask.js'
import { confirmLeave } from './confirm-leave.js'
import { hand } from './hand.js'
import { hint } from './hint.js'
import { join } from './join.js'
import { leave } from './leave.js'
import { move } from './move.js'
import { rebuy } from './rebuy.js'
import { rematch } from './rematch.js'
import { rules } from './rules.js'
import { rulesPage } from './rules-page.js'
import { start } from './start.js'
import { routed, type Component, type ComponentHandlers, type ComponentIds, type ComponentVerb } from './component.js'
import type { CustomId } from '../../render/custom-id.js'
import { REFUSALS } from '../../messages/refusals.js'
import { memberLang } from '../../discord/lang.js'
import { answer } from '../../discord/private-answer.js'
import type { BotContext } from '../context.js'
import { placement } from './place.js'

/** The handler of every control, by its custom_id's verb (component.ts); one file each. */
const HANDLERS: ComponentHandlers = {
  join,
  leave,
  start,
  ai,
  hand,
  hint,
  rebuy,
  rematch,
  rules,
  move,
  ask,
  'confirm-leave': confirmLeave,
  'rules-page': rulesPage,
}

/**
 * Handles a button or select menu by its parsed custom_id: a control of a table in another
 * channel or server is refused before its handler runs. A table that is gone is left to the
 * handler, which says so in its own words.
 */
export async function handleComponent(ctx: BotContext, interaction: Component, id: CustomId): Promise<void> {
  if (id.kind !== 'rules') {
    const place = await ctx.tables.place(id.tableId)
    const where = place ? placement(ctx, interaction, place) : 'here'
    if (where !== 'here') {
      ctx.log.info({ tableId: id.tableId, guildId: interaction.guildId, where }, 'control of a table elsewhere')
      return answer(interaction, REFUSALS.otherPlace(memberLang(interaction), where === 'other-server'))
    }
  }
  return run(ctx, interaction, routed(id))
}

/** The verb's handler with its own kind of custom_id (the two read together, so the types match). */
function run<V extends ComponentVerb>(
  ctx: BotContext,
  interaction: Component,
  { verb, id }: { verb: V; id: ComponentIds[V] },
): Promise<void> {
  const handler: ComponentHandlers[V] = HANDLERS[verb]
  return handler(ctx, interaction, id)
}
