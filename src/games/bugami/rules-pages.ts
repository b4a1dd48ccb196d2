import { bugamiEngine } from './rules/engine.js'
import type { Lang } from '../../i18n/index.js'
import type { GameRules } from '../../render/rules-text.js'

// The default comes from the engine, so /rules cannot drift from it.
const BUGAMI_TARGET = bugamiEngine.optionsSchema.parse({}).target

// The order of the sections on the pages; their words are in rules.json under bugami.sections.
const SECTIONS = ['deal', 'bids', 'play', 'scoring', 'winning', 'variants'] as const

/** /rules for Bugami: a faithful summary of its docs/rules/bugami.md section. */
export function bugamiRules(lang: Lang): GameRules {
  return {
    title: lang.t('rules:bugami.title'),
    tagline: lang.t('rules:bugami.tagline'),
    sections: SECTIONS.map((s) => ({
      title: lang.t(`rules:bugami.sections.${s}.title`),
      body: lang.t(`rules:bugami.sections.${s}.body`, { target: lang.number(BUGAMI_TARGET) }),
    })),
  }
}
