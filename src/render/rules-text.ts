import type { Lang } from '../i18n/index.js'

/**
 * /rules in words: each game module's rules are a faithful summary of its page in docs/rules/ (the
 * project's spec), in sections a player reads on Discord. The words live in the `rules` resource
 * namespace (src/i18n/locales/<lang>/rules.json); the German pages are written from the German
 * sources, not translated back from English. Section bodies stay under an embed field's 1,024
 * characters.
 */
export interface RulesSection {
  readonly title: string
  readonly body: string
}

export interface GameRules {
  readonly title: string
  readonly tagline: string
  readonly sections: readonly RulesSection[]
  /** What one game at a table is called on its buttons ("Next hand"); default "game". */
  readonly gameWord?: string
}

/** A game's rules pages in a language. */
export type RulesText = (lang: Lang) => GameRules
