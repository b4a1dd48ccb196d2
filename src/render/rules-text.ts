/**
 * /rules in words: each game module's `rules` is a faithful summary of its RULES.md section (the
 * project's spec), in sections a player reads on Discord. Section bodies stay under an embed
 * field's 1,024 characters.
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
