import { badugiEngine } from './rules/engine.js'
import type { Lang } from '../../i18n/index.js'
import { DEFAULT_SETTINGS } from '../../store/settings.js'
import type { GameRules } from '../../render/rules-text.js'

// Blinds and bets come from the engine's stakes rule, so /rules cannot drift from a table.
const STAKES = DEFAULT_SETTINGS.defaultStakes
const BADUGI_AT_STAKES = badugiEngine.table.stakes(STAKES)

// The order of the sections on the pages; their words are in rules.json under badugi.sections.
const SECTIONS = [
  'handValue',
  'betting',
  'hand',
  'allIn',
  'potLimit',
  'cash',
  'freezeout',
  'nobodyLeft',
  'agreedEnd',
] as const

/** /rules for Badugi: a faithful summary of its docs/rules/badugi.md section. */
export function badugiRules(lang: Lang): GameRules {
  const n = (x: number | undefined) => lang.number(x ?? 0)
  const vars = {
    stakes: n(STAKES),
    smallBlind: n(BADUGI_AT_STAKES.smallBlind),
    bigBlind: n(BADUGI_AT_STAKES.bigBlind),
    smallBet: n(BADUGI_AT_STAKES.smallBet),
    bigBet: n(BADUGI_AT_STAKES.bigBet),
  }
  return {
    title: lang.t('rules:badugi.title'),
    gameWord: 'hand',
    tagline: lang.t('rules:badugi.tagline'),
    sections: SECTIONS.map((s) => ({
      title: lang.t(`rules:badugi.sections.${s}.title`),
      body: lang.t(`rules:badugi.sections.${s}.body`, vars),
    })),
  }
}
