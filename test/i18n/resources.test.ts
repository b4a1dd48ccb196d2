import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf, LOCALES, localeOfDiscord } from '../../src/i18n/index.js'
import { RESOURCES, type ResourceTree } from '../../src/i18n/resources.js'

const LOCALES_DIR = join(import.meta.dirname, '../../src/i18n/locales')

/** Every leaf key of a resource tree with its text, "a.b.c" → text. */
function leaves(tree: ResourceTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv)
  }
  return out
}

const variables = (text: string): string[] => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]!).sort()

const PLURAL = /_(zero|one|two|few|many|other)$/
const base = (k: string) => k.replace(PLURAL, '')

/** Per base key, its plural suffixes ("one,other"; "" for a key without plural forms). */
function pluralForms(keys: Iterable<string>): Map<string, string> {
  const forms = new Map<string, string[]>()
  for (const k of keys) forms.set(base(k), [...(forms.get(base(k)) ?? []), PLURAL.exec(k)?.[1] ?? ''])
  return new Map([...forms].map(([k, v]) => [k, v.sort().join(',')]))
}

/** The keys a text nests with i18next's `$t(ns:key)` (command names inside sentences). */
const nested = (text: string): string[] => [...text.matchAll(/\$t\(([\w-]+):([^,)]+)/g)].map((m) => `${m[1]}:${m[2]}`)

describe('resource files', () => {
  const namespaces = Object.keys(RESOURCES.en) as (keyof typeof RESOURCES.en)[]

  for (const ns of namespaces) {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${ns} has exactly the English keys, each with the same variables`, () => {
        const en = leaves(RESOURCES.en[ns])
        const other = leaves(RESOURCES[locale][ns])
        expect([...new Set([...other.keys()].map(base))].sort()).toEqual([...new Set([...en.keys()].map(base))].sort())
        // English and German have the same plural categories (one, other): a key has the same forms in both.
        const forms = pluralForms(other.keys())
        for (const [key, english] of pluralForms(en.keys()))
          expect(forms.get(key), `${locale}/${ns}:${key}`).toBe(english)
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
      it(`${locale}/${ns} names commands through the command texts, each of which exists`, () => {
        for (const [key, text] of leaves(RESOURCES[locale][ns])) {
          // A command written out (`/chips daily`) would not follow a renamed or translated command.
          expect(text, `${locale}/${ns}:${key}`).not.toMatch(/`\/\p{L}/u)
          for (const ref of nested(text)) {
            const [refNs, path] = ref.split(':') as [keyof typeof RESOURCES.en, string]
            expect(leaves(RESOURCES[locale][refNs]).has(path), `${locale}/${ns}:${key} nests ${ref}`).toBe(true)
          }
        }
      })
    }
  }
})

/** The dotted keys of a parsed JSON file whose value is neither a string nor a nested object. */
function notStrings(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return []
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [prefix]
  return Object.entries(node).flatMap(([k, v]) => notStrings(v, prefix ? `${prefix}.${k}` : k))
}

describe('resource file texts', () => {
  it('are one string per key, however long: a translator edits one string', () => {
    let files = 0
    for (const locale of readdirSync(LOCALES_DIR))
      for (const name of readdirSync(join(LOCALES_DIR, locale)).filter((n) => n.endsWith('.json'))) {
        files++
        const parsed: unknown = JSON.parse(readFileSync(join(LOCALES_DIR, locale, name), 'utf8'))
        expect(notStrings(parsed), `${locale}/${name}`).toEqual([])
      }
    expect(files).toBe(2 * Object.keys(RESOURCES.en).length)
  })

  it('finds a text that is not a string', () => {
    expect(notStrings({ a: { b: 'x', c: ['one', 'two'] }, d: 3, e: null })).toEqual(['a.c', 'd', 'e'])
    expect(notStrings({ a: { b: 'x' } })).toEqual([])
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

describe('the parity check', () => {
  it('fails a language whose plural forms differ from English, and passes equal ones', () => {
    const en = pluralForms(['balance_one', 'balance_other', 'title'])
    expect(pluralForms(['balance_other', 'title']).get('balance')).not.toBe(en.get('balance'))
    expect(pluralForms(['balance', 'title']).get('balance')).not.toBe(en.get('balance'))
    expect(pluralForms(['title', 'balance_other', 'balance_one'])).toEqual(en)
  })
})
