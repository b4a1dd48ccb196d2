import { parseCard, type Card } from '../core/cards.js'
import { MOVE_TOKEN } from '../core/move-context.js'

/**
 * The custom_id codec every button and select menu of the bot is routed by. A custom_id carries
 * everything needed to route it from the database alone (no collectors, survives restarts):
 *
 *   t:<tableId>:<verb>                     table buttons: join, leave, start, rules, hand, rebuy, ai, hint, rematch
 *   m:<tableId>:<type>:<token>[:<fields>]  a move: the engine action of type <type> with its fields;
 *                                          <token> is the move's context token when the control
 *                                          was drawn (core/move-context.ts), so a control
 *                                          whose move changed meaning is recognised
 *   t:<tableId>:ask:<token>:<type>         asks to confirm a move of type <type> (an action with
 *                                          no fields, Bura's Declare 31) before making it
 *   t:<tableId>:leave:<token>              a confirmed leave from a game in progress; <token> is
 *                                          the leave's token (tables/leave-token.ts)
 *   r:<game>:<page>                        a page of /rules (not tied to a table)
 *
 * A move carries the engine action itself, so the codec knows no game: `<fields>` are the
 * action's fields but `type`, in its own order, joined by `,`: `name` for true, `!name` for false,
 * `name=40` a whole number, `name=KC` a word of letters and digits with a letter (a card code, a suit),
 * `name=[KC.9C]` a list of words (`[]` empty). On a select menu one last field stands for its
 * chosen values: `name=*` the one value, `name=[*]` the list of them. The engine's `actionSchema`
 * and `apply` judge the action the control sends, as they judge any other.
 * Every custom_id is at most 100 characters (Discord's limit); encode throws rather than produce
 * a longer one, or one that would not read back as the same move.
 */

export const TABLE_VERBS = ['join', 'leave', 'start', 'rules', 'hand', 'rebuy', 'ai', 'hint', 'rematch'] as const
export type TableVerb = (typeof TABLE_VERBS)[number]

/** A value of an action field that a control can carry. */
export type FieldValue = string | number | boolean | readonly string[]

/** An engine action as a control carries it: its type and plain fields (undefined ones are left out). */
export interface ControlAction {
  readonly type: string
  readonly [field: string]: FieldValue | undefined
}

/**
 * What a control does: make `action`. On a select menu (`select`), its chosen values (card codes)
 * fill one more field of the action: the one value, or the list of them.
 */
export interface Move {
  readonly action: ControlAction
  readonly select?: { readonly field: string; readonly list: boolean }
}

export type CustomId =
  | { readonly kind: 'table'; readonly tableId: string; readonly verb: TableVerb }
  | { readonly kind: 'move'; readonly tableId: string; readonly token: string; readonly move: Move }
  | { readonly kind: 'ask'; readonly tableId: string; readonly token: string; readonly type: string }
  | { readonly kind: 'leave'; readonly tableId: string; readonly token: string }
  | { readonly kind: 'rules'; readonly game: string; readonly page: number }

export const CUSTOM_ID_MAX = 100
const TABLE_ID = /^[A-Za-z0-9_-]{1,40}$/
/** An action type or field name: a word in camelCase. */
const NAME = /^[a-z][A-Za-z0-9]{0,19}$/
const WORD = /^[A-Za-z0-9]{1,20}$/
const DIGITS = /^[0-9]+$/
const NUMBER = /^(0|[1-9][0-9]{0,15})$/
const MAX_NUMBER = Number.MAX_SAFE_INTEGER

function checked(id: string): string {
  if (id.length > CUSTOM_ID_MAX) throw new Error(`custom_id longer than ${CUSTOM_ID_MAX} characters: ${id}`)
  return id
}

function checkTableId(tableId: string): void {
  if (!TABLE_ID.test(tableId)) throw new Error(`not a table id for custom_ids: ${JSON.stringify(tableId)}`)
}

