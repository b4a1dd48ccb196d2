import { tableButtonId } from '../render/custom-id.js'
import { gameWordOf, listText } from '../render/format.js'
import { button, ButtonStyle, buttonRows, clip, type Payload } from '../render/payload.js'
import type { PingReason } from '../store/effects.js'
import type { RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention, relativeTime } from '../render/markup.js'
import { contextFor, members, moduleOf, nextLabel } from './table-context.js'

/** The table's pings: whose turn it is, a reminder before the deadline, a game's result. */

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
