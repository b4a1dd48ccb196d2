import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refuse } from '../../src/core/engine.js'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { RESOURCES, type ResourceTree } from '../../src/i18n/resources.js'
import { refusalText } from '../../src/render/refusals.js'
import { engine as buraEngine, SOURCE_DEAL, start } from '../games/bura/helpers.js'

const GERMAN = langOf('de')

/** Every text key of the refusals resource, plural suffixes dropped ("too-few-players"). */
function keys(tree: ResourceTree, prefix = ''): Set<string> {
  const out = new Set<string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = (prefix ? `${prefix}.${k}` : k).replace(/_(one|other)$/, '')
    if (typeof v === 'string') out.add(key)
    else for (const kk of keys(v, key)) out.add(kk)
  }
  return out
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** The first argument of a call whose `(` is at `open`: up to its first top-level comma or `)`. */
function firstArgument(text: string, open: number): string {
  let depth = 0
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!
    if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(open + 1, i)
      depth--
    } else if (c === ',' && depth === 0) return text.slice(open + 1, i)
  }
  return ''
}

/**
 * The codes of every `refuse(...)` call in src: the quoted codes of its first argument (a
 * ternary names two; a compared value, `phase === 'playing'`, is no code). A template code
 * (`badugi.too-small.${what}`) stands for every text under its fixed part. An options schema
 * names the refusal of a rule between options as `params: { refusal: '...' }`.
 */
function codesInSource(): { exact: Set<string>; prefixes: Set<string> } {
  const exact = new Set<string>()
  const prefixes = new Set<string>()
  for (const file of sources('src')) {
    const text = readFileSync(file, 'utf8')
    for (const call of text.matchAll(/\brefuse\(/g)) {
      const arg = firstArgument(text, call.index + call[0].length - 1)
      for (const q of arg.matchAll(/(=== |!== )?'([^']+)'/g)) if (!q[1]) exact.add(q[2]!)
      for (const q of arg.matchAll(/`([^`$]+)\$\{/g)) prefixes.add(q[1]!)
    }
    // Rules between options name their refusal in the zod issue (the table service refuses with it).
    for (const named of text.matchAll(/params: \{ refusal: '([^']+)' \}/g)) exact.add(named[1]!)
  }
  return { exact, prefixes }
}

describe('refusal texts', () => {
  const english = keys(RESOURCES.en.refusals)
  const { exact, prefixes } = codesInSource()

  it('finds the refusals of the engines, the table service and the store', () => {
    for (const code of ['stale', 'bura.not-your-turn', 'badugi.facing-bet', 'bugami.must-follow', 'wallet.bad-amount'])
      expect(exact).toContain(code)
    expect(prefixes).toContain('badugi.too-small.')
    expect(exact.size).toBeGreaterThan(120)
  })

  it('every code refused in src has a text (and so a German one: the resource test checks parity)', () => {
    for (const code of exact) expect(english, code).toContain(code)
    for (const prefix of prefixes)
      expect(
        [...english].some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true)
  })

  it('every text belongs to a code refused in src', () => {
    for (const key of english) expect(exact.has(key) || [...prefixes].some((p) => key.startsWith(p)), key).toBe(true)
  })

  it("fills the blanks in the reader's language: numbers, plurals, cards, durations", () => {
    const short = refuse('wallet.not-enough-chips', { balance: 1000, amount: 5000 }).error
    expect(refusalText(short, ENGLISH)).toBe('You have 1,000 chips, not 5,000.')
    expect(refusalText(short, GERMAN)).toBe('Du hast 1.000 Chips, nicht 5.000.')
    const count = (n: number) => refuse('bura.wrong-count', { count: n }).error
    expect(refusalText(count(1), ENGLISH)).toBe('Play exactly 1 card, as many as the lead.')
    expect(refusalText(count(2), ENGLISH)).toBe('Play exactly 2 cards, as many as the lead.')
    expect(refusalText(count(1), GERMAN)).toBe('Leg genau 1 Karte, so viele wie ausgespielt wurden.')
    expect(refusalText(count(3), GERMAN)).toBe('Leg genau 3 Karten, so viele wie ausgespielt wurden.')
    const card = refuse('bura.not-in-hand', { card: { cards: ['AS'] } }).error
    expect(refusalText(card, ENGLISH)).toBe("You don't hold A♠.")
    expect(refusalText(card, GERMAN)).toBe('Du hast A♠ nicht auf der Hand.')
    const queen = refuse('bura.not-in-hand', { card: { cards: ['QS'] } }).error
    expect(refusalText(queen, ENGLISH)).toBe("You don't hold Q♠.")
    expect(refusalText(queen, GERMAN)).toBe('Du hast D♠ nicht auf der Hand.')
    const wait = refuse('wallet.daily-too-soon', { wait: { ms: 2 * 3_600_000 + 5 * 60_000 } }).error
    expect(refusalText(wait, ENGLISH)).toBe('You already claimed your daily chips. Come back in 2 hours 5 minutes.')
    expect(refusalText(wait, GERMAN)).toBe(
      'Du hast deine täglichen Chips schon abgeholt. Komm in 2 Stunden 5 Minuten wieder.',
    )
  })

  it('names a table option as the member types it: its slash option, in their language', () => {
    const kozel = refuse('bura.not-with-kozel', { option: { game: 'bura', option: 'littleMoscow' } }).error
    expect(refusalText(kozel, GERMAN)).toBe(
      '`klein-moskau` gibt es beim Kosel nicht (kein Ansagen, keine Kombinationen aus drei Karten): ' +
        'Schalte eins von beiden ab.',
    )
    expect(refusalText(kozel, ENGLISH)).toMatch(/^`little_moscow` does not apply to Kozel/)
    // A game without slash texts (the tests' toy game): the engine name in snake case.
    expect(
      refusalText(refuse('bad-options', { option: { game: 'toy', option: 'maxRounds' }, issue: 'x' }).error, GERMAN),
    ).toBe('Option `max_rounds`: x')
  })

  it('refuses too many table channels in words of its own', () => {
    const many = refuse('settings.too-many-channels', { max: 25, given: 26 }).error
    expect(refusalText(many, GERMAN)).toBe(
      'Tische lassen sich auf höchstens 25 Kanäle beschränken; du hast 26 genannt.',
    )
    expect(refusalText(many, ENGLISH)).toBe('Tables can be limited to at most 25 channels; you named 26.')
  })

  it('an engine refusal reads in German: a Bura card played out of turn', () => {
    // Seat 0 leads; seat 1 tries to play first.
    const t = start(SOURCE_DEAL)
    const out = buraEngine.apply(t.state, 1, { type: 'play', cards: ['AC'] })
    expect(out.ok).toBe(false)
    if (out.ok) return
    expect(out.error).toEqual({ code: 'bura.not-your-turn', params: { seat: 1 } })
    expect(refusalText(out.error, ENGLISH)).toBe("It is seat 1's turn to play, not yours.")
    expect(refusalText(out.error, GERMAN)).toBe('Platz 1 ist am Zug, nicht du.')
  })
})
