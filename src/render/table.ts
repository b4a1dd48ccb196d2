import type { APIButtonComponentWithCustomId, APIEmbed, APIEmbedField } from 'discord.js'
import { moveToken } from '../games/core/move-context.js'
import { gameModule } from '../registry.js'
import { leaveId, moveId, tableButtonId, type ConfirmedVerb } from './custom-id.js'
import { chips, durationText, listText } from './format.js'
import type { AnyGameModule } from './games/module.js'
import { mention, relativeTime } from './messages.js'
import { button, ButtonStyle, buttonRows, clip, COLOURS, ephemeral, NO_PINGS, type Payload } from './payload.js'
import type { PingReason } from '../store/effects.js'
import type { TableEvent } from '../tables/types.js'
import { isAiSeat, isPracticeTable } from '../tables/ai-seats.js'
import type { ControlScope, GameResult, PublicParts, RenderContext, RenderTable } from './types.js'
import type { Lang } from '../i18n/index.js'

/** The public table message and a seat's private view, for any registered game. */

const RECENT_LINES = 6

/** Said on the lobby and the table message of a table with AI seats. */
export const PRACTICE_NOTE =
  '🤖 **Practice table: AI seats, no real chips.** Nothing here reaches balances, stats or leaderboards.'

function moduleOf(table: RenderTable): AnyGameModule {
  const module = gameModule(table.game)
  if (!module) throw new Error(`no game module for game ${table.game}`)
  return module
}

function contextFor(lang: Lang, table: RenderTable): RenderContext {
  const byPosition = new Map<number, string>()
  for (const s of table.seats) if (s.position !== null) byPosition.set(s.position, s.userId)
  return {
    lang,
    table,
    options: table.options,
    live: table.status === 'lobby' || table.status === 'playing',
    name: (position) => {
      const user = byPosition.get(position)
      return user ? mention(user) : `Seat ${position + 1}`
    },
  }
}

/** The table's settings in the game's own labels, only those that matter here, and the turn time. */
export function optionsText(lang: Lang, table: RenderTable): string {
  const labels = moduleOf(table).optionLabels as Readonly<
    Record<string, (value: unknown, options: Readonly<Record<string, unknown>>) => string | null>
  >
  const opts = Object.entries(labels).flatMap(([name, label]) => {
    const text = name in table.options ? label(table.options[name], table.options) : null
    return text === null ? [] : [text]
  })
  const pause = moduleOf(table).engine.table.betweenGames ? [`break ${durationText(table.breakMs)}`] : []
  return clip([...opts, `turn time ${durationText(table.turnMs)}`, ...pause].join(' · '), 1024)
}

function seatedUsers(table: RenderTable): string[] {
  return table.seats.filter((s) => s.status === 'seated').map((s) => s.userId)
}

function lobby(lang: Lang, table: RenderTable): Payload {
  const { engine, rules } = moduleOf(table)
  const users = seatedUsers(table)
  const min = engine.minPlayers
  const max = engine.maxPlayers
  const seats = users.length
    ? users.map((u, i) => `${i + 1}. ${mention(u)}${u === table.creatorId ? ' (host)' : ''}`).join('\n')
    : 'Nobody yet.'
  const need =
    users.length < min
      ? `Needs ${min - users.length} more to start.`
      : `Ready: ${mention(table.creatorId)} can press **Start**.`
  const fields: APIEmbedField[] = [
    { name: `Players (${users.length}/${max})`, value: clip(seats, 1024) },
    { name: 'Settings', value: optionsText(lang, table) },
  ]
  const practice = isPracticeTable(table.seats)
  if (table.buyIn > 0)
    fields.push({
      name: 'Buy-in',
      value: practice
        ? `${chips(table.buyIn)} in practice chips: nothing is taken from your server balance.`
        : `${chips(table.buyIn)} from your server balance, returned when you stand up.`,
    })
  const embed: APIEmbed = {
    title: `${rules.title} — table open`,
    color: COLOURS.lobby,
    description:
      (practice ? `${PRACTICE_NOTE}\n` : '') +
      `${rules.tagline}\nPress **Join** to take a seat (${min}-${max} players). ${need}` +
      (table.endsAt !== null ? `\n🏁 Agreed end ${relativeTime(table.endsAt)}; then the best result wins.` : '') +
      (engine.table.freezeout(table.options)
        ? '\n🧊 Freeze-out: one buy-in for everyone, nobody joins after the start, the last player with chips wins.'
        : ''),
    fields,
  }
  return {
    content: '',
    embeds: [embed],
    components: buttonRows([
      button(tableButtonId(table.id, 'join'), 'Join', ButtonStyle.Success),
      button(tableButtonId(table.id, 'leave'), 'Leave', ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'start'), 'Start', ButtonStyle.Primary),
      button(tableButtonId(table.id, 'ai'), 'Add AI', ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'rules'), 'Rules', ButtonStyle.Secondary),
    ]),
    allowedMentions: NO_PINGS,
  }
}

