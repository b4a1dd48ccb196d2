import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeDeck } from '../../src/core/cards.js'
import { engineIds } from '../../src/games/registry.js'
import {
  askId,
  cardOfMove,
  encodeCustomId,
  leaveId,
  moveAction,
  moveId,
  tableButtonId,
  TABLE_VERBS,
  type ControlAction,
  type CustomId,
  type FieldValue,
  type Move,
} from '../../src/render/custom-id.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'

const deck = makeDeck(undefined, 2)
const tableIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,36}$/)
const tokenArb = fc.stringMatching(/^[0-9a-z]{1,11}$/)
const nameArb = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,3}$/).filter((name) => name !== 'type')
const valueArb: fc.Arbitrary<FieldValue> = fc.oneof(
  fc.boolean(),
  fc.nat(1_000_000),
  fc.stringMatching(/^[A-Za-z0-9]{1,3}$/).filter((w) => /[A-Za-z]/.test(w)),
  fc.uniqueArray(fc.constantFrom(...deck), { maxLength: 3 }),
)
// Field names and values within the length a custom_id allows (at most 100 characters).
const moveArb: fc.Arbitrary<Move> = fc
  .tuple(
    fc.stringMatching(/^[a-z][A-Za-z]{0,4}$/),
    fc.uniqueArray(fc.tuple(nameArb, valueArb), { maxLength: 2, selector: ([name]) => name }),
    fc.option(fc.tuple(nameArb, fc.boolean()), { nil: null }),
  )
  .filter(([, fields, select]) => select === null || !fields.some(([name]) => name === select[0]))
  .map(([type, fields, select]) => {
    const action: ControlAction = { type, ...Object.fromEntries(fields) }
    return select ? { action, select: { field: select[0], list: select[1] } } : { action }
  })
const idArb: fc.Arbitrary<CustomId> = fc.oneof(
  fc
    .tuple(tableIdArb, fc.constantFrom(...TABLE_VERBS))
    .map(([tableId, verb]) => ({ kind: 'table' as const, tableId, verb })),
  fc
    .tuple(tableIdArb, tokenArb, moveArb)
    .map(([tableId, token, move]) => ({ kind: 'move' as const, tableId, token, move })),
  fc
    .tuple(tableIdArb, tokenArb, fc.stringMatching(/^[a-z][A-Za-z]{0,9}$/))
    .map(([tableId, token, type]) => ({ kind: 'ask' as const, tableId, token, type })),
  fc.tuple(tableIdArb, tokenArb).map(([tableId, token]) => ({ kind: 'leave' as const, tableId, token })),
  fc.tuple(fc.constantFrom(...engineIds()), fc.nat(99)).map(([game, page]) => ({ kind: 'rules' as const, game, page })),
)

const button = (action: ControlAction): Move => ({ action })

