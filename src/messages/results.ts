import { chips, listText } from '../render/format.js'
import { clip, NO_PINGS, type Payload } from '../render/payload.js'
import type { TableEvent } from '../tables/types.js'
import type { GameResult, RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'
import { contextFor, members, moduleOf } from './table-context.js'

/**
 * Results in the channel: a finished game's result, its one line on the next table message, a
 * match's final standings.
 */

/**
 * The final standings of a match table (freeze-out won, agreed end reached): every player's
 * result, the winner named, and each player in it pinged, once.
 */
export function renderFinalStandings(
  lang: Lang,
  table: RenderTable,
  e: Extract<TableEvent, { type: 'final' }>,
): Payload {
  const tournament = table.options.format === 'tournament'
  const why = lang.t(
    e.reason === 'agreedEnd'
      ? 'table:final.agreedEnd'
      : tournament
        ? 'table:final.tournament'
        : 'table:final.freezeout',
    { game: moduleOf(table).rules.title },
  )
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
  const prizes = (e.prizes ?? []).map((p) =>
    p.place === null
      ? lang.t('table:final.prizeBack', { who: mention(p.userId), chips: chips(p.amount, lang) })
      : lang.t('table:final.prize', { place: p.place, who: mention(p.userId), chips: chips(p.amount, lang) }),
  )
  return {
    content: clip([`🏁 ${why}`, ...lines, who, ...prizes].join('\n'), 2000),
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
