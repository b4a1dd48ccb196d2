import commandsDe from './locales/de/commands.json' with { type: 'json' }
import commandsEn from './locales/en/commands.json' with { type: 'json' }
import messagesDe from './locales/de/messages.json' with { type: 'json' }
import messagesEn from './locales/en/messages.json' with { type: 'json' }
import commonDe from './locales/de/common.json' with { type: 'json' }
import commonEn from './locales/en/common.json' with { type: 'json' }
import refusalsDe from './locales/de/refusals.json' with { type: 'json' }
import refusalsEn from './locales/en/refusals.json' with { type: 'json' }
import rulesDe from './locales/de/rules.json' with { type: 'json' }
import rulesEn from './locales/en/rules.json' with { type: 'json' }
import cardsDe from './locales/de/cards.json' with { type: 'json' }
import cardsEn from './locales/en/cards.json' with { type: 'json' }
import tableDe from './locales/de/table.json' with { type: 'json' }
import tableEn from './locales/en/table.json' with { type: 'json' }

/**
 * Every resource file, per language per namespace (one JSON file per language per area). To add
 * a namespace: a JSON file in each `locales/<lang>/` and a line in each object below;
 * test/i18n/resources.test.ts checks both languages have the same keys and variables.
 */
export const RESOURCES = {
  en: {
    common: commonEn,
    commands: commandsEn,
    messages: messagesEn,
    rules: rulesEn,
    refusals: refusalsEn,
    table: tableEn,
    cards: cardsEn,
  },
  de: {
    common: commonDe,
    commands: commandsDe,
    messages: messagesDe,
    rules: rulesDe,
    refusals: refusalsDe,
    table: tableDe,
    cards: cardsDe,
  },
} as const

export type Locale = keyof typeof RESOURCES
export const LOCALES = Object.keys(RESOURCES) as Locale[]

/** A resource file's texts: one string per key, nested by area. */
export type ResourceTree = { readonly [key: string]: string | ResourceTree }
