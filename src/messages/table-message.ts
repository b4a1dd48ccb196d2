import type { APIEmbed, APIEmbedField } from 'discord.js'
import { tableButtonId } from '../render/custom-id.js'
import { chips, gameWordOf, listText } from '../render/format.js'
import { button, ButtonStyle, buttonRows, clip, COLOURS, NO_PINGS, type Payload } from '../render/payload.js'
import { isPracticeTable } from '../tables/ai-seats.js'
import type { RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention, relativeTime } from '../render/markup.js'
import { busted, contextFor, moduleOf, nextLabel, optionsText } from './table-context.js'
import { lobby } from './lobby.js'

/** The public table message of any registered game: the lobby, the game as everyone sees it, the closed table. */

const RECENT_LINES = 6

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

/** Starts the line of a live table's message that reports the game before the one in progress. */
export const PREVIOUS_GAME_MARK = '⏮'

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
    return { content: '', embeds: [embed], components: rematchRow(lang, table), allowedMentions: NO_PINGS }
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
  else if (!over && previous) lines.push('', `${PREVIOUS_GAME_MARK} ${previous}`)
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
  if (!over && table.endAfterGame) lines.push(lang.t('table:message.endRequested'))
  else if (!over && table.endsAt !== null)
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
    ? rematchRow(lang, table)
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
            moduleOf(table).engine.table.betweenGames && !moduleOf(table).engine.table.freezeout(table.options)
            ? [button(tableButtonId(table.id, 'join'), lang.t('table:buttons.join'), ButtonStyle.Secondary)]
            : []),
        button(tableButtonId(table.id, 'hand'), lang.t('table:buttons.yourHand'), ButtonStyle.Primary),
        button(tableButtonId(table.id, 'rules'), lang.t('table:buttons.rules'), ButtonStyle.Secondary),
        button(tableButtonId(table.id, 'leave'), lang.t('table:buttons.leave'), ButtonStyle.Secondary),
      ])
  return { content: '', embeds: [embed], components, allowedMentions: NO_PINGS }
}

/**
 * A cash table's comings and goings: who waits to be dealt in, who is out of chips, who stood
 * up between games with their chips paid out (the engine still shows their last stack).
 */
function cashTableLines(lang: Lang, table: RenderTable, between: boolean): string[] {
  const { engine, rules } = moduleOf(table)
  if (!engine.table.betweenGames || engine.table.freezeout(table.options)) return []
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

/** A finished game, match or tournament offers a new table with the same game and options (docs/rematch.md). */
function rematchRow(lang: Lang, table: RenderTable) {
  return table.status === 'finished'
    ? buttonRows([button(tableButtonId(table.id, 'rematch'), lang.t('table:buttons.rematch'), ButtonStyle.Success)])
    : []
}
