import type { BugamiAction } from './rules/index.js'
import type { DecideOptions } from '../../ai/budget.js'
import type { Lang } from '../../i18n/index.js'
import { cardText, suitName } from '../../render/format.js'
import type { Hint } from '../../render/game-module.js'
import { decideBugami } from './ai.js'
import { adviseBugami, bugamiMemory, type BugamiHistory, type BugamiReason } from './expert.js'

const key = (a: BugamiAction) => (a.type === 'play' ? a.card : 'misere' in a ? 'misere' : a.suit)

function moveText(a: BugamiAction, lang: Lang): string {
  if (a.type === 'play') return lang.t('table:hint.moves.play', { cards: cardText(a.card, lang) })
  return 'misere' in a
    ? lang.t('table:hint.moves.bidMisere')
    : lang.t('table:hint.moves.bidSuit', { suit: suitName(a.suit, lang) })
}

function reasonText(r: BugamiReason, lang: Lang): string {
  return lang.t(`table:hint.bugami.${r.kind}`, {
    card: 'card' in r ? cardText(r.card, lang) : '',
    suit: r.kind === 'bidSuit' ? suitName(r.suit, lang) : '',
  })
}

/** Bugami's Hint: the AI's move, with the expert's reason when the expert plays the same. */
export function hintBugami(h: BugamiHistory, opts: DecideOptions, lang: Lang): Hint<BugamiAction> | null {
  const view = h.entries[h.entries.length - 1]?.view
  const action = decideBugami(h, opts)
  if (!view || !action) return null
  const advice = adviseBugami(view, bugamiMemory(h), h.seat)
  const text =
    advice && key(advice.action) === key(action) && advice.action.type === action.type
      ? reasonText(advice.reason, lang)
      : lang.t('table:hint.searched', { move: moveText(action, lang) })
  return { action, text }
}
