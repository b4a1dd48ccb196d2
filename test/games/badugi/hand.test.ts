import { describe, expect, it } from 'vitest'
import { makeDeck, type Card } from '../../../src/core/cards.js'
import {
  cardIndex,
  countingCards,
  evaluate4,
  FOUR_CARD_HANDS,
  handValue,
  indexCard,
  valueName,
} from '../../../src/games/badugi/rules/hand.js'
import { c } from './helpers.js'

const LOW = 'A23456789TJQK'
const LABEL = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']

/** The rule as written: keep the largest set of distinct suits and ranks, then the lowest. */
function reference(cards: readonly Card[]): { size: number; ranks: number[] } {
  let best = { size: 0, ranks: [] as number[] }
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const set = cards.filter((_, i) => mask & (1 << i))
    const suits = new Set(set.map((x) => x[1]))
    const ranks = set.map((x) => LOW.indexOf(x[0]!))
    if (suits.size !== set.length || new Set(ranks).size !== set.length) continue
    const cand = { size: set.length, ranks: ranks.sort((a, b) => b - a) }
    if (referenceCompare(cand, best) > 0) best = cand
  }
  return best
}

/** Positive when `a` is the better hand. */
function referenceCompare(a: { size: number; ranks: number[] }, b: { size: number; ranks: number[] }): number {
  if (a.size !== b.size) return a.size - b.size
  for (let i = 0; i < a.ranks.length; i++) if (a.ranks[i] !== b.ranks[i]) return b.ranks[i]! - a.ranks[i]!
  return 0
}

function referenceName(h: { size: number; ranks: number[] }): string {
  const ranks = h.ranks.map((r) => LABEL[r]).join('-')
  return h.size === 4 ? `${ranks} badugi` : `${h.size}-card ${ranks}`
}

describe('Badugi hand values', () => {
  it('ranks the source examples', () => {
    // 8♥7♦5♣4♠ beats 9♠4♣3♥2♦: 8 is lower than 9.
    expect(handValue(c('8H 7D 5C 4S'))).toBeGreaterThan(handValue(c('9S 4C 3H 2D')))
    expect(valueName(handValue(c('8H 7D 5C 4S')))).toBe('8-7-5-4 badugi')
    // K♦Q♣J♠8♥ (a badugi) beats 3♠2♣A♥ (only three cards), whatever the fourth card.
    expect(handValue(c('KD QC JS 8H'))).toBeGreaterThan(handValue(c('3S 2C AH 4S')))
    expect(valueName(handValue(c('3S 2C AH 4S')))).toBe('3-card 3-2-A')
    expect(valueName(handValue(c('KD QC JS 8H')))).toBe('K-Q-J-8 badugi')
  })

  it("values Anna's and Ben's hands from the source", () => {
    // Anna: Q♠ 6♥ 3♦ 3♣, two threes, so only three cards count.
    expect(valueName(handValue(c('QS 6H 3D 3C')))).toBe('3-card Q-6-3')
    expect(valueName(handValue(c('8S 6H 5C 3D')))).toBe('8-6-5-3 badugi')
    // Ben ends with 7♠ 4♥ 2♣ 2♦: only 7-4-2.
    expect(valueName(handValue(c('7S 4H 2C 2D')))).toBe('3-card 7-4-2')
    expect(handValue(c('8S 6H 5C 3D'))).toBeGreaterThan(handValue(c('7S 4H 2C 2D')))
  })

  it('counts aces low, ties equal hands and keeps the lowest set', () => {
    expect(valueName(handValue(c('AS 2H 3D 4C')))).toBe('4-3-2-A badugi')
    expect(handValue(c('AS 2H 3D 4C'))).toBe(handValue(c('AH 2S 3C 4D')))
    expect(valueName(handValue(c('KS QS JS TS')))).toBe('1-card 10')
    expect(valueName(handValue(c('AS AH AD AC')))).toBe('1-card A')
    // Two spades and two hearts: one of each suit counts, the lowest: 3♥ 2♠.
    expect(valueName(handValue(c('5S 2S 7H 3H')))).toBe('2-card 3-2')
    expect(countingCards(c('QS 6H 3D 3C'))).toHaveLength(3)
    expect(countingCards(c('8S 6H 5C 3D'))).toEqual(c('8S 6H 5C 3D'))
  })

  it('agrees with the rule as written on all 270,725 four-card hands, as a total order with ties', () => {
    const deck = makeDeck()
    const byKey = new Map<string, number>()
    const keys: { size: number; ranks: number[] }[] = []
    const problems: string[] = []
    let hands = 0
    for (let d = 3; d < 52; d++)
      for (let cc = 2; cc < d; cc++)
        for (let b = 1; b < cc; b++)
          for (let a = 0; a < b; a++) {
            hands++
            const cards = [deck[a]!, deck[b]!, deck[cc]!, deck[d]!]
            const ref = reference(cards)
            const value = evaluate4(
              cardIndex(cards[3]!),
              cardIndex(cards[1]!),
              cardIndex(cards[0]!),
              cardIndex(cards[2]!),
            )
            const key = `${ref.size}:${ref.ranks.join(',')}`
            const seen = byKey.get(key)
            if (seen === undefined) {
              byKey.set(key, value)
              keys.push(ref)
              if (valueName(value) !== referenceName(ref))
                problems.push(`${cards}: ${valueName(value)} vs ${referenceName(ref)}`)
            } else if (seen !== value) problems.push(`${cards}: ${value} but ${seen} for an equal hand`)
            if (problems.length > 10) break
          }
    expect(problems).toEqual([])
    expect(hands).toBe(FOUR_CARD_HANDS)
    keys.sort(referenceCompare)
    const values = keys.map((k) => byKey.get(`${k.size}:${k.ranks.join(',')}`)!)
    // Worse to better by the rule, strictly increasing by value: the same total order.
    expect(values.every((v, i) => i === 0 || v > values[i - 1]!)).toBe(true)
    expect(keys.length).toBe(byKey.size)
  })

  it('converts card codes and indices both ways', () => {
    for (const card of makeDeck()) expect(indexCard(cardIndex(card))).toBe(card)
    expect(cardIndex('X1')).toBe(-1)
  })
})
