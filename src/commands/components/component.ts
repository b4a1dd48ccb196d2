import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js'
import type { CustomId, TableVerb } from '../../render/custom-id.js'
import type { BotContext } from '../context.js'

/** A button or select menu: every control the bot draws is one of them. */
export type Component = ButtonInteraction | StringSelectMenuInteraction

/**
 * What each control asks for, with the custom_id it carries: a table button by its verb, the
 * other controls by their kind (the leave question's confirmation and the rules pages named apart
 * from the Leave and Rules buttons).
 */
export type ComponentIds = { readonly [V in TableVerb]: Extract<CustomId, { kind: 'table' }> } & {
  readonly move: Extract<CustomId, { kind: 'move' }>
  readonly ask: Extract<CustomId, { kind: 'ask' }>
  readonly 'confirm-leave': Extract<CustomId, { kind: 'leave' }>
  readonly 'rules-page': Extract<CustomId, { kind: 'rules' }>
}

export type ComponentVerb = keyof ComponentIds

/** One handler per verb; the compiler refuses a table of them that leaves a verb out. */
export type ComponentHandlers = {
  readonly [V in ComponentVerb]: (ctx: BotContext, interaction: Component, id: ComponentIds[V]) => Promise<void>
}

/** A parsed custom_id with its verb, the two kept together for the lookup. */
export type Routed = {
  readonly [V in ComponentVerb]: { readonly verb: V; readonly id: ComponentIds[V] }
}[ComponentVerb]

/** The verb a parsed custom_id is handled by. */
export function routed(id: CustomId): Routed {
  switch (id.kind) {
    case 'table':
      return { verb: id.verb, id }
    case 'move':
      return { verb: 'move', id }
    case 'ask':
      return { verb: 'ask', id }
    case 'leave':
      return { verb: 'confirm-leave', id }
    case 'rules':
      return { verb: 'rules-page', id }
  }
}
