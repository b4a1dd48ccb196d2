import type { Rank } from '../../core/cards.js'
import type { BadugiAction } from './rules/index.js'
import type { DecideOptions } from '../../ai/budget.js'
import type { Lang } from '../../i18n/index.js'
import { cardsText, cardText } from '../../render/format.js'
import type { Hint } from '../../render/game-module.js'
import { rankLetter } from '../../render/ranks.js'
import { decideBadugi } from './ai.js'
import { adviseBadugi, type BadugiHistory, type BadugiReason } from './expert.js'

const key = (a: BadugiAction) => (a.type === 'draw' ? [...a.cards].sort().join() : a.type)

function moveText(a: BadugiAction, lang: Lang): string {
  if (a.type === 'draw')
    return a.cards.length
      ? lang.t('table:hint.moves.draw', { cards: cardsText(a.cards, lang) })
      : lang.t('table:hint.moves.standPat')
  return a.type === 'leave' ? lang.t('table:hint.moves.fold') : lang.t(`table:hint.moves.${a.type}`)
}

/** A hand's high card as the reader writes ranks (ace low: 1 is the ace). */
const highText = (high: number, lang: Lang) => rankLetter('A23456789TJQK'[high - 1] as Rank, lang.locale)

function reasonText(r: BadugiReason, action: BadugiAction, lang: Lang): string {
  const drawn = action.type === 'draw' ? cardsText(action.cards, lang) : ''
  return lang.t(`table:hint.badugi.${r.kind}`, {
    move: moveText(action, lang),
    cards: drawn,
    card: r.kind === 'breakHigh' ? cardText(r.card, lang) : '',
    high: 'high' in r ? highText(r.high, lang) : '',
    kept: r.kind === 'draw' ? r.kept : 0,
    chance: r.kind === 'potOdds' ? r.chance : 0,
  })
}

/** Badugi's Hint: the AI's move, with the expert's reason when the expert plays the same. */
export function hintBadugi(h: BadugiHistory, opts: DecideOptions, lang: Lang): Hint<BadugiAction> | null {
  const view = h.entries[h.entries.length - 1]?.view
  const action = decideBadugi(h, opts)
  if (!view || !action) return null
  const advice = adviseBadugi(view, h.seat, opts.seed)
  const text =
    advice && key(advice.action) === key(action)
      ? reasonText(advice.reason, action, lang)
      : lang.t('table:hint.searched', { move: moveText(action, lang) })
  return { action, text }
}
