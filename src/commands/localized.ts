import type { LocaleString } from 'discord.js'
import { LOCALES, type Locale } from '../i18n/index.js'
import { lookupText } from '../i18n/lookup.js'

/**
 * Slash command texts in every language, from the `commands` resource files (`slash.<path>`):
 * the English text is the command's own, the others become Discord's name and description
 * localisations. Discord always sends the English names back, so handlers read options by them.
 */

/** Variables of a text, the same in every language or worked out per language. */
type Vars = Readonly<Record<string, string>> | ((locale: Locale) => Readonly<Record<string, string>>)

const slashText = (locale: Locale, path: string, vars?: Vars): string | undefined =>
  lookupText(locale, 'commands', `slash.${path}`, typeof vars === 'function' ? vars(locale) : vars)

const OTHERS = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en')

function required(locale: Locale, path: string, vars?: Vars): string {
  const text = slashText(locale, path, vars)
  if (text === undefined) throw new Error(`no ${locale} text commands:slash.${path}`)
  return text
}

/** The English text at `path` and its translations, keyed by Discord locale. */
function inAll(path: string, vars?: Vars): { en: string; others: Partial<Record<LocaleString, string>> } {
  return { en: required('en', path, vars), others: Object.fromEntries(OTHERS.map((l) => [l, required(l, path, vars)])) }
}

/** Whether the resources have texts for `path` (a game added without translations has none). */
export const hasSlashTexts = (path: string): boolean => slashText('en', `${path}.description`) !== undefined

interface Localizable {
  setName(name: string): unknown
  setDescription(description: string): unknown
  setNameLocalizations(l: Partial<Record<LocaleString, string | null>> | null): unknown
  setDescriptionLocalizations(l: Partial<Record<LocaleString, string | null>> | null): unknown
}

/** Sets a command's, subcommand's or option's name and description from `slash.<path>.name|description`. */
export function named<T extends Localizable>(builder: T, path: string, vars?: Vars): T {
  const name = inAll(`${path}.name`)
  const description = inAll(`${path}.description`, vars)
  builder.setName(name.en)
  builder.setNameLocalizations(name.others)
  builder.setDescription(description.en)
  builder.setDescriptionLocalizations(description.others)
  return builder
}

/** The same text for every language besides English. */
const inEveryOther = (text: string): Partial<Record<LocaleString, string>> =>
  Object.fromEntries(OTHERS.map((l) => [l, text]))

/** A name that is the same in every language (a game's command is named by its id). */
export function sameNameInAll<T extends Localizable>(builder: T, name: string): T {
  builder.setName(name)
  builder.setNameLocalizations(inEveryOther(name))
  return builder
}

/** Sets only the description (of a command named by `sameNameInAll`). */
export function described<T extends Localizable>(builder: T, path: string, vars?: Vars): T {
  const description = inAll(`${path}.description`, vars)
  builder.setDescription(description.en)
  builder.setDescriptionLocalizations(description.others)
  return builder
}

/** A choice named by `slash.<path>.<value>`. */
export function choice<V extends string | number>(
  path: string,
  value: V,
): { name: string; value: V; name_localizations: Partial<Record<LocaleString, string>> } {
  const name = inAll(`${path}.${value}`)
  return { name: name.en, value, name_localizations: name.others }
}

/** A choice whose name is the same in every language (a game's or an AI player's name). */
export function sameInAll<V extends string | number>(
  name: string,
  value: V,
): { name: string; value: V; name_localizations: Partial<Record<LocaleString, string>> } {
  return { name, value, name_localizations: inEveryOther(name) }
}
