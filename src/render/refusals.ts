import type { RefusalParam, RuleError } from '../core/engine.js'
import type { Lang } from '../i18n/index.js'
import { cardsText } from './format.js'
import { clip, ephemeral, type Payload } from './payload.js'
import { lookupText } from '../i18n/lookup.js'
import { slashOptionName } from '../core/options.js'

/**
 * A refusal in words: the engines, the table service and the store refuse with a code and its
 * parameters (RuleError); the text is the code's entry in the refusals resource file
 * (src/i18n/locales/<lang>/refusals.json). A private answer passes the member's language, the
 * command-line tools pass ENGLISH.
 */
export function refusalText(error: RuleError, lang: Lang): string {
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(error.params ?? {})) params[name] = paramText(value, lang)
  // Codes are checked against the resource files by test/i18n/refusals.test.ts, not by the compiler.
  return lang.t(`refusals:${error.code}` as 'refusals:stale', params)
}

function paramText(value: RefusalParam, lang: Lang): string | number {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return value
  if ('cards' in value) return cardsText(value.cards, lang)
  if ('option' in value) return optionName(value.game, value.option, lang)
  return lang.duration(value.ms)
}

/** A table option as the member types it: the start command's option name in their language. */
function optionName(game: string, option: string, lang: Lang): string {
  return lookupText(lang.locale, 'commands', `slash.games.${game}.${option}.name`) ?? slashOptionName(option)
}

/** A friendly "no" that says what to do instead; only the one who asked sees it. */
export function renderRefusal(message: string, hint?: string): Payload {
  const text = hint ? `${message}\n${hint}` : message
  return ephemeral({ content: clip(`🙅 ${text}`, 2000) })
}
