import type { Lang } from '../../i18n/index.js'
import { DEFAULT_SETTINGS } from '../../store/settings.js'
import type { GameRules } from '../../render/rules-text.js'

// The ante follows the server's stakes unless the table sets it.
const STAKES = DEFAULT_SETTINGS.defaultStakes

// The order of the sections on the pages; their words are in rules.json under bura.sections.
const SECTIONS = [
  'cards',
  'deal',
  'tricks',
  'drawing',
  'combinations',
  'declaring',
  'finalCall',
  'counting',
  'chips',
  'variants',
  'points',
  'kozel',
  'agreedEnd',
] as const

/** /rules for Bura: a faithful summary of its docs/rules/bura.md section. */
export function buraRules(lang: Lang): GameRules {
  const vars = { stakes: lang.number(STAKES) }
  return {
    title: lang.t('rules:bura.title'),
    tagline: lang.t('rules:bura.tagline'),
    sections: SECTIONS.map((s) => ({
      title: lang.t(`rules:bura.sections.${s}.title`),
      body: lang.t(`rules:bura.sections.${s}.body`, vars),
    })),
  }
}