function recentField(lang: Lang, recent: readonly string[]): APIEmbedField[] {
  const lines = recent.slice(-RECENT_LINES)
  if (!lines.length) return []
  // Keep the newest lines when the field would overflow.
  let value = lines.join('\n')
  while (value.length > 1024 && lines.length > 1) {
    lines.shift()
    value = lines.join('\n')
  }
  return [{ name: 'Latest', value: clip(value, 1024) }]
}

function standingsText(lang: Lang, table: RenderTable): string {
  const players = table.seats.filter((s) => s.status === 'seated' || s.stack > 0)
  return players.map((s) => `${mention(s.userId)}${s.stack ? ` — ${chips(s.stack)}` : ''}`).join('\n')
}

/**
 * The public table message, edited in place on every change. Shows what everyone at the table
 * can see (the engine's spectator view) and nothing else. `recent` are the latest log lines
 * (describeEvents), oldest first.
 */
export function renderTableMessage(
  lang: Lang,
  table: RenderTable,
  now: number,
  recent: readonly string[] = [],
  previous: string | null = null,
): Payload {
  if (table.status === 'lobby') return lobby(lang, table)
  const { rules } = moduleOf(table)
  const over = table.status !== 'playing'
  if (table.state === null || table.state === undefined) {
    const embed: APIEmbed = {
      title: `${rules.title} — ${table.status === 'aborted' ? 'table closed' : 'finished'}`,
      color: COLOURS.over,
      description: clip(standingsText(lang, table) || 'The table is closed.', 4096),
      fields: recentField(lang, recent),
    }
    return { content: '', embeds: [embed], components: [], allowedMentions: NO_PINGS }
  }
  const { engine, renderer } = moduleOf(table)
  const ctx = contextFor(lang, table)
  const p = renderer.publicParts(engine.view(table.state, null), ctx)
  // Between games (and Bugami deals) anyone seated may start the next one, and newcomers may join.
  const between = table.progress === 'gameOver' || table.progress === 'between'
  const lines = [...(isPracticeTable(table.seats) ? [PRACTICE_NOTE, ''] : []), p.status, '', ...p.seatLines]
  // The result's headline; its details repeat what the seat lines above already show.
  if (p.result) lines.push('', p.result.headline)
  // The game before this one in one line, while this one runs: its full result stays above.
  else if (!over && previous) lines.push('', `⏮ ${previous}`)
  const away = table.seats.filter((s) => s.status === 'seated' && s.away && s.position !== null)
  if (!over && away.length)
    lines.push('', `💤 Away, auto-played until they act: ${listText(away.map((s) => mention(s.userId)))}`)
  const gone = table.seats.filter((s) => s.status === 'left' && s.position !== null)
  if (!over && gone.length && engine.table.freezeout(table.options))
    lines.push(
      `🚪 Left; their seat posts its blinds and folds every hand: ${listText(gone.map((s) => mention(s.userId)))}`,
    )
  else if (!over && gone.length && table.progress === 'acting')
    lines.push(`🚪 Left, auto-played to the end of this game: ${listText(gone.map((s) => mention(s.userId)))}`)
  if (!over && table.endsAt !== null)
    lines.push(
      table.endsAt > now
        ? `🏁 Agreed end ${relativeTime(table.endsAt)}: the game then in progress is the last.`
        : '🏁 The agreed end has passed: this game is the last.',
    )
  if (!over && table.deadlineAt !== null && table.progress === 'acting') {
    lines.push(
      '',
      table.deadlineAt > now
        ? `⏰ Automatic move ${relativeTime(table.deadlineAt)}`
        : '⏰ The deadline has passed: an automatic move is due.',
    )
  }
  if (!over && between) {
    const when =
      table.deadlineAt !== null && table.deadlineAt > now
        ? ` It starts by itself ${relativeTime(table.deadlineAt)}.`
        : ''
    lines.push('', `Press **${nextLabel(lang, table)}** to go on.${when}`)
  }
  if (!over) lines.push(...cashTableLines(lang, table, between))
  if (over)
    lines.push('', table.status === 'aborted' ? 'The table was closed.' : 'The table has finished. Thanks for playing!')
  const fields = [...p.fields, ...recentField(lang, recent)]
  const embed: APIEmbed = {
    title: `${rules.title}${over ? ' — final result' : ''}`,
    color: over || p.result ? COLOURS.over : COLOURS.play,
    description: clip(lines.join('\n'), 4096),
    fields: fields.slice(0, 25),
    // No table id in text: random ids could read like a card code to a careless eye or checker.
    footer: { text: clip(optionsText(lang, table), 2048) },
  }
  const components = over
    ? []
    : buttonRows([
        ...(between
          ? [
              button(tableButtonId(table.id, 'start'), nextLabel(lang, table), ButtonStyle.Success),
              button(tableButtonId(table.id, 'join'), 'Join', ButtonStyle.Secondary),
              ...(busted(table).length ? [button(tableButtonId(table.id, 'rebuy'), 'Rebuy', ButtonStyle.Success)] : []),
            ]
          : // A table that deals game after game seats newcomers during a game too.
            moduleOf(table).engine.table.betweenGames && table.options.format !== 'freezeout'
            ? [button(tableButtonId(table.id, 'join'), 'Join', ButtonStyle.Secondary)]
            : []),
        button(tableButtonId(table.id, 'hand'), 'Your hand', ButtonStyle.Primary),
        button(tableButtonId(table.id, 'rules'), 'Rules', ButtonStyle.Secondary),
        button(tableButtonId(table.id, 'leave'), 'Leave', ButtonStyle.Secondary),
      ])
  return { content: '', embeds: [embed], components, allowedMentions: NO_PINGS }
}