function checkToken(token: string): void {
  if (!MOVE_TOKEN.test(token)) throw new Error(`not a move token: ${JSON.stringify(token)}`)
}

function checkType(type: string): void {
  if (!NAME.test(type)) throw new Error(`not an action type for custom_ids: ${JSON.stringify(type)}`)
}

function parseNat(text: string | undefined, max: number): number | null {
  if (text === undefined || !NUMBER.test(text)) return null
  const n = Number(text)
  return n <= max ? n : null
}

/** A field's word holds a letter: digits alone are a number. */
const isWord = (v: string) => WORD.test(v) && !DIGITS.test(v)

function fieldText(name: string, value: FieldValue): string {
  if (value === true) return name
  if (value === false) return `!${name}`
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`field ${name}: ${value} is not a whole number`)
    return `${name}=${value}`
  }
  if (typeof value === 'string') {
    if (!isWord(value)) throw new Error(`field ${name}: ${JSON.stringify(value)} is not a word for custom_ids`)
    return `${name}=${value}`
  }
  if (!value.every((v) => WORD.test(v))) throw new Error(`field ${name}: ${JSON.stringify(value)} holds a non-word`)
  return `${name}=[${value.join('.')}]`
}

function fieldsText(move: Move): string {
  const parts: string[] = []
  for (const [name, value] of Object.entries(move.action)) {
    if (name === 'type' || value === undefined) continue
    if (!NAME.test(name)) throw new Error(`not a field name for custom_ids: ${JSON.stringify(name)}`)
    parts.push(fieldText(name, value))
  }
  if (move.select) {
    const { field, list } = move.select
    if (!NAME.test(field) || field === 'type' || move.action[field] !== undefined)
      throw new Error(`a select menu cannot fill field ${JSON.stringify(field)} of ${move.action.type}`)
    parts.push(list ? `${field}=[*]` : `${field}=*`)
  }
  return parts.join(',')
}

export function tableButtonId(tableId: string, verb: TableVerb): string {
  checkTableId(tableId)
  return checked(`t:${tableId}:${verb}`)
}

export function moveId(tableId: string, token: string, move: Move): string {
  checkTableId(tableId)
  checkToken(token)
  checkType(move.action.type)
  const fields = fieldsText(move)
  return checked(`m:${tableId}:${move.action.type}:${token}${fields ? `:${fields}` : ''}`)
}

/** The first click of a move that is confirmed before it is made: an action of `type` with no fields. */
export function askId(tableId: string, token: string, type: string): string {
  checkTableId(tableId)
  checkToken(token)
  checkType(type)
  return checked(`t:${tableId}:ask:${token}:${type}`)
}

/** A confirmed leave, valid while the leave still means what the question said. */
export function leaveId(tableId: string, token: string): string {
  checkTableId(tableId)
  checkToken(token)
  return checked(`t:${tableId}:leave:${token}`)
}

export function rulesPageId(game: string, page: number): string {
  return checked(`r:${game}:${page}`)
}

export function encodeCustomId(id: CustomId): string {
  switch (id.kind) {
    case 'table':
      return tableButtonId(id.tableId, id.verb)
    case 'move':
      return moveId(id.tableId, id.token, id.move)
    case 'ask':
      return askId(id.tableId, id.token, id.type)
    case 'leave':
      return leaveId(id.tableId, id.token)
    case 'rules':
      return rulesPageId(id.game, id.page)
  }
}

/** A field's value as `fieldText` writes it; undefined when it is not one. */
function parseValue(text: string): FieldValue | undefined {
  if (DIGITS.test(text)) return parseNat(text, MAX_NUMBER) ?? undefined
  if (isWord(text)) return text
  if (!text.startsWith('[') || !text.endsWith(']')) return undefined
  const inner = text.slice(1, -1)
  if (inner === '') return []
  const items = inner.split('.')
  return items.every((v) => WORD.test(v)) ? items : undefined
}

