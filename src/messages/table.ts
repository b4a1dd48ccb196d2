import type { APIButtonComponentWithCustomId, APIEmbed, APIEmbedField } from 'discord.js'
import { moveToken } from '../games/core/move-context.js'
import { gameModule } from '../games/registry.js'
import { leaveId, moveId, tableButtonId } from '../render/custom-id.js'
import { chips, durationText, gameWordOf, listText } from '../render/format.js'
import type { AnyGameModule } from '../render/game-module.js'
import { mention, relativeTime } from './general.js'
import { button, ButtonStyle, buttonRows, clip, COLOURS, ephemeral, NO_PINGS, type Payload } from '../render/payload.js'
import type { PingReason } from '../store/effects.js'
import type { TableEvent } from '../tables/types.js'
import { isAiSeat, isPracticeTable } from '../tables/ai-seats.js'
import type { ControlScope, GameResult, PublicParts, RenderContext, RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'

/** The public table message and a seat's private view, for any registered game. */

const RECENT_LINES = 6

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
      return user ? mention(user) : lang.t('table:seat', { n: position + 1 })
    },
  }
}

/** The table's settings in the game's own labels, only those that matter here, and the turn time. */
export function optionsText(lang: Lang, table: RenderTable): string {
  const labels = moduleOf(table).optionLabels as Readonly<
    Record<string, (value: unknown, options: Readonly<Record<string, unknown>>, lang: Lang) => string | null>
  >
  const opts = Object.entries(labels).flatMap(([name, label]) => {
    const text = name in table.options ? label(table.options[name], table.options, lang) : null
    return text === null ? [] : [text]
  })
  const pause = moduleOf(table).engine.table.betweenGames
    ? [lang.t('table:options.break', { duration: durationText(table.breakMs, lang) })]
    : []
  const turn = lang.t('table:options.turnTime', { duration: durationText(table.turnMs, lang) })
  return clip([...opts, turn, ...pause].join(' · '), 1024)
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
    ? users
        .map((u, i) =>
          lang.t(u === table.creatorId ? 'table:lobby.host' : 'table:lobby.seat', { n: i + 1, who: mention(u) }),
        )
        .join('\n')
    : lang.t('table:lobby.nobody')
  const need =
    users.length < min
      ? lang.t('table:lobby.needs', { count: min - users.length })
      : lang.t('table:lobby.ready', { host: mention(table.creatorId) })
  const fields: APIEmbedField[] = [
    { name: lang.t('table:lobby.players', { n: users.length, max }), value: clip(seats, 1024) },
    { name: lang.t('table:lobby.settings'), value: optionsText(lang, table) },
  ]
  const practice = isPracticeTable(table.seats)
  if (table.buyIn > 0)
    fields.push({
      name: lang.t('table:lobby.buyIn'),
      value: lang.t(practice ? 'table:lobby.buyInPractice' : 'table:lobby.buyInCash', {
        chips: chips(table.buyIn, lang),
      }),
    })
  const lines = [
    ...(practice ? [lang.t('table:practiceNote')] : []),
    // The game's one-line summary from its rules pages, in the table's language.
    moduleOf(table).rulesIn(lang).tagline,
    lang.t('table:lobby.join', { min, max, need }),
    ...(table.endsAt !== null ? [lang.t('table:lobby.agreedEnd', { when: relativeTime(table.endsAt) })] : []),
    ...(engine.table.freezeout(table.options) ? [lang.t('table:lobby.freezeout')] : []),
  ]
  const embed: APIEmbed = {
    title: lang.t('table:lobby.title', { game: rules.title }),
    color: COLOURS.lobby,
    description: lines.join('\n'),
    fields,
  }
  return {
    content: '',
    embeds: [embed],
    components: buttonRows([
      button(tableButtonId(table.id, 'join'), lang.t('table:buttons.join'), ButtonStyle.Success),
      button(tableButtonId(table.id, 'leave'), lang.t('table:buttons.leave'), ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'start'), lang.t('table:buttons.start'), ButtonStyle.Primary),
      button(tableButtonId(table.id, 'ai'), lang.t('table:buttons.addAi'), ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'rules'), lang.t('table:buttons.rules'), ButtonStyle.Secondary),
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
  return [{ name: lang.t('table:message.latest'), value: clip(value, 1024) }]
}

function standingsText(lang: Lang, table: RenderTable): string {
  const players = table.seats.filter((s) => s.status === 'seated' || s.stack > 0)
  return players.map((s) => `${mention(s.userId)}${s.stack ? ` — ${chips(s.stack, lang)}` : ''}`).join('\n')
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
      title: lang.t(table.status === 'aborted' ? 'table:message.closedTitle' : 'table:message.finishedTitle', {
        game: rules.title,
      }),
      color: COLOURS.over,
      description: clip(standingsText(lang, table) || lang.t('table:message.closed'), 4096),
      fields: recentField(lang, recent),
    }
    return { content: '', embeds: [embed], components: [], allowedMentions: NO_PINGS }
  }
  const { engine, renderer } = moduleOf(table)
  const ctx = contextFor(lang, table)
  const p = renderer.publicParts(engine.view(table.state, null), ctx)
  // Between games (and Bugami deals) anyone seated may start the next one, and newcomers may join.
  const between = table.progress === 'gameOver' || table.progress === 'between'
  const lines = [
    ...(isPracticeTable(table.seats) ? [lang.t('table:practiceNote'), ''] : []),
    p.status,
    '',
    ...p.seatLines,
  ]
  // The result's headline; its details repeat what the seat lines above already show.
  if (p.result) lines.push('', p.result.headline)
  // The game before this one in one line, while this one runs: its full result stays above.
  else if (!over && previous) lines.push('', `⏮ ${previous}`)
  const away = table.seats.filter((s) => s.status === 'seated' && s.away && s.position !== null)
  if (!over && away.length)
    lines.push(
      '',
      lang.t('table:message.away', {
        who: listText(
          away.map((s) => mention(s.userId)),
          'and',
          lang,
        ),
      }),
    )
  const gone = table.seats.filter((s) => s.status === 'left' && s.position !== null)
  if (!over && gone.length && engine.table.freezeout(table.options))
    lines.push(
      lang.t('table:message.goneFreezeout', {
        who: listText(
          gone.map((s) => mention(s.userId)),
          'and',
          lang,
        ),
      }),
    )
  else if (!over && gone.length && table.progress === 'acting')
    lines.push(
      lang.t('table:message.goneActing', {
        who: listText(
          gone.map((s) => mention(s.userId)),
          'and',
          lang,
        ),
      }),
    )
  if (!over && table.endsAt !== null)
    lines.push(
      table.endsAt > now
        ? lang.t('table:message.endAhead', { when: relativeTime(table.endsAt) })
        : lang.t('table:message.endPassed'),
    )
  if (!over && table.deadlineAt !== null && table.progress === 'acting') {
    lines.push(
      '',
      table.deadlineAt > now
        ? lang.t('table:message.deadline', { when: relativeTime(table.deadlineAt) })
        : lang.t('table:message.deadlinePassed'),
    )
  }
  if (!over && between) {
    const label = nextLabel(lang, table)
    lines.push(
      '',
      table.deadlineAt !== null && table.deadlineAt > now
        ? lang.t('table:message.goOnAt', { label, when: relativeTime(table.deadlineAt) })
        : lang.t('table:message.goOn', { label }),
    )
  }
  if (!over) lines.push(...cashTableLines(lang, table, between))
  if (over) lines.push('', lang.t(table.status === 'aborted' ? 'table:message.aborted' : 'table:message.finished'))
  const fields = [...p.fields, ...recentField(lang, recent)]
  const embed: APIEmbed = {
    title: over ? lang.t('table:message.finalTitle', { game: rules.title }) : rules.title,
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
              button(tableButtonId(table.id, 'join'), lang.t('table:buttons.join'), ButtonStyle.Secondary),
              ...(busted(table).length
                ? [button(tableButtonId(table.id, 'rebuy'), lang.t('table:buttons.rebuy'), ButtonStyle.Success)]
                : []),
            ]
          : // A table that deals game after game seats newcomers during a game too.
            moduleOf(table).engine.table.betweenGames && table.options.format !== 'freezeout'
            ? [button(tableButtonId(table.id, 'join'), lang.t('table:buttons.join'), ButtonStyle.Secondary)]
            : []),
        button(tableButtonId(table.id, 'hand'), lang.t('table:buttons.yourHand'), ButtonStyle.Primary),
        button(tableButtonId(table.id, 'rules'), lang.t('table:buttons.rules'), ButtonStyle.Secondary),
        button(tableButtonId(table.id, 'leave'), lang.t('table:buttons.leave'), ButtonStyle.Secondary),
      ])
  return { content: '', embeds: [embed], components, allowedMentions: NO_PINGS }
}

