import type { APIButtonComponentWithCustomId, APIEmbed, APIEmbedField } from 'discord.js'
import { moveToken } from '../core/move-context.js'
import { leaveId, moveId, tableButtonId } from '../render/custom-id.js'
import { gameWordOf } from '../render/format.js'
import { button, ButtonStyle, buttonRows, clip, COLOURS, ephemeral, type Payload } from '../render/payload.js'
import type { ControlScope, PublicParts, RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { relativeTime } from '../render/markup.js'
import { busted, contextFor, moduleOf } from './table-context.js'
import { isPracticeTable } from '../tables/ai-seats.js'

/** A seat's private view of the table, and the questions asked in it before a move that cannot be undone. */

/**
 * The ephemeral view of one user at the table: their cards, what they may know, and controls
 * for exactly their legal moves. A spectator or a seat outside this game gets a short text.
 */
export function renderHandView(
  lang: Lang,
  table: RenderTable,
  userId: string,
  now: number,
  lastMoveAutomatic = false,
): Payload {
  const seat = table.seats.find((s) => s.userId === userId)
  if (table.status === 'lobby') {
    return ephemeral({
      content: lang.t(seat ? 'table:view.lobbySeated' : 'table:view.lobbyWatching'),
    })
  }
  if (table.status !== 'playing' || table.state === null || table.state === undefined)
    return ephemeral({ content: lang.t('table:view.finished') })
  if (!seat || seat.position === null) {
    return ephemeral({
      content: seat
        ? lang.t(`table:view.dealtInNext.${gameWordOf(moduleOf(table).rules)}`)
        : lang.t('table:view.watching'),
    })
  }
  const { engine, renderer } = moduleOf(table)
  const ctx = contextFor(lang, table)
  const position = seat.position
  const acting = engine.progress(table.state) === 'acting'
  const legal: unknown[] = acting ? engine.legalActions(table.state, position) : []
  const state = table.state
  const tokens = new Map<string, string>()
  const controls: ControlScope = {
    tableId: table.id,
    token: (type) => {
      let token = tokens.get(type)
      if (token === undefined) tokens.set(type, (token = moveToken(engine, state, table.gamesPlayed, position, type)))
      return token
    },
  }
  const p = renderer.privateParts(engine.view(state, position), legal, { ...ctx, controls })
  const shared = tableFields(lang, renderer.publicParts(engine.view(state, null), ctx), p.fields)
  const waiting: number[] = acting ? engine.waitingFor(table.state) : []
  const lines = [p.description]
  if (lastMoveAutomatic) lines.unshift(lang.t('table:view.automatic'), '')
  if (waiting.includes(position) && table.deadlineAt !== null) {
    lines.push(
      '',
      table.deadlineAt > now
        ? lang.t('table:view.yourMove', { when: relativeTime(table.deadlineAt) })
        : lang.t('table:view.timeUp'),
    )
  }
  const embed: APIEmbed = {
    title: clip(p.title, 256),
    color: waiting.includes(position) ? COLOURS.play : COLOURS.info,
    description: clip(lines.join('\n'), 4096),
    fields: [...p.fields, ...shared].slice(0, 25),
    footer: { text: lang.t('table:view.footer') },
  }
  const rebuy =
    seat.status === 'seated' && table.progress === 'gameOver' && busted(table).includes(userId)
      ? buttonRows([
          button(tableButtonId(table.id, 'rebuy'), lang.t('table:buttons.rebuy'), ButtonStyle.Success),
          button(tableButtonId(table.id, 'leave'), lang.t('table:buttons.standUp'), ButtonStyle.Secondary),
        ])
      : []
  // Practice tables only (AI seats, no real chips): the AI's suggestion for this seat's move.
  const hint =
    isPracticeTable(table.seats) && moduleOf(table).hint && waiting.includes(position) && p.rows.length < 5
      ? buttonRows([
          button(tableButtonId(table.id, 'hint'), `💡 ${lang.t('table:hint.button')}`, ButtonStyle.Secondary),
        ])
      : []
  return ephemeral({ embeds: [embed], components: [...p.rows, ...hint, ...rebuy] })
}

/**
 * What the public message shows that a player needs to decide, for their private view: every
 * seat's line (scores or stacks), and the public fields (pot, trick in progress, last trick) the
 * private parts do not already have (matched by their first word). Drawn from the spectator view.
 */
function tableFields(lang: Lang, pub: PublicParts, own: readonly APIEmbedField[]): APIEmbedField[] {
  const key = (f: APIEmbedField) => f.name.split(' ')[0]!.toLowerCase()
  const have = new Set(own.map(key))
  return [
    { name: lang.t('table:view.atTable'), value: clip(pub.seatLines.join('\n'), 1024) },
    ...pub.fields.filter((f) => !have.has(key(f))),
  ]
}

/** A question before something that cannot be undone: the confirming button, and Cancel back to the view. */
function question(lang: Lang, table: RenderTable, text: string, confirm: APIButtonComponentWithCustomId): Payload {
  return ephemeral({
    embeds: [{ title: lang.t('table:question.title'), color: COLOURS.info, description: clip(text, 4096) }],
    components: buttonRows([
      confirm,
      button(tableButtonId(table.id, 'hand'), lang.t('table:buttons.cancel'), ButtonStyle.Secondary),
    ]),
  })
}

/**
 * The question a confirmed move asks in the seat's private view (Bura: "Declare now? …"). Its
 * button is the move `{ type }` with `token`, the token of the view it was asked from: a question
 * that outlived its move is refused like any stale control. Null: no question for this move here.
 */
export function renderMoveQuestion(
  lang: Lang,
  table: RenderTable,
  userId: string,
  token: string,
  type: string,
): Payload | null {
  const seat = table.seats.find((s) => s.userId === userId)
  const { engine, renderer } = moduleOf(table)
  const ask = renderer.confirm?.[type]
  if (!ask || !seat || seat.position === null || table.state === null || table.state === undefined) return null
  const asked = ask(engine.view(table.state, seat.position), contextFor(lang, table))
  const confirm = button(moveId(table.id, token, { action: { type } }), asked.button, ButtonStyle.Danger)
  return question(lang, table, asked.text, confirm)
}

/**
 * The question before leaving a game in progress: what becomes of the seat and its chips. Its
 * button carries the leave's token (tables/leave-token.ts).
 */
export function renderLeaveQuestion(lang: Lang, table: RenderTable, token: string): Payload {
  const { engine, rules } = moduleOf(table)
  const freezeout = engine.table.freezeout(table.options)
  const what =
    engine.table.leaveAction && freezeout
      ? 'freezeout'
      : engine.table.leaveAction
        ? 'fold'
        : (`${engine.table.betweenGames ? 'game' : 'match'}${engine.usesChips ? 'Chips' : ''}` as const)
  const text = lang.t(`table:question.leave.${what}`, { game: rules.title })
  return question(
    lang,
    table,
    text,
    button(leaveId(table.id, token), lang.t('table:buttons.leaveGame'), ButtonStyle.Danger),
  )
}
