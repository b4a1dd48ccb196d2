/**
 * The page's own words (not the bot's): what Discord's client writes around messages, in the
 * reader's Discord language as their client writes them. Languages not listed here read English.
 */
export interface PageWords {
  /** "Today at 14:32" */
  today(time: string): string
  yesterday(time: string): string
  edited: string
  /** The note under an ephemeral message: "Only you can see this", then the link to dismiss it. */
  onlyYou: string
  dismiss: string
  /** A deferred answer's placeholder: "CardBot is thinking…" */
  thinking(name: string): string
  /** A select menu's placeholder when the bot gives none. */
  selectPlaceholder: string
  /** The sandbox's button that sends a multi-select's picks (Discord sends them when the menu closes). */
  choose(count: number): string
}

const ENGLISH: PageWords = {
  today: (time) => `Today at ${time}`,
  yesterday: (time) => `Yesterday at ${time}`,
  edited: '(edited)',
  onlyYou: 'Only you can see this',
  dismiss: 'Dismiss message',
  thinking: (name) => `${name} is thinking…`,
  selectPlaceholder: 'Make a selection',
  choose: (count) => (count === 0 ? 'Choose none' : `Choose ${count}`),
}

const GERMAN: PageWords = {
  today: (time) => `Heute um ${time}`,
  yesterday: (time) => `Gestern um ${time}`,
  edited: '(bearbeitet)',
  onlyYou: 'Nur du kannst das sehen',
  dismiss: 'Nachricht verwerfen',
  thinking: (name) => `${name} denkt nach …`,
  selectPlaceholder: 'Triff eine Auswahl',
  choose: (count) => (count === 0 ? 'Keine auswählen' : `${count} auswählen`),
}

/** The words for a Discord locale ("de", "en-US"): by its language, English when the page has none for it. */
export function pageWords(locale: string): PageWords {
  return locale.split('-')[0] === 'de' ? GERMAN : ENGLISH
}