/** "Next deal" between Bugami deals; else "Next game", or the game's own word ("Next hand"). */
function nextLabel(lang: Lang, table: RenderTable): string {
  return lang.t(`table:next.${table.progress === 'between' ? 'deal' : gameWordOf(moduleOf(table).rules)}`)
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
  const word = gameWordOf(rules)
  const lines: string[] = []
  const waiting = table.seats.filter((s) => s.status === 'seated' && s.position === null)
  if (waiting.length)
    lines.push(
      lang.t(`table:cash.waiting.${word}`, {
        who: listText(
          waiting.map((s) => mention(s.userId)),
          'and',
          lang,
        ),
      }),
    )
  if (!between) return lines
  const out = busted(table)
  if (out.length) lines.push(lang.t(`table:cash.busted.${word}`, { who: listText(out.map(mention), 'and', lang) }))
  const stacks = engine.chipTotals(table.state)?.stacks ?? []
  for (const s of table.seats)
    if (s.status === 'left' && s.position !== null && (stacks[s.position] ?? 0) > 0)
      lines.push(lang.t('table:cash.stoodUp', { who: mention(s.userId), chips: chips(stacks[s.position]!, lang) }))
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
    { name: lang.t('table:view.atTable'), value: clip(pub.seatLines.join('\n'), 1024) },
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

/**
 * What the game asks of each user ("20 to call"), from the spectator view (the ping is public).
 * Users asked the same are asked together, in the plural where the language has one ("euer Gebot").
 */
function turnAsks(lang: Lang, table: RenderTable, userIds: readonly string[]): string {
  const { engine, renderer } = moduleOf(table)
  const view = table.state === null || table.state === undefined ? null : engine.view(table.state, null)
  const askOf = (position: number | null, count: number) =>
    view !== null && position !== null
      ? renderer.turnAsk(view, position, lang, count)
      : lang.t('table:ping.yourTurn', { count })
  const byAsk = new Map<string, { position: number | null; who: string[] }>()
  for (const u of userIds) {
    const position = table.seats.find((s) => s.userId === u)?.position ?? null
    const ask = askOf(position, 1)
    const group = byAsk.get(ask) ?? { position, who: [] }
    byAsk.set(ask, { ...group, who: [...group.who, mention(u)] })
  }
  const groups = [...byAsk.values()]
  if (groups.length === 1) return askOf(groups[0]!.position, groups[0]!.who.length)
  return groups.map((g) => `${askOf(g.position, g.who.length)} (${listText(g.who, 'and', lang)})`).join('; ')
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
  const url =
    table.guildId && table.channelId && messageId
      ? `https://discord.com/channels/${table.guildId}/${table.channelId}/${messageId}`
      : null
  const when = table.deadlineAt !== null ? relativeTime(table.deadlineAt) : null
  const deadline =
    when === null
      ? ''
      : ` ${url === null ? lang.t('table:ping.deadline', { when }) : lang.t('table:ping.deadlineLink', { when, url })}`
  const who = listText(userIds.map(mention), 'and', lang)
  const asks = turnAsks(lang, table, userIds)
  return {
    content: clip(
      lang.t('table:ping.turn', { count: userIds.length, who, game: moduleOf(table).rules.title, asks }) + deadline,
      2000,
    ),
    components: buttonRows([
      button(tableButtonId(table.id, 'hand'), lang.t('table:buttons.play'), ButtonStyle.Primary),
    ]),
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
  const word = gameWordOf(rules)
  const label = nextLabel(lang, table)
  const next = !between
    ? ''
    : table.deadlineAt !== null && table.deadlineAt > now
      ? ` ${lang.t(`table:ping.nextAt.${word}`, { when: relativeTime(table.deadlineAt), label })}`
      : ` ${lang.t(`table:ping.nextDealt.${word}`)}`
  const who = listText(userIds.map(mention), 'and', lang)
  return {
    content: clip(
      lang.t('table:ping.result', { who, game: rules.title, result: result ?? lang.t('table:ping.over') }) + next,
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
  const why = lang.t(e.reason === 'freezeout' ? 'table:final.freezeout' : 'table:final.agreedEnd', {
    game: moduleOf(table).rules.title,
  })
  const signed = (n: number) => (n > 0 ? `+${lang.number(n)}` : n < 0 ? `−${lang.number(-n)}` : '±0')
  const lines = e.standings.map((s, i) =>
    lang.t('table:final.line', {
      n: i + 1,
      who: mention(s.userId),
      chips: chips(s.stack, lang),
      result: signed(s.result),
    }),
  )
  const who = e.winners.length
    ? lang.t('table:final.wins', { count: e.winners.length, who: listText(e.winners.map(mention), 'and', lang) })
    : ''
  return {
    content: clip(`🏁 ${why}\n${lines.join('\n')}\n${who}`, 2000),
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
  return { ...ping, content: clip(lang.t('table:ping.reminder', { ping: ping.content }), 2000) }
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
    lines.push(...(auto.has(from) ? run.map((line) => lang.t('table:events.automatic', { line })) : run))
    from = to
  }
  return lines
}

/**
 * Table events as log lines: seats taken and left (with their chips), kicks, rebuys, away and
 * back. The others are told elsewhere: the lobby (created), the game's own deal line (started,
 * nextGame), the marked engine lines of automatic moves (autoMove), the result and final
 * standings posts (gameOver, final), the closed table message with its refund lines (ended).
 */
export function describeTableEvents(lang: Lang, events: readonly TableEvent[]): string[] {
  const lines: string[] = []
  for (const e of events) {
    switch (e.type) {
      case 'joined':
        lines.push(
          e.buyIn > 0
            ? lang.t('table:events.joinedBuyIn', { who: mention(e.userId), chips: chips(e.buyIn, lang) })
            : lang.t('table:events.joined', { who: mention(e.userId) }),
        )
        break
      case 'left': {
        const who = mention(e.userId)
        const cashed = chips(e.cashedOut, lang)
        const removed = e.by !== null && e.by !== e.userId
        lines.push(
          removed
            ? lang.t(e.cashedOut > 0 ? 'table:events.removedOut' : 'table:events.removed', {
                by: mention(e.by),
                who,
                chips: cashed,
              })
            : lang.t(e.cashedOut > 0 ? 'table:events.stoodUpOut' : 'table:events.stoodUp', { who, chips: cashed }),
        )
        break
      }
      case 'rebuy':
        lines.push(lang.t('table:events.rebuy', { who: mention(e.userId), chips: chips(e.amount, lang) }))
        break
      case 'away':
        lines.push(lang.t('table:events.away', { who: mention(e.userId) }))
        break
      case 'back':
        lines.push(lang.t('table:events.back', { who: mention(e.userId) }))
        break
      case 'created':
      case 'started':
      case 'nextGame':
      case 'autoMove':
      case 'gameOver':
      case 'final':
      case 'ended':
        break
      default:
        // A new kind of table event must say here whether it is a log line.
        e satisfies never
    }
  }
  return lines
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
  const freezeout = table.options.format === 'freezeout'
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
