import { chips, listText } from '../render/format.js'
import type { TableEvent } from '../tables/types.js'
import type { RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'
import { contextFor, moduleOf } from './table-context.js'

/** The table's public log in words: the game's events and the table's comings and goings. */

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
 * back, an end the host asked for, and a table closed at once with what each seat got back. The
 * others are told elsewhere: the lobby (created), the game's own deal line (started, nextGame),
 * the marked engine lines of automatic moves (autoMove), the result and final standings posts
 * (gameOver, final), the closed table message with its refund lines (ended).
 */
export function describeTableEvents(lang: Lang, events: readonly TableEvent[]): string[] {
  const lines: string[] = []
  for (const e of events) {
    switch (e.type) {
      case 'joined':
        lines.push(
          e.buyIn > 0
            ? lang.t(e.entryFee ? 'table:events.joinedEntryFee' : 'table:events.joinedBuyIn', {
                who: mention(e.userId),
                chips: chips(e.buyIn, lang),
              })
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
        lines.push(
          lang.t(e.practice ? 'table:events.rebuyPractice' : 'table:events.rebuy', {
            who: mention(e.userId),
            chips: chips(e.amount, lang),
          }),
        )
        break
      case 'away':
        lines.push(lang.t('table:events.away', { who: mention(e.userId) }))
        break
      case 'back':
        lines.push(lang.t('table:events.back', { who: mention(e.userId) }))
        break
      case 'deserted':
        lines.push(lang.t('table:events.deserted'))
        break
      case 'endRequested':
        lines.push(lang.t('table:events.endRequested', { who: mention(e.userId) }))
        break
      case 'voided': {
        const returns = e.returns.filter((r) => r.amount > 0)
        lines.push(
          lang.t(`table:events.closed.${e.reason}`, {
            who: e.by === null ? '' : mention(e.by),
            returns: returns.length
              ? listText(
                  returns.map((r) =>
                    lang.t('table:events.returned', { who: mention(r.userId), chips: chips(r.amount, lang) }),
                  ),
                  'and',
                  lang,
                )
              : lang.t('table:events.returnedNone'),
          }),
        )
        break
      }
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
