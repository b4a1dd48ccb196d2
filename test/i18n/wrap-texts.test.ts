import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addTexts, ENGLISH } from '../../src/i18n/index.js'
import { lineLength, wrapResourceFile } from '../../src/i18n/wrap-texts.js'

/** The texts of a resource file as they read: pieces joined by a space. */
function texts(source: string): unknown {
  const read = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.join(' ')
      : typeof node === 'object' && node !== null
        ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, read(v)]))
        : node
  return read(JSON.parse(source))
}

const file = (body: Record<string, unknown>) => JSON.stringify({ area: body }, null, 2)

describe('long resource texts in pieces', () => {
  it('splits a long text at spaces into lines of at most the width, and the pieces read as the text', () => {
    const long =
      '**Leave now?** The game is in progress: your seat is played automatically until this {{game}} game ends, ' +
      'then your chips go back to your balance.'
    const source = file({ short: 'Seat {{n}}', long, count: 3 })
    const wrapped = wrapResourceFile(source, 120)
    expect(texts(wrapped)).toEqual(texts(source))
    expect(Array.isArray((JSON.parse(wrapped) as { area: { long: unknown } }).area.long)).toBe(true)
    for (const line of wrapped.split('\n')) expect(lineLength(line)).toBeLessThanOrEqual(120)
    // Short texts and other lines stay as written.
    expect(wrapped).toContain('    "short": "Seat {{n}}",')
    expect(wrapped).toContain('    "count": 3')
  })

  it('gives the same file for the same texts however they were cut, and joins pieces that fit again', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve'
    const cut = JSON.stringify(
      { a: { t: ['one two', 'three four five six seven', 'eight nine ten eleven twelve'] } },
      null,
      2,
    )
    expect(wrapResourceFile(cut, 120)).toBe(JSON.stringify({ a: { t: text } }, null, 2))
    const narrow = wrapResourceFile(cut, 30)
    expect(wrapResourceFile(narrow, 30)).toBe(narrow)
    expect(texts(narrow)).toEqual({ a: { t: text } })
  })

  it('keeps any text exactly, spaces, escapes and emoji included', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(' ', '  ', '\n', '"', '\\', '🤖', '{{n}}', '{{amount, number}}'), fc.string()),
          {
            maxLength: 60,
          },
        ),
        fc.integer({ min: 30, max: 120 }),
        (parts, width) => {
          const source = file({ text: parts.join('') })
          const wrapped = wrapResourceFile(source, width)
          expect(texts(wrapped)).toEqual(texts(source))
          expect(wrapResourceFile(wrapped, width)).toBe(wrapped)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads a text in pieces as one string, its variables filled in', () => {
    addTexts('en', 'common', { wrapProbe: ['You pay {{amount, number}}', 'chips', 'into the pot.'] })
    const t = ENGLISH.t as unknown as (key: string, vars: object) => string
    expect(t('wrapProbe', { amount: 1200 })).toBe('You pay 1,200 chips into the pot.')
  })
})
