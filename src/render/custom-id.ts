import { parseCard, SUITS, type Card, type Suit } from '../games/core/cards.js'
import { MOVE_TOKEN } from '../games/core/move-context.js'
import { engineFor } from '../games/registry.js'

/**
 * The custom_id codec every button and select menu of the bot is routed by. A custom_id carries
 * everything needed to route it from the database alone (no collectors, survives restarts):
 *
 *   t:<tableId>:<verb>                     table buttons: join, leave, start, rules, hand, ai (Add AI)
 *   t:<tableId>:<verb>:<token>[:<arg>]     moves; <token> is the move's context token when the
 *                                          control was drawn (games/core/move-context.ts), so a
 *                                          control whose move changed meaning is recognised
 *   t:<tableId>:ask:<token>:declare        asks to confirm an irreversible move (Bura's Declare
 *                                          31) before making it; <token> is that move's token
 *   t:<tableId>:leave:<token>              a confirmed leave from a game in progress; <token> is
 *                                          the leave's token (tables/leave-token.ts)
 *   r:<game>:<page>                        a page of /rules (not tied to a table)
 *
 * Move arguments: bid `S|H|D|C|M` (M = misère); play/draw cards as codes joined by `.`
 * (`KC.9C`), absent when a select menu supplies them as its values; bet/raise the "to" amount,
 * absent in fixed limit. `pat` is the draw of no card (stand pat); `down` a Bura play laid face
 * down on purpose (the face-down variant).
 * Every custom_id is at most 100 characters (Discord's limit); encode throws rather than
 * produce a longer one.
 */

export const TABLE_VERBS = ['join', 'leave', 'start', 'rules', 'hand', 'rebuy', 'ai'] as const
export type TableVerb = (typeof TABLE_VERBS)[number]

/** A move as a control encodes it; `cards: null` means "the select menu's values". */
export type Move =
  | { readonly verb: 'bid'; readonly bid: Suit | 'misere' }
  | { readonly verb: 'play'; readonly cards: readonly Card[] | null; readonly faceDown?: true }
  | { readonly verb: 'draw'; readonly cards: readonly Card[] | null }
  | { readonly verb: 'declare' }
  | { readonly verb: 'pass' }
  | { readonly verb: 'fold' }
  | { readonly verb: 'check' }
  | { readonly verb: 'call' }
  | { readonly verb: 'bet'; readonly amount: number | null }
  | { readonly verb: 'raise'; readonly amount: number | null }

/** Moves a player confirms once more before they are made. */
export const CONFIRMED_VERBS = ['declare'] as const
export type ConfirmedVerb = (typeof CONFIRMED_VERBS)[number]

export type CustomId =
  | { readonly kind: 'table'; readonly tableId: string; readonly verb: TableVerb }
  | { readonly kind: 'move'; readonly tableId: string; readonly token: string; readonly move: Move }
  | { readonly kind: 'ask'; readonly tableId: string; readonly token: string; readonly verb: ConfirmedVerb }
  | { readonly kind: 'leave'; readonly tableId: string; readonly token: string }
  | { readonly kind: 'rules'; readonly game: string; readonly page: number }

export const CUSTOM_ID_MAX = 100
const TABLE_ID = /^[A-Za-z0-9_-]{1,40}$/
const NO_ARG_VERBS = new Set<string>(['declare', 'pass', 'fold', 'check', 'call'])
const MAX_AMOUNT = 1_000_000_000_000

function encodeCards(cards: readonly Card[]): string {
  return cards.join('.')
}

function moveSuffix(move: Move): string {
  switch (move.verb) {
    case 'bid':
      return `bid:%v:${move.bid === 'misere' ? 'M' : move.bid}`
    case 'play': {
      const verb = move.faceDown ? 'down' : 'play'
      return move.cards === null ? `${verb}:%v` : `${verb}:%v:${encodeCards(move.cards)}`
    }
    case 'draw':
      if (move.cards === null) return 'draw:%v'
      return move.cards.length === 0 ? 'pat:%v' : `draw:%v:${encodeCards(move.cards)}`
    case 'bet':
    case 'raise':
      return move.amount === null ? `${move.verb}:%v` : `${move.verb}:%v:${move.amount}`
    default:
      return `${move.verb}:%v`
  }
}

function checked(id: string): string {
  if (id.length > CUSTOM_ID_MAX) throw new Error(`custom_id longer than ${CUSTOM_ID_MAX} characters: ${id}`)
  return id
}

function checkTableId(tableId: string): void {
  if (!TABLE_ID.test(tableId)) throw new Error(`not a table id for custom_ids: ${JSON.stringify(tableId)}`)
}

export function tableButtonId(tableId: string, verb: TableVerb): string {
  checkTableId(tableId)
  return checked(`t:${tableId}:${verb}`)
}

export function moveId(tableId: string, token: string, move: Move): string {
  checkTableId(tableId)
  checkToken(token)
  return checked(`t:${tableId}:${moveSuffix(move).replace('%v', token)}`)
}

function checkToken(token: string): void {
  if (!MOVE_TOKEN.test(token)) throw new Error(`not a move token: ${JSON.stringify(token)}`)
}

/** The first click of a move that is confirmed before it is made. */
export function askId(tableId: string, token: string, verb: ConfirmedVerb): string {
  checkTableId(tableId)
  checkToken(token)
  return checked(`t:${tableId}:ask:${token}:${verb}`)
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
      return askId(id.tableId, id.token, id.verb)
    case 'leave':
      return leaveId(id.tableId, id.token)
    case 'rules':
      return rulesPageId(id.game, id.page)
  }
}

