import { gameModule } from '../games/registry.js'
import { durationText, gameWordOf } from '../render/format.js'
import type { AnyGameModule } from '../render/game-module.js'
import { clip } from '../render/payload.js'
import { isAiSeat } from '../tables/ai-seats.js'
import { isOpen } from '../tables/index.js'
import type { RenderContext, RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'

/** What every table message shares: the table's game module, its render context and labels. */

export function moduleOf(table: RenderTable): AnyGameModule {
  const module = gameModule(table.game)
  if (!module) throw new Error(`no game module for game ${table.game}`)
  return module
}

export function contextFor(lang: Lang, table: RenderTable): RenderContext {
  const byPosition = new Map<number, string>()
  for (const s of table.seats) if (s.position !== null) byPosition.set(s.position, s.userId)
  return {
    lang,
    table,
    options: table.options,
    live: isOpen(table.status),
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

/** "Next deal" between Bugami deals; else "Next game", or the game's own word ("Next hand"). */
export function nextLabel(lang: Lang, table: RenderTable): string {
  return lang.t(`table:next.${table.progress === 'between' ? 'deal' : gameWordOf(moduleOf(table).rules)}`)
}

/**
 * Between games at a cash table without a carried pot (Badugi): seated players with no chips
 * left, who rebuy or stand up at the next deal (Bura deals out whoever cannot pay the ante).
 */
export function busted(table: RenderTable): string[] {
  const { engine } = moduleOf(table)
  const cash = engine.usesChips && !engine.table.carriesPot && !engine.table.freezeout(table.options)
  return cash ? table.seats.filter((s) => s.status === 'seated' && s.stack === 0).map((s) => s.userId) : []
}

/** The members among users a message may ping (at most 100); AI seats are nobody to ping. */
export function members(userIds: readonly string[]): string[] {
  return userIds.filter((u) => !isAiSeat(u)).slice(0, 100)
}
