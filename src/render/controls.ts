import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord.js'
import type { Card } from '../core/cards.js'
import { cardText } from './format.js'
import { askId, moveId, tableButtonId, type ControlAction, type Move } from './custom-id.js'
import { button, ButtonStyle, row, select, type Row } from './payload.js'
import type { ControlScope } from './types.js'
import type { Lang } from '../i18n/index.js'

/**
 * Controls of a seat's private view; every move's custom_id carries the table id, the engine
 * action it makes and that action type's context token for the seat.
 */

export type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger

/** A button that makes `action`, one of the seat's legal actions. */
export function moveButton(
  scope: ControlScope,
  action: ControlAction,
  label: string,
  style: Style = ButtonStyle.Primary,
): APIButtonComponentWithCustomId {
  return button(moveId(scope.tableId, scope.token(action.type), { action }), label, style)
}

/**
 * A move the player confirms before it is made (Declare 31): the button asks, with the move's
 * token, and the question's button (the renderer's `confirm`) makes the action `{ type }` with
 * that same token.
 */
export function askButton(
  scope: ControlScope,
  type: string,
  label: string,
  style: Style = ButtonStyle.Primary,
): APIButtonComponentWithCustomId {
  return button(askId(scope.tableId, scope.token(type), type), label, style)
}

/**
 * A select menu whose option values are card codes (`7D`, `TH`): the convention tools and tests
 * rely on. The chosen cards fill the field `move.select` names (`card` for one, `cards` for a list).
 */
export function cardSelect(
  lang: Lang,
  scope: ControlScope,
  move: Move & { readonly select: NonNullable<Move['select']> },
  cards: readonly Card[],
  placeholder: string,
  min: number,
  max: number,
  describe?: (c: Card) => string | undefined,
): APIStringSelectComponent {
  return select(
    moveId(scope.tableId, scope.token(move.action.type), move),
    placeholder,
    cards.map((c) => {
      const description = describe?.(c)
      return { label: cardText(c, lang), value: c, ...(description ? { description } : {}) }
    }),
    min,
    max,
  )
}

/** "Refresh" re-opens the seat's view (the same route as the table's Your hand button). */
export function refreshButton(scope: ControlScope, lang: Lang): APIButtonComponentWithCustomId {
  return button(tableButtonId(scope.tableId, 'hand'), lang.t('table:buttons.refresh'), ButtonStyle.Secondary)
}

/**
 * Lays out buttons five to a row, then select menus one per row, then a last row of trailing
 * buttons (declare, refresh). Throws when Discord's five rows cannot hold it: a renderer bug.
 */
export function layout(
  buttons: readonly APIButtonComponentWithCustomId[],
  selects: readonly APIStringSelectComponent[],
  trailing: readonly APIButtonComponentWithCustomId[],
): Row[] {
  const rows: Row[] = []
  for (let i = 0; i < buttons.length; i += 5) rows.push(row(...buttons.slice(i, i + 5)))
  for (const s of selects) rows.push(row(s))
  for (let i = 0; i < trailing.length; i += 5) rows.push(row(...trailing.slice(i, i + 5)))
  if (rows.length > 5) throw new Error(`controls need ${rows.length} rows; Discord allows 5`)
  return rows
}