function parseNat(text: string | undefined, max: number): number | null {
  if (text === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(text)) return null
  const n = Number(text)
  return n <= max ? n : null
}

/** Card codes joined by `.`, each once, canonical (so encode(parse(x)) === x). */
function parseCardList(text: string | undefined): Card[] | null {
  if (text === undefined || text === '') return null
  const out: Card[] = []
  for (const part of text.split('.')) {
    const c = parseCard(part)
    if (c === null || c !== part || out.includes(c)) return null
    out.push(c)
  }
  return out
}

function parseMove(verb: string, arg: string | undefined): Move | null {
  if (NO_ARG_VERBS.has(verb)) return arg === undefined ? ({ verb } as Move) : null
  switch (verb) {
    case 'bid': {
      if (arg === 'M') return { verb, bid: 'misere' }
      return SUITS.includes(arg as Suit) ? { verb, bid: arg as Suit } : null
    }
    case 'play':
    case 'draw': {
      if (arg === undefined) return { verb, cards: null }
      const cards = parseCardList(arg)
      return cards === null ? null : { verb, cards }
    }
    case 'pat':
      return arg === undefined ? { verb: 'draw', cards: [] } : null
    case 'down': {
      const cards = arg === undefined ? null : parseCardList(arg)
      if (arg !== undefined && cards === null) return null
      return { verb: 'play', cards, faceDown: true }
    }
    case 'bet':
    case 'raise': {
      if (arg === undefined) return { verb, amount: null }
      const amount = parseNat(arg, MAX_AMOUNT)
      return amount === null ? null : { verb, amount }
    }
    default:
      return null
  }
}

/** Reads a custom_id; null for anything foreign or malformed (never throws). */
export function parseCustomId(raw: unknown): CustomId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CUSTOM_ID_MAX) return null
  const parts = raw.split(':')
  if (parts[0] === 'r') {
    if (parts.length !== 3 || !engineFor(parts[1]!)) return null
    const page = parseNat(parts[2], 99)
    return page === null ? null : { kind: 'rules', game: parts[1]!, page }
  }
  if (parts[0] !== 't' || parts.length < 3 || parts.length > 5) return null
  const tableId = parts[1]!
  if (!TABLE_ID.test(tableId)) return null
  const verb = parts[2]!
  if (parts.length === 3) {
    return (TABLE_VERBS as readonly string[]).includes(verb)
      ? { kind: 'table', tableId, verb: verb as TableVerb }
      : null
  }
  const token = parts[3]!
  if (!MOVE_TOKEN.test(token)) return null
  if (verb === 'leave') return parts.length === 4 ? { kind: 'leave', tableId, token } : null
  if (verb === 'ask')
    return (CONFIRMED_VERBS as readonly string[]).includes(parts[4] ?? '')
      ? { kind: 'ask', tableId, token, verb: parts[4] as ConfirmedVerb }
      : null
  const move = parseMove(verb, parts[4])
  return move === null ? null : { kind: 'move', tableId, token, move }
}

/**
 * The engine action a move stands for, in the scenario/wire shape of RULES.md; `values` are the
 * select menu's chosen values when the control was a select. Returns null when the values are not
 * card codes. The result still goes through `engine.actionSchema` and `engine.apply`, which judge it.
 */
export function moveToAction(game: string, move: Move, values: readonly string[] = []): Record<string, unknown> | null {
  const cardsOf = (cards: readonly Card[] | null): Card[] | null => {
    if (cards !== null) return [...cards]
    const out: Card[] = []
    for (const v of values) {
      const c = parseCard(v)
      if (c === null) return null
      out.push(c)
    }
    return out
  }
  switch (move.verb) {
    case 'bid':
      return move.bid === 'misere' ? { type: 'bid', misere: true } : { type: 'bid', suit: move.bid }
    case 'play': {
      const cards = cardsOf(move.cards)
      if (cards === null) return null
      const engine = engineFor(game)
      if (!engine) return null
      // A game plays one card at a time (Bugami) when its engine takes that shape; otherwise a set (Bura).
      if (engine.actionSchema.safeParse({ type: 'play', card: cards[0] ?? 'AS' }).success)
        return cards.length === 1 && !move.faceDown ? { type: 'play', card: cards[0] } : null
      return move.faceDown ? { type: 'play', cards, faceDown: true } : { type: 'play', cards }
    }
    case 'draw': {
      const cards = cardsOf(move.cards)
      return cards === null ? null : { type: 'draw', cards }
    }
    case 'bet':
    case 'raise':
      return move.amount === null ? { type: move.verb } : { type: move.verb, amount: move.amount }
    default:
      return { type: move.verb }
  }
}

/**
 * The move that draws a given engine action as one control (the inverse of moveToAction for
 * buttons); null for an action shape no control stands for.
 */
export function actionToMove(action: { readonly type: string; readonly [k: string]: unknown }): Move | null {
  switch (action.type) {
    case 'bid':
      return action.misere === true ? { verb: 'bid', bid: 'misere' } : { verb: 'bid', bid: action.suit as Suit }
    case 'play': {
      const cards = Array.isArray(action.cards) ? (action.cards as Card[]) : [action.card as Card]
      return action.faceDown === true ? { verb: 'play', cards, faceDown: true } : { verb: 'play', cards }
    }
    case 'draw':
      return { verb: 'draw', cards: action.cards as Card[] }
    case 'bet':
    case 'raise':
      return { verb: action.type, amount: typeof action.amount === 'number' ? action.amount : null }
    case 'declare':
    case 'pass':
    case 'fold':
    case 'check':
    case 'call':
      return { verb: action.type }
    default:
      return null
  }
}