/** "Next deal" between Bugami deals; else "Next game", or the game's own word ("Next hand"). */
function nextLabel(lang: Lang, table: RenderTable): string {
  return table.progress === 'between' ? 'Next deal' : `Next ${moduleOf(table).rules.gameWord ?? 'game'}`
}

/**
 * Between games at a cash table without a carried pot (Badugi): seated players with no chips
 * left, who rebuy or stand up at the next deal (Bura deals out whoever cannot pay the ante).
 */
function busted(table: RenderTable): string[] {
  const { engine } = moduleOf(table)
  const cash = engine.usesChips && !engine.table.carriesPot && table.options.format !== 'freezeout'
  return cash ? table.seats.filter((s) => s.status === 'seated' && s.stack === 0).map((s) => s.userId) : []
}

/**
 * A cash table's comings and goings: who waits to be dealt in, who is out of chips, who stood
 * up between games with their chips paid out (the engine still shows their last stack).
 */
function cashTableLines(lang: Lang, table: RenderTable, between: boolean): string[] {
  const { engine, rules } = moduleOf(table)
  if (!engine.table.betweenGames || table.options.format === 'freezeout') return []
  const word = rules.gameWord ?? 'game'
  const lines: string[] = []
  const waiting = table.seats.filter((s) => s.status === 'seated' && s.position === null)
  if (waiting.length) lines.push(`🪑 Dealt in at the next ${word}: ${listText(waiting.map((s) => mention(s.userId)))}`)
  if (!between) return lines
  const out = busted(table)
  if (out.length)
    lines.push(
      `💸 Out of chips: ${listText(out.map(mention))}. **Rebuy** from your balance, or you stand up when the next ${word} is dealt.`,
    )
  const stacks = engine.chipTotals(table.state)?.stacks ?? []
  for (const s of table.seats)
    if (s.status === 'left' && s.position !== null && (stacks[s.position] ?? 0) > 0)
      lines.push(`🚪 ${mention(s.userId)} stood up: ${chips(stacks[s.position]!)} paid out to their balance.`)
  return lines
}

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
      content: seat
        ? 'The game has not started yet: your cards come when the host presses **Start**.'
        : 'The game has not started yet. Press **Join** to take a seat.',
    })
  }
  if (table.status !== 'playing' || table.state === null || table.state === undefined)
    return ephemeral({ content: 'This table has finished.' })
  if (!seat || seat.position === null) {
    return ephemeral({
      content: seat
        ? `You are dealt in at the next ${moduleOf(table).rules.gameWord ?? 'game'}.`
        : 'You are watching this table: everything public is on the table message.',
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
  if (lastMoveAutomatic)
    lines.unshift('⏱ Your last move was played for you automatically (your time ran out, or you were away).', '')
  if (waiting.includes(position) && table.deadlineAt !== null) {
    lines.push(
      '',
      table.deadlineAt > now
        ? `⏰ Your move: automatic move ${relativeTime(table.deadlineAt)}.`
        : '⏰ Your time is up: an automatic move is due.',
    )
  }
  const embed: APIEmbed = {
    title: clip(p.title, 256),
    color: waiting.includes(position) ? COLOURS.play : COLOURS.info,
    description: clip(lines.join('\n'), 4096),
    fields: [...p.fields, ...shared].slice(0, 25),
    footer: { text: 'Only you can see this. Buttons work while their move still stands; ↻ Refresh for a fresh view.' },
  }
  const rebuy =
    seat.status === 'seated' && table.progress === 'gameOver' && busted(table).includes(userId)
      ? buttonRows([
          button(tableButtonId(table.id, 'rebuy'), 'Rebuy', ButtonStyle.Success),
          button(tableButtonId(table.id, 'leave'), 'Stand up', ButtonStyle.Secondary),
        ])
      : []
  return ephemeral({ embeds: [embed], components: [...p.rows, ...rebuy] })
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
    { name: 'At the table', value: clip(pub.seatLines.join('\n'), 1024) },
    ...pub.fields.filter((f) => !have.has(key(f))),
  ]
}

/** The table's one live ping: a turn, its reminder, or a game's result (`about`). */
export function renderPing(
  lang: Lang,
  table: RenderTable,
  about: PingReason,
  userIds: readonly string[],
  messageId: string | null,
  now: number,
): Payload {
  if (about === 'result') return renderResultPing(lang, table, userIds, now)
  return about === 'reminder'
    ? renderReminder(lang, table, userIds, messageId)
    : renderTurnPing(lang, table, userIds, messageId)
}

/** What the game asks of each user ("20 to call"), from the spectator view (the ping is public). */
function turnAsks(lang: Lang, table: RenderTable, userIds: readonly string[]): string {
  const { engine, renderer } = moduleOf(table)
  const view = table.state === null || table.state === undefined ? null : engine.view(table.state, null)
  const byAsk = new Map<string, string[]>()
  for (const u of userIds) {
    const position = table.seats.find((s) => s.userId === u)?.position ?? null
    const ask = view !== null && position !== null ? renderer.turnAsk(view, position, lang) : 'your turn'
    byAsk.set(ask, [...(byAsk.get(ask) ?? []), mention(u)])
  }
  if (byAsk.size === 1) return [...byAsk.keys()][0]!
  return [...byAsk].map(([ask, who]) => `${ask} (${listText(who)})`).join('; ')
}

/**
 * One short channel message for whoever must act now; it pings exactly them, says what is
 * wanted, and its **Play** button opens the player's private view.
 */
/** The members among users a message may ping (at most 100); AI seats are nobody to ping. */
function members(userIds: readonly string[]): string[] {
  return userIds.filter((u) => !isAiSeat(u)).slice(0, 100)
}

export function renderTurnPing(
  lang: Lang,
  table: RenderTable,
  userIds: readonly string[],
  messageId?: string | null,
): Payload {
  const link =
    table.guildId && table.channelId && messageId
      ? ` — [table](https://discord.com/channels/${table.guildId}/${table.channelId}/${messageId})`
      : ''
  const deadline = table.deadlineAt !== null ? ` Automatic move ${relativeTime(table.deadlineAt)}${link}.` : ''
  const who = listText(userIds.map(mention))
  return {
    content: clip(
      `${who}, your turn at ${moduleOf(table).rules.title}: ${turnAsks(lang, table, userIds)}.${deadline}`,
      2000,
    ),
    components: buttonRows([button(tableButtonId(table.id, 'hand'), 'Play', ButtonStyle.Primary)]),
    allowedMentions: { users: [...userIds].slice(0, 100) },
  }
}

/**
 * A game (Bura game, Badugi hand, Bugami match) is over: its result for everyone who played it,
 * and between games when the next one starts, with **Next game** to start it at once.
 */
export function renderResultPing(lang: Lang, table: RenderTable, userIds: readonly string[], now: number): Payload {
  const { engine, renderer, rules } = moduleOf(table)
  const result =
    table.state === null || table.state === undefined
      ? null
      : renderer.publicParts(engine.view(table.state, null), contextFor(lang, table)).result?.headline
  const between = table.status === 'playing' && table.progress === 'gameOver'
  const next = !between
    ? ''
    : table.deadlineAt !== null && table.deadlineAt > now
      ? ` The next ${rules.gameWord ?? 'game'} starts by itself ${relativeTime(table.deadlineAt)}; ` +
        `**${nextLabel(lang, table)}** starts it now.`
      : ` The next ${rules.gameWord ?? 'game'} is being dealt.`
  return {
    content: clip(
      `🏁 ${listText(userIds.map(mention))} — ${rules.title}: ${result ?? 'the game is over.'}${next}`,
      2000,
    ),
    components: between
      ? buttonRows([button(tableButtonId(table.id, 'start'), nextLabel(lang, table), ButtonStyle.Success)])
      : [],
    allowedMentions: { users: members(userIds) },
  }
}

/**
 * The final standings of a match table (freeze-out won, agreed end reached): every player's
 * result, the winner named, and each player in it pinged, once.
 */
export function renderFinalStandings(
  lang: Lang,
  table: RenderTable,
  e: Extract<TableEvent, { type: 'final' }>,
): Payload {
  const why = e.reason === 'freezeout' ? 'The freeze-out is over' : 'The agreed end has come'
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0')
  const lines = e.standings.map((s, i) => `${i + 1}. ${mention(s.userId)} — ${chips(s.stack)} (${signed(s.result)})`)
  const who = e.winners.length
    ? `🏆 ${listText(e.winners.map(mention))} ${e.winners.length > 1 ? 'share the win' : 'wins'}.`
    : ''
  return {
    content: clip(`🏁 ${why} at ${moduleOf(table).rules.title}: final standings.\n${lines.join('\n')}\n${who}`, 2000),
    allowedMentions: { users: members(e.standings.map((s) => s.userId)) },
  }
}

/** The result of the game `table.state` ended (spectator view only), or null when it has none. */
function resultOf(lang: Lang, table: RenderTable): GameResult | null {
  if (table.state === null || table.state === undefined) return null
  const { engine, renderer } = moduleOf(table)
  return renderer.publicParts(engine.view(table.state, null), contextFor(lang, table)).result
}

/**
 * A finished game's result (a Bugami deal or match, a Bura game, a Badugi hand) as its own
 * channel message, so it stays in the channel's history after the table message moves on.
 * `table` carries the state the game ended in (and the seats of that game); only the spectator
 * view of it is drawn. Null: no result to show.
 */
export function renderGameResult(lang: Lang, table: RenderTable): Payload | null {
  const r = resultOf(lang, table)
  if (!r) return null
  const text = [`🏁 **${moduleOf(table).rules.title}** — ${r.headline}`, ...r.details].join('\n')
  return { content: clip(text, 2000), allowedMentions: NO_PINGS }
}

/** The one line the next game's table message shows of the game `table.state` ended. */
export function renderResultLine(lang: Lang, table: RenderTable): string | null {
  return resultOf(lang, table)?.headline ?? null
}

/** A reminder before the deadline, pinging exactly the given users. */
export function renderReminder(
  lang: Lang,
  table: RenderTable,
  userIds: readonly string[],
  messageId?: string | null,
): Payload {
  const ping = renderTurnPing(lang, table, userIds, messageId)
  return { ...ping, content: clip(`⏳ Reminder — ${ping.content}`, 2000) }
}

/**
 * The public log in words for one change: engine events (seats are engine positions) as the
 * game describes them, the lines of automatic moves (indexes in `automatic`) marked as such.
 * Events never hold a hidden card, and these lines add none.
 */
export function describeEvents(
  lang: Lang,
  table: RenderTable,
  events: readonly unknown[],
  automatic: readonly number[] = [],
): string[] {
  const { renderer } = moduleOf(table)
  const ctx = contextFor(lang, table)
  const auto = new Set(automatic)
  const lines: string[] = []
  // Runs of events from the same kind of move, so a game may still draw several events as one line.
  for (let from = 0; from < events.length;) {
    let to = from + 1
    while (to < events.length && auto.has(to) === auto.has(from)) to++
    const run = renderer.eventLines(events.slice(from, to), ctx)
    lines.push(...(auto.has(from) ? run.map((l) => `${l} _(automatic)_`) : run))
    from = to
  }
  return lines
}

/** Table events as log lines: seats taken and left (with their chips), kicks, away and back. */
export function describeTableEvents(lang: Lang, events: readonly TableEvent[]): string[] {
  const lines: string[] = []
  for (const e of events) {
    switch (e.type) {
      case 'joined':
        lines.push(`🪑 ${mention(e.userId)} sat down${e.buyIn > 0 ? `, buying in for ${chips(e.buyIn)}` : ''}.`)
        break
      case 'left': {
        const out = e.cashedOut > 0 ? `, cashing out ${chips(e.cashedOut)}` : ''
        lines.push(
          e.by !== null && e.by !== e.userId
            ? `🚪 ${mention(e.by)} removed ${mention(e.userId)} from the table${out}.`
            : `🚪 ${mention(e.userId)} stood up${out}.`,
        )
        break
      }
      case 'away':
        lines.push(`💤 ${mention(e.userId)} missed three turns: away, auto-played until they act.`)
        break
      case 'back':
        lines.push(`👋 ${mention(e.userId)} is back.`)
        break
    }
  }
  return lines
}

/** A question before something that cannot be undone: the confirming button, and Cancel back to the view. */
function question(lang: Lang, table: RenderTable, text: string, confirm: APIButtonComponentWithCustomId): Payload {
  return ephemeral({
    embeds: [{ title: 'Are you sure?', color: COLOURS.info, description: clip(text, 4096) }],
    components: buttonRows([confirm, button(tableButtonId(table.id, 'hand'), 'Cancel', ButtonStyle.Secondary)]),
  })
}

/**
 * The question a confirmed move asks in the seat's private view (Bura: "Declare now? …"). Its
 * button is the move with `token`, the token of the view it was asked from: a question that
 * outlived its move is refused like any stale control. Null: no question for this move here.
 */
export function renderMoveQuestion(
  lang: Lang,
  table: RenderTable,
  userId: string,
  token: string,
  verb: ConfirmedVerb,
): Payload | null {
  const seat = table.seats.find((s) => s.userId === userId)
  const ask = moduleOf(table).renderer.confirm?.[verb]
  if (!ask || !seat || seat.position === null || table.state === null || table.state === undefined) return null
  const { engine } = moduleOf(table)
  const text = ask(engine.view(table.state, seat.position), contextFor(lang, table))
  const label = verb === 'declare' ? 'Declare now' : verb
  return question(lang, table, text, button(moveId(table.id, token, { verb }), label, ButtonStyle.Danger))
}

/**
 * The question before leaving a game in progress: what becomes of the seat and its chips. Its
 * button carries the leave's token (tables/leave-token.ts).
 */
export function renderLeaveQuestion(lang: Lang, table: RenderTable, token: string): Payload {
  const { engine, rules } = moduleOf(table)
  const freezeout = table.options.format === 'freezeout'
  const seat =
    engine.table.leaveAction && freezeout
      ? 'your seat stays in, posts its blinds and folds every hand; your chips come back when the table closes'
      : engine.table.leaveAction
        ? 'you fold this hand and stand up with your stack'
        : `your seat is played automatically until ${engine.table.betweenGames ? `this ${rules.title} game` : 'the match'} ends${engine.usesChips ? ', then your chips go back to your balance' : ''}`
  const text = `**Leave now?** The game is in progress: ${seat}.`
  return question(lang, table, text, button(leaveId(table.id, token), 'Leave the game', ButtonStyle.Danger))
}