describe('custom_id codec', () => {
  it('writes the documented shapes', () => {
    expect(tableButtonId('abc123', 'join')).toBe('t:abc123:join')
    expect(tableButtonId('abc123', 'hand')).toBe('t:abc123:hand')
    expect(moveId('abc123', 'k3x9', button({ type: 'bid', suit: 'H' }))).toBe('m:abc123:bid:k3x9:suit=H')
    expect(moveId('abc123', 'k3x9', button({ type: 'bid', misere: true }))).toBe('m:abc123:bid:k3x9:misere')
    expect(moveId('abc123', 'k3x9', { action: { type: 'play' }, select: { field: 'card', list: false } })).toBe(
      'm:abc123:play:k3x9:card=*',
    )
    expect(moveId('abc123', 'k3x9', { action: { type: 'play' }, select: { field: 'cards', list: true } })).toBe(
      'm:abc123:play:k3x9:cards=[*]',
    )
    expect(moveId('abc123', 'k3x9', button({ type: 'play', cards: ['KC', '9C'] }))).toBe(
      'm:abc123:play:k3x9:cards=[KC.9C]',
    )
    expect(moveId('abc123', 'k3x9', button({ type: 'play', cards: ['KC'], faceDown: true }))).toBe(
      'm:abc123:play:k3x9:cards=[KC],faceDown',
    )
    expect(moveId('abc123', 'k3x9', button({ type: 'play', cards: ['KC'], faceDown: false }))).toBe(
      'm:abc123:play:k3x9:cards=[KC],!faceDown',
    )
    expect(moveId('abc123', 'k3x9', button({ type: 'draw', cards: [] }))).toBe('m:abc123:draw:k3x9:cards=[]')
    expect(moveId('abc123', 'k3x9', button({ type: 'raise', amount: 40 }))).toBe('m:abc123:raise:k3x9:amount=40')
    // A field left undefined is left out.
    expect(moveId('abc123', 'k3x9', button({ type: 'raise', amount: undefined }))).toBe('m:abc123:raise:k3x9')
    expect(askId('abc123', 'k3x9', 'declare')).toBe('t:abc123:ask:k3x9:declare')
    expect(leaveId('abc123', 'k3x9')).toBe('t:abc123:leave:k3x9')
  })

  it('keeps the longest move of the built-in games within 100 characters', () => {
    const longest = moveId(
      'x'.repeat(40),
      'z'.repeat(11),
      button({ type: 'play', cards: ['KC', '9C', 'AS'], faceDown: true }),
    )
    expect(longest.length).toBeLessThanOrEqual(100)
    expect(
      moveId('x'.repeat(40), 'z'.repeat(11), button({ type: 'draw', cards: ['KC', '9C', 'AS', 'TH'] })).length,
    ).toBeLessThanOrEqual(100)
    expect(() => moveId('x'.repeat(40), 'z'.repeat(11), button({ type: 'play', cards: deck.slice(0, 12) }))).toThrow(
      /longer than 100/,
    )
  })

  it('round-trips every id and keeps it within 100 characters', () => {
    fc.assert(
      fc.property(idArb, (id) => {
        const text = encodeCustomId(id)
        expect(text.length).toBeLessThanOrEqual(100)
        expect(parseCustomId(text)).toEqual(id)
        expect(encodeCustomId(parseCustomId(text)!)).toBe(text)
      }),
      { numRuns: 2000 },
    )
  })

  it('rejects foreign and malformed ids with null', () => {
    const junk = [
      '',
      't',
      't:',
      't::join',
      't:abc',
      't:abc:dance',
      't:abc:join:1',
      't:a b:join',
      't:abc:ask:1',
      't:abc:ask:1:Declare',
      't:abc:ask:KC:declare',
      't:abc:leave:1:x',
      'm:abc:play',
      'm:abc:Play:1',
      'm:abc:play:KC',
      'm:abc:play:-1',
      'm:abc:play:1:',
      'm:abc:play:1:Card',
      'm:abc:play:1:card=',
      'm:abc:play:1:card=7D,card=8D',
      'm:abc:play:1:type=draw',
      'm:abc:play:1:cards=[7D.]',
      'm:abc:play:1:cards=[7D,8D]',
      'm:abc:play:1:cards=7D.8D',
      'm:abc:play:1:card=*,faceDown',
      'm:abc:play:1:card=*,cards=[*]',
      'm:abc:play:1:!card=1',
      'm:abc:raise:1:amount=1.5',
      'm:abc:raise:1:amount=-1',
      'm:abc:raise:1:amount=99999999999999999',
      'm:abc:raise:1:amount=007',
      'm:abc:bid:1:suit=H:extra',
      // Moves as drawn before they carried their engine action: their private views are gone or
      // refreshed (docs/render.md, "When the format changes").
      't:abc:bid:k3x9:H',
      't:abc:play:k3x9:KC.9C',
      't:abc:pat:k3x9',
      't:abc:fold:k3x9',
      'r:poker:0',
      'r:bura:x',
      'r:bura',
      'x:abc:join',
      'T:abc:join',
      `t:${'a'.repeat(41)}:join`,
      'a'.repeat(101),
      'some-other-bot:button',
    ]
    for (const j of junk) expect(parseCustomId(j), j).toBeNull()
    expect(parseCustomId(undefined)).toBeNull()
    expect(parseCustomId(42)).toBeNull()
    // Whatever parses is canonical: encoding it gives the same text back.
    const canonical = (s: string) => {
      const parsed = parseCustomId(s)
      if (parsed !== null) expect(encodeCustomId(parsed)).toBe(s)
    }
    fc.assert(fc.property(fc.string({ maxLength: 120 }), canonical), { numRuns: 2000 })
    // Move fields from their own alphabet, where more of them parse.
    const fieldText = fc.stringMatching(/^[a-c!=*,.[\]0-9KCD]{0,24}$/)
    fc.assert(
      fc.property(fieldText, (f) => canonical(`m:abc:play:k3:${f}`)),
      { numRuns: 5000 },
    )
  })

  it('refuses to encode what would not read back as the same move', () => {
    expect(() => tableButtonId('has:colon', 'join')).toThrow()
    expect(() => tableButtonId('', 'join')).toThrow()
    expect(() => moveId('abc', 'KC', button({ type: 'declare' }))).toThrow()
    expect(() => moveId('abc', '', button({ type: 'declare' }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'Declare' }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'bid', suit: '40' }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'bid', suit: '007' }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'bid', suit: 'a b' }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'bet', amount: -5 }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'bet', amount: 1.5 }))).toThrow()
    expect(() => moveId('abc', 'k3', button({ type: 'play', cards: ['7D', 'x:y'] }))).toThrow()
    expect(() =>
      moveId('abc', 'k3', { action: { type: 'play', card: '7D' }, select: { field: 'card', list: false } }),
    ).toThrow()
    expect(() => askId('abc', 'k3', 'ask me')).toThrow()
  })

  it('turns moves into engine actions, a select menu filling its field with the chosen cards', () => {
    const one: Move = { action: { type: 'play' }, select: { field: 'card', list: false } }
    const many: Move = { action: { type: 'draw' }, select: { field: 'cards', list: true } }
    expect(moveAction(button({ type: 'bid', suit: 'S' }))).toEqual({ type: 'bid', suit: 'S' })
    expect(moveAction(button({ type: 'declare' }), ['7D'])).toEqual({ type: 'declare' })
    expect(moveAction(one, ['7D'])).toEqual({ type: 'play', card: '7D' })
    expect(moveAction(one, ['10h'])).toEqual({ type: 'play', card: 'TH' })
    expect(moveAction(one, ['7D', '8D'])).toBeNull()
    expect(moveAction(one, [])).toBeNull()
    expect(moveAction(many, ['KD', 'QS'])).toEqual({ type: 'draw', cards: ['KD', 'QS'] })
    expect(moveAction(many, ['KD', 'nope'])).toBeNull()
  })

  it('finds the one card a button names, for its emoji', () => {
    expect(cardOfMove(button({ type: 'play', cards: ['KC'], faceDown: true }))).toBe('KC')
    expect(cardOfMove(button({ type: 'play', card: '7D' }))).toBe('7D')
    expect(cardOfMove(button({ type: 'play', cards: ['KC', '9C'] }))).toBeNull()
    expect(cardOfMove(button({ type: 'bid', suit: 'H' }))).toBeNull()
    expect(cardOfMove(button({ type: 'raise', amount: 40 }))).toBeNull()
    expect(cardOfMove({ action: { type: 'play' }, select: { field: 'card', list: false } })).toBeNull()
  })
})
