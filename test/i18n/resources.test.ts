import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf, LOCALES, localeOfDiscord } from '../../src/i18n/index.js'
import { isText, joinedText, RESOURCES, type ResourceTree } from '../../src/i18n/resources.js'
import { lineLength } from '../../src/i18n/wrap-texts.js'

const LOCALES_DIR = join(import.meta.dirname, '../../src/i18n/locales')

/** Every leaf key of a resource tree with its text (pieces joined), "a.b.c" → text. */
function leaves(tree: ResourceTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (isText(v)) out.set(key, joinedText(v))
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv)
  }
  return out
}

const variables = (text: string): string[] => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]!).sort()

describe('resource files', () => {
  const namespaces = Object.keys(RESOURCES.en) as (keyof typeof RESOURCES.en)[]

  for (const ns of namespaces) {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${ns} has exactly the English keys, each with the same variables`, () => {
        const en = leaves(RESOURCES.en[ns])
        const other = leaves(RESOURCES[locale][ns])
        // Plural forms may differ between languages; the base key must exist in both.
        const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')
        expect([...new Set([...other.keys()].map(base))].sort()).toEqual([...new Set([...en.keys()].map(base))].sort())
        for (const [key, text] of other) {
          const english = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key))!
          expect(variables(text), `${locale}/${ns}:${key}`).toEqual(variables(english))
        }
      })
    }
    for (const locale of LOCALES) {
      it(`${locale}/${ns} has no empty text`, () => {
        for (const [key, text] of leaves(RESOURCES[locale][ns])) expect(text.trim(), key).not.toBe('')
      })
    }
  }
})

describe('resource file lines', () => {
  it('are at most 120 characters: a long text is written in pieces (npm run i18n:wrap)', () => {
    let files = 0
    for (const locale of readdirSync(LOCALES_DIR))
      for (const name of readdirSync(join(LOCALES_DIR, locale)).filter((n) => n.endsWith('.json'))) {
        files++
        readFileSync(join(LOCALES_DIR, locale, name), 'utf8')
          .split('\n')
          .forEach((line, i) => expect(lineLength(line), `${locale}/${name}:${i + 1}`).toBeLessThanOrEqual(120))
      }
    expect(files).toBe(2 * Object.keys(RESOURCES.en).length)
  })
})

describe('languages', () => {
  it('German for a German Discord locale, English for any other', () => {
    expect(localeOfDiscord('de')).toBe('de')
    expect(localeOfDiscord('en-US')).toBe('en')
    expect(localeOfDiscord('fr')).toBe('en')
    expect(localeOfDiscord(null)).toBe('en')
  })

  it('numbers, lists and durations follow the language', () => {
    const de = langOf('de')
    expect(ENGLISH.number(12345)).toBe('12,345')
    expect(de.number(12345)).toBe('12.345')
    expect(de.list(['Anna', 'Ben', 'Cem'])).toBe('Anna, Ben und Cem')
    expect(ENGLISH.duration(7_500_000)).toBe('2 hours 5 minutes')
    expect(de.duration(7_500_000)).toBe('2 Stunden 5 Minuten')
    expect(de.duration(86_400_000)).toBe('1 Tag')
    expect(ENGLISH.duration(0)).toBe('0 seconds')
    expect(de.duration(30_000)).toBe('30 Sekunden')
  })

  it('looks up a key in each language', () => {
    expect(ENGLISH.t('language.de')).toBe('German')
    expect(langOf('de').t('language.de')).toBe('Deutsch')
  })
})
