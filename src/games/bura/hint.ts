import type { BuraAction } from './rules/index.js'
import type { DecideOptions } from '../../ai/budget.js'
import type { Lang } from '../../i18n/index.js'
import { cardsText, cardText } from '../../render/format.js'
import type { Hint } from '../../render/game-module.js'
import { decideBura } from './ai.js'
import { adviseBura, buraMemory, type BuraHistory, type BuraReason } from './expert.js'

const same = (a: BuraAction, b: BuraAction) =>
  a.type === b.type &&
  (a.type !== 'play' ||
    (b.type === 'play' && !a.faceDown === !b.faceDown && [...a.cards].sort().join() === [...b.cards].sort().join()))

function moveText(a: BuraAction, lang: Lang): string {
  return a.type === 'play'
    ? lang.t('table:hint.moves.play', { cards: cardsText(a.cards, lang) })
    : lang.t(`table:hint.moves.${a.type}`)
}

function reasonText(r: BuraReason, lang: Lang): string {
  const cards = 'cards' in r ? cardsText(r.cards, lang) : ''
  const gone = r.kind === 'beatSure' ? cardText(r.gone, lang) : ''
  return lang.t(`table:hint.bura.${r.kind}`, { cards, points: 'points' in r ? r.points : 0, gone })
}

/**
 * Bura's Hint: the AI's move for the seat (from its history only), with the expert's reason when
 * the expert plays the same, else the search's plain one.
 */
export function hintBura(h: BuraHistory, opts: DecideOptions, lang: Lang): Hint<BuraAction> | null {
  const view = h.entries[h.entries.length - 1]?.view
  const action = decideBura(h, opts)
  if (!view || !action) return null
  const advice = adviseBura(view, buraMemory(h), h.seat)
  const text =
    advice && same(advice.action, action)
      ? reasonText(advice.reason, lang)
      : lang.t('table:hint.searched', { move: moveText(action, lang) })
  return { action, text }
}
