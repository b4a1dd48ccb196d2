import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/core/cards.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import { dealInto, type Group } from '../../src/tables/scenario/assign.js'

/** Every way to fill the groups (each group's cards as a set), by trying every order of the cards. */
function allWays(cards: readonly Card[], groups: readonly Group[]): Set<string> {
  const ways = new Set<string>()
  const permute = (rest: Card[], order: Card[]) => {
    if (rest.length === 0) {
      let next = 0
      const filled = groups.map((g) => order.slice(next, (next += g.size)))
      if (filled.every((cs, i) => cs.every((c) => groups[i]!.allows(c)))) ways.add(key(filled))
      return
    }
    rest.forEach((c, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...order, c]))
  }
  permute([...cards], [])
  return ways
}

const key = (filled: readonly (readonly Card[])[]) => JSON.stringify(filled.map((cs) => [...cs].sort()))
const not =
  (...cards: Card[]) =>
  (c: Card) =>
    !cards.includes(c)

describe('dealing cards into groups that allow only some of them', () => {
  const cards: Card[] = ['AS', 'KS', 'QH', 'JH', 'TD', '9C']
  const cases: Record<string, Group[]> = {
    // Two seats void in a suit each, one seat and the leftovers that take anything (dealt as one).
    'voids and open groups': [
      { size: 2, allows: (c) => c[1] !== 'S' },
      { size: 2, allows: (c) => c[1] !== 'H' },
      { size: 1, allows: () => true },
      { size: 1, allows: () => true },
    ],
    'every group restricted': [
      { size: 3, allows: not('AS') },
      { size: 2, allows: not('QH', '9C') },
      { size: 1, allows: not('TD') },
    ],
  }

  it.each(Object.entries(cases))('%s: every way that fits is as likely as any other', (_name, groups) => {
    const ways = allWays(cards, groups)
    const counts = new Map<string, number>()
    const rng = new Rng(seedRng(1))
    const draws = 400 * ways.size
    for (let i = 0; i < draws; i++) {
      const dealt = dealInto(cards, groups, rng)!
      dealt.forEach((cs, g) => expect(cs.every((c) => groups[g]!.allows(c))).toBe(true))
      expect(dealt.map((cs) => cs.length)).toEqual(groups.map((g) => g.size))
      counts.set(key(dealt), (counts.get(key(dealt)) ?? 0) + 1)
    }
    expect([...counts.keys()].sort()).toEqual([...ways].sort())
    for (const n of counts.values()) expect(Math.abs(n - 400)).toBeLessThan(80)
  })

  it('says when no way fits', () => {
    const groups: Group[] = [
      { size: 2, allows: (c) => c[1] === 'S' },
      { size: 4, allows: (c) => c[1] !== 'S' },
    ]
    expect(dealInto(cards, groups, new Rng(seedRng(1)))).not.toBeNull()
    // Three places only spades may take, and two spades.
    const tooMany: Group[] = [
      { size: 3, allows: (c) => c[1] === 'S' },
      { size: 3, allows: () => true },
    ]
    expect(dealInto(cards, tooMany, new Rng(seedRng(1)))).toBeNull()
  })
})
