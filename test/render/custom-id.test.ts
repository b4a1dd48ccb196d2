import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeDeck, SUITS } from '../../src/games/core/cards.js'
import { engineIds } from '../../src/games/registry.js'
import {
  actionToMove,
  encodeCustomId,
  moveId,
  moveToAction,
  parseCustomId,
  tableButtonId,
  TABLE_VERBS,
  type CustomId,
  type Move,
} from '../../src/render/custom-id.js'

const deck = makeDeck(undefined, 2)
const tableIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/)
const cardsArb = fc.uniqueArray(fc.constantFrom(...deck), { minLength: 1, maxLength: 4 })
const moveArb: fc.Arbitrary<Move> = fc.oneof(
  fc.constantFrom(...SUITS, 'misere' as const).map((bid) => ({ verb: 'bid' as const, bid })),
  fc.option(cardsArb, { nil: null }).map((cards) => ({ verb: 'play' as const, cards })),
  fc.option(cardsArb, { nil: null }).map((cards) => ({ verb: 'play' as const, cards, faceDown: true as const })),
  fc
    .option(fc.uniqueArray(fc.constantFrom(...deck), { maxLength: 4 }), { nil: null })
    .map((cards) => ({ verb: 'draw' as const, cards })),
  fc.constantFrom('declare', 'pass', 'fold', 'check', 'call').map((verb) => ({ verb })),
  fc
    .tuple(fc.constantFrom('bet' as const, 'raise' as const), fc.option(fc.nat(1_000_000_000), { nil: null }))
    .map(([verb, amount]) => ({ verb, amount })),
)
const idArb: fc.Arbitrary<CustomId> = fc.oneof(
  fc
    .tuple(tableIdArb, fc.constantFrom(...TABLE_VERBS))
    .map(([tableId, verb]) => ({ kind: 'table' as const, tableId, verb })),
  fc
    .tuple(tableIdArb, fc.stringMatching(/^[0-9a-z]{1,11}$/), moveArb)
    .map(([tableId, token, move]) => ({ kind: 'move' as const, tableId, token, move })),
  fc.tuple(fc.constantFrom(...engineIds()), fc.nat(99)).map(([game, page]) => ({ kind: 'rules' as const, game, page })),
)

describe('custom_id codec', () => {
  it('writes the documented shapes', () => {
    expect(tableButtonId('abc123', 'join')).toBe('t:abc123:join')
    expect(tableButtonId('abc123', 'hand')).toBe('t:abc123:hand')
    expect(moveId('abc123', 'k3x9', { verb: 'bid', bid: 'H' })).toBe('t:abc123:bid:k3x9:H')
    expect(moveId('abc123', 'k3x9', { verb: 'bid', bid: 'misere' })).toBe('t:abc123:bid:k3x9:M')
    expect(moveId('abc123', 'k3x9', { verb: 'play', cards: null })).toBe('t:abc123:play:k3x9')
    expect(moveId('abc123', 'k3x9', { verb: 'play', cards: ['KC', '9C'] })).toBe('t:abc123:play:k3x9:KC.9C')
    expect(moveId('abc123', 'k3x9', { verb: 'draw', cards: [] })).toBe('t:abc123:pat:k3x9')
    expect(moveId('abc123', 'k3x9', { verb: 'raise', amount: 40 })).toBe('t:abc123:raise:k3x9:40')
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
      't:abc:bid:1:Z',
      't:abc:bid:X:H',
      't:abc:bid:-1:H',
      't:abc:bid:0123456789ab:H',
      't:abc:play:1:7D.7D',
      't:abc:play:1:10H',
      't:abc:play:1:7d',
      't:abc:play:1:',
      't:abc:raise:1:abc',
      't:abc:raise:1:1.5',
      't:abc:fold:1:2',
      't:abc:pat:1:KD',
      't:abc:bid:1:H:extra',
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
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const parsed = parseCustomId(s)
        // Whatever parses is canonical: encoding it gives the same text back.
        if (parsed !== null) expect(encodeCustomId(parsed)).toBe(s)
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses to encode a table id or a move token that could not be parsed back', () => {
    expect(() => tableButtonId('has:colon', 'join')).toThrow()
    expect(() => tableButtonId('', 'join')).toThrow()
    expect(() => moveId('abc', 'KC', { verb: 'declare' })).toThrow()
    expect(() => moveId('abc', '', { verb: 'declare' })).toThrow()
  })

  it('turns moves into the scenario action shapes of RULES.md', () => {
    expect(moveToAction('bugami', { verb: 'bid', bid: 'S' })).toEqual({ type: 'bid', suit: 'S' })
    expect(moveToAction('bugami', { verb: 'bid', bid: 'misere' })).toEqual({ type: 'bid', misere: true })
    expect(moveToAction('bugami', { verb: 'play', cards: null }, ['7D'])).toEqual({ type: 'play', card: '7D' })
    expect(moveToAction('bugami', { verb: 'play', cards: null }, ['7D', '8D'])).toBeNull()
    expect(moveToAction('bura', { verb: 'play', cards: null }, ['KC', '9C'])).toEqual({
      type: 'play',
      cards: ['KC', '9C'],
    })
    expect(moveToAction('bura', { verb: 'play', cards: ['AS'] })).toEqual({ type: 'play', cards: ['AS'] })
    expect(moveToAction('bura', { verb: 'play', cards: null }, ['nope'])).toBeNull()
    expect(moveToAction('bura', { verb: 'play', cards: null, faceDown: true }, ['KC'])).toEqual({
      type: 'play',
      cards: ['KC'],
      faceDown: true,
    })
    expect(moveToAction('bura', { verb: 'declare' })).toEqual({ type: 'declare' })
    expect(moveToAction('badugi', { verb: 'draw', cards: [] })).toEqual({ type: 'draw', cards: [] })
    expect(moveToAction('badugi', { verb: 'draw', cards: null }, ['KD', 'QS'])).toEqual({
      type: 'draw',
      cards: ['KD', 'QS'],
    })
    expect(moveToAction('badugi', { verb: 'raise', amount: null })).toEqual({ type: 'raise' })
    expect(moveToAction('badugi', { verb: 'bet', amount: 12 })).toEqual({ type: 'bet', amount: 12 })
  })

  it('inverts moveToAction for every control-drawn action', () => {
    const actions = [
      { type: 'bid', suit: 'H' },
      { type: 'bid', misere: true },
      { type: 'play', card: '7D' },
      { type: 'play', cards: ['KC', '9C'] },
      { type: 'play', cards: ['KC'], faceDown: true },
      { type: 'draw', cards: [] },
      { type: 'draw', cards: ['2S'] },
      { type: 'call' },
      { type: 'raise', amount: 30 },
      { type: 'bet' },
    ]
    for (const a of actions) {
      const move = actionToMove(a)!
      const game = 'card' in a ? 'bugami' : 'bura'
      expect(moveToAction(game, move)).toEqual(a)
    }
    expect(actionToMove({ type: 'mystery' })).toBeNull()
  })
})