/** The move of `type` with its `fields` text; null when malformed. */
function parseMove(type: string, text: string | undefined): Move | null {
  if (!NAME.test(type)) return null
  const action: { type: string; [field: string]: FieldValue } = { type }
  let select: Move['select']
  for (const part of text === undefined ? [] : text.split(',')) {
    // The select menu's field comes last.
    if (select) return null
    const eq = part.indexOf('=')
    const negated = eq < 0 && part.startsWith('!')
    const name = eq >= 0 ? part.slice(0, eq) : negated ? part.slice(1) : part
    if (!NAME.test(name) || name === 'type' || Object.hasOwn(action, name)) return null
    if (eq < 0) {
      action[name] = !negated
      continue
    }
    const rest = part.slice(eq + 1)
    if (rest === '*' || rest === '[*]') {
      select = { field: name, list: rest === '[*]' }
      continue
    }
    const value = parseValue(rest)
    if (value === undefined) return null
    action[name] = value
  }
  return select ? { action, select } : { action }
}

/**
 * Reads a custom_id; null for anything foreign or malformed (never throws). A rules page's game
 * must be one `isGame` knows: the bot reads ids against the registry (src/messages/custom-ids.ts),
 * which the render kit, below it, does not import.
 */
export function readCustomId(raw: unknown, isGame: (game: string) => boolean): CustomId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CUSTOM_ID_MAX) return null
  const parts = raw.split(':')
  if (parts[0] === 'r') {
    if (parts.length !== 3 || !isGame(parts[1]!)) return null
    const page = parseNat(parts[2], 99)
    return page === null ? null : { kind: 'rules', game: parts[1]!, page }
  }
  const tableId = parts[1] ?? ''
  if (!TABLE_ID.test(tableId)) return null
  if (parts[0] === 'm') {
    if (parts.length < 4 || parts.length > 5 || parts[4] === '') return null
    const token = parts[3]!
    const move = MOVE_TOKEN.test(token) ? parseMove(parts[2]!, parts[4]) : null
    return move === null ? null : { kind: 'move', tableId, token, move }
  }
  if (parts[0] !== 't' || parts.length < 3 || parts.length > 5) return null
  const verb = parts[2]!
  if (parts.length === 3) {
    return (TABLE_VERBS as readonly string[]).includes(verb)
      ? { kind: 'table', tableId, verb: verb as TableVerb }
      : null
  }
  const token = parts[3]!
  if (!MOVE_TOKEN.test(token)) return null
  if (verb === 'leave') return parts.length === 4 ? { kind: 'leave', tableId, token } : null
  if (verb === 'ask' && parts.length === 5 && NAME.test(parts[4]!))
    return { kind: 'ask', tableId, token, type: parts[4]! }
  return null
}

/**
 * The engine action a move stands for; `values` are the select menu's chosen values when the
 * control was a select. Null when they are not card codes, or not one value where one is asked.
 * The result still goes through `engine.actionSchema` and `engine.apply`, which judge it.
 */
export function moveAction(move: Move, values: readonly string[] = []): Record<string, unknown> | null {
  if (!move.select) return { ...move.action }
  const cards: Card[] = []
  for (const v of values) {
    const c = parseCard(v)
    if (c === null) return null
    cards.push(c)
  }
  if (!move.select.list && cards.length !== 1) return null
  return { ...move.action, [move.select.field]: move.select.list ? cards : cards[0] }
}

/** The one card a button's move plays or names (for its card emoji); null for none or several. */
export function cardOfMove(move: Move): Card | null {
  if (move.select) return null
  const cards: string[] = []
  for (const [name, value] of Object.entries(move.action))
    if (name !== 'type') cards.push(...(typeof value === 'string' ? [value] : Array.isArray(value) ? value : []))
  const card = cards.length === 1 ? parseCard(cards[0]!) : null
  return card === cards[0] ? card : null
}
