import { createInstance, type TFunction } from 'i18next'
import { GenerationCache } from '../lib/generation-cache.js'
import { RESOURCES, type Locale, type ResourceTree } from './resources.js'

export { LOCALES, type Locale } from './resources.js'

/**
 * One language, ready to write in: `t` looks up a key of the resource files (typed, see
 * i18next.d.ts), the formatters follow the language's conventions. Render functions take a `Lang`
 * rather than a locale so they never reach for a global.
 */
/** Every namespace: `t('ns:key')` reaches any of them, the default (`common`) needs no prefix. */
type Namespaces = readonly (keyof (typeof RESOURCES)['en'])[]

export interface Lang {
  readonly locale: Locale
  readonly t: TFunction<Namespaces>
  /** 1,234 in English, 1.234 in German. */
  number(n: number): string
  /** "a, b and c" / "a, b und c". */
  list(items: readonly string[]): string
  /** "2 hours 5 minutes" / "2 Stunden 5 Minuten": whole units, largest first, at most two. */
  duration(ms: number): string
}

const i18n = createInstance()
// Resources are bundled, so init is synchronous: every `Lang` below is ready at import time.
void i18n.init({
  resources: RESOURCES,
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(RESOURCES.en),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
})

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const

/**
 * Texts already put together, per language: a busy bot writes the same lines over and over (seat
 * lines, buttons, headings), and i18next's lookup with plurals and interpolation costs more than
 * the table's own rendering. Bounded, keeping the texts in use (a busy bot's texts with names and
 * amounts outnumber the limit; starting afresh would lose the common ones with them): a cache of
 * two generations, whose read costs a map lookup where an exact LRU's costs three (the lookup is
 * among the bot's largest costs per move).
 */
const REMEMBERED_TEXTS = 20_000
const remembered = new Map<Locale, GenerationCache<string, string>>()

function rememberingT(locale: Locale): TFunction<Namespaces> {
  const fixed = i18n.getFixedT(locale) as unknown as (...args: unknown[]) => unknown
  const texts = new GenerationCache<string, string>(REMEMBERED_TEXTS)
  remembered.set(locale, texts)
  return ((...args: unknown[]) => {
    const key = JSON.stringify(args)
    const known = texts.get(key)
    if (known !== undefined) return known
    const text = fixed(...args)
    // Only strings: an object (`returnObjects`) could be changed by the caller.
    if (typeof text === 'string') texts.set(key, text)
    return text
  }) as unknown as TFunction<Namespaces>
}

function makeLang(locale: Locale): Lang {
  const t = rememberingT(locale)
  const numbers = new Intl.NumberFormat(locale)
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })
  const units = Object.fromEntries(
    UNITS.map(([unit]) => [unit, new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' })]),
  ) as Record<(typeof UNITS)[number][0], Intl.NumberFormat>
  return {
    locale,
    t,
    number: (n) => numbers.format(n),
    list: (items) => lists.format(items),
    duration(ms) {
      const secs = Math.max(0, Math.round(ms / 1000))
      const found = UNITS.findIndex(([, size]) => secs * 1000 >= size)
      const i = found < 0 ? UNITS.length - 1 : found
      const [unit, size] = UNITS[i]!
      const whole = Math.floor((secs * 1000) / size)
      const parts = [units[unit].format(whole)]
      const next = UNITS[i + 1]
      // At most two adjacent units: "2 hours 5 minutes", never "2 days 5 seconds".
      const rest = next ? Math.floor(((secs * 1000) % size) / next[1]) : 0
      if (next && rest > 0) parts.push(units[next[0]].format(rest))
      return parts.join(' ')
    },
  }
}

/**
 * Adds texts for a game registered at run time (the test suite's toy game), whose words cannot
 * live in the bundled resource files. Merged into the namespace, before any bot starts.
 */
export function addTexts(locale: Locale, namespace: keyof (typeof RESOURCES)['en'], texts: ResourceTree): void {
  i18n.addResourceBundle(locale, namespace, texts, true, false)
  remembered.get(locale)?.clear()
}

const LANGS: Record<Locale, Lang> = { en: makeLang('en'), de: makeLang('de') }

export const ENGLISH = LANGS.en

export const langOf = (locale: Locale): Lang => LANGS[locale]

/** The bot's language for a Discord locale ("de", "en-US", ...): German for German, else English. */
export function localeOfDiscord(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('de') ? 'de' : 'en'
}
