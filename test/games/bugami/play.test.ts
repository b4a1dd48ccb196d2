import { describe, expect, it } from 'vitest'
import { bugamiEngine, type BugamiState } from '../../../src/games/bugami/rules/index.js'
import { bugsIn } from '../../../src/games/bugami/rules/rules.js'
import { lineScore, matchResult, scoreDeal } from '../../../src/games/bugami/rules/scoring.js'
import type { Card } from '../../../src/core/cards.js'
import { act, bid, bidAll, deckFor, highest, lowest, play, playOut, refused, start } from './helpers.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/** The worked examples and the decisions of docs/rules/bugami.md. */

describe('the trick example: Anna (hearts) and Ben (spades)', () => {
  // Seats 0 Carla, 1 Dan, 2 Anna, 3 Ben (dealer): Carla, left of the dealer, leads.
  const ben: Card[] = ['QH', 'AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '7S', '6S', '5S', '4S', '3S']
  const dealt = () => bidAll(start(4, 3, [deckFor(4, 3, [['7D'], ['3D'], ['KD'], ben])]), ['C', 'C', 'H', 'S'])

  it('Anna must follow with a diamond, Ben discards the Q♥, and Anna wins her own bug', () => {
    let s = dealt()
    expect(bugamiEngine.waitingFor(s)).toEqual([0])
    s = act(act(s, 0, play('7D')), 1, play('3D'))
    expect(refused(s, 2, play('KC'))).toBe('You must follow suit: play a ♦.')
    s = act(act(s, 2, play('KD')), 3, play('QH'))
    const seats = bugamiEngine.summary(s).seats
    expect(seats[2]).toMatchObject({ tricks: 1, bugs: 1, score: 0 })
    expect(seats[3]).toMatchObject({ tricks: 0, bugs: 0 })
    expect(bugamiEngine.waitingFor(s)).toEqual([2]) // the winner leads next
    expect(bugamiEngine.view(s, 0).lastTrick).toEqual({
      number: 1,
      cards: [
        { seat: 0, card: '7D' },
        { seat: 1, card: '3D' },
        { seat: 2, card: 'KD' },
        { seat: 3, card: 'QH' },
      ],
      winner: 2,
      leftovers: [],
    })
  })

  it('refuses a card out of turn or not in hand without changing anything', () => {
    const s = dealt()
    expect(refused(s, 1, play('3D'))).toBe('It is not your turn.')
    expect(refused(s, 0, play('QH'))).toBe('You do not hold Q♥.')
  })
})

describe("scoring (the source's checks)", () => {
  it('4 tricks with 1, 2, 3 bugs score 40, 20, 13; four clean tricks 80; 5 tricks with 2 bugs 25; no trick 30', () => {
    expect([
      lineScore(4, 1),
      lineScore(4, 2),
      lineScore(4, 3),
      lineScore(4, 0),
      lineScore(5, 2),
      lineScore(0, 0),
    ]).toEqual([40, 20, 13, 80, 25, 30])
  })

  it('two clean tricks (40) beat five tricks with two bugs (25)', () => {
    expect(lineScore(2, 0)).toBeGreaterThan(lineScore(5, 2))
  })

  // Piles of trick cards with the given number of bugs for a bid; what else lies in them does not matter.
  const pile = (bugs: Card[], rest: number): Card[] => [
    ...bugs,
    ...(['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC'] as Card[]).slice(0, rest),
  ]

  it('a slam scores 100 whatever the bugs, every other player 0, a successful misère still 100', () => {
    const taken = [pile(['2S', '3S', '4S'], 10), [], [], []]
    expect(scoreDeal(['S', 'H', 'misere', 'D'], [13, 0, 0, 0], taken, 13, false)).toEqual([100, 0, 100, 0])
  })

  it('misère: no trick scores 100, one trick scores 0', () => {
    expect(scoreDeal(['misere', 'misere', 'S'], [0, 1, 16], [[], pile([], 3), pile([], 12)], 17, false)).toEqual([
      100, 0, 320,
    ])
  })

  it('a misère bidder who takes every trick scores 0 and there is no slam: the others score 30', () => {
    expect(scoreDeal(['misere', 'H', 'S'], [17, 0, 0], [pile([], 12), [], []], 17, false)).toEqual([0, 30, 30])
  })
})

describe('winning the match', () => {
  it('the first to reach the target wins; several at once: the highest total', () => {
    expect(matchResult([240, 100, 249], 250)).toEqual({ winner: null, tiedAtTop: [] })
    expect(matchResult([250, 100, 30], 250)).toEqual({ winner: 0, tiedAtTop: [] })
    expect(matchResult([260, 280, 255], 250)).toEqual({ winner: 1, tiedAtTop: [] })
  })

  it('a tie on the highest total means another deal', () => {
    expect(matchResult([280, 280, 255], 250)).toEqual({ winner: null, tiedAtTop: [0, 1] })
  })

  it('deals go on with the dealer moving left; a won match refuses another deal', () => {
    const slam: Card[] = [
      'AS',
      'KS',
      'QS',
      'JS',
      'TS',
      '9S',
      '8S',
      '7S',
      '6S',
      '5S',
      '4S',
      '3S',
      '2S',
      'AH',
      'KH',
      'QH',
      'JH',
    ]
    let s: BugamiState = start(3, 2, [deckFor(3, 2, [slam])], { target: 100 })
    expect(bugamiEngine.nextDeal(s).ok).toBe(false)
    s = playOut(bidAll(s, ['C', 'misere', 'misere']), (st, seat, legal) =>
      (seat === 0 ? highest : lowest)(st, seat, legal),
    ).state
    expect(s.totals).toEqual([100, 100, 100])
    expect(bugamiEngine.progress(s)).toBe('between') // all three tied at the target: deal again
    expect(bugamiEngine.view(s, null).tiedAtTop).toEqual([0, 1, 2])
    const next = bugamiEngine.nextDeal(s)
    if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
    expect(next.value.state.dealer).toBe(0)
    expect(next.value.state.phase).toBe('bidding')
    expect(bugamiEngine.summary(next.value.state).seats.map((x) => x.score)).toEqual([0, 0, 0])
  })
})

describe('secret simultaneous bids', () => {
  const fresh = () => start(4, 0, [], {}, 7)

  it('keeps every bid hidden until the last is in, lets a bid change until then, and then reveals all at once', () => {
    let s = fresh()
    const first = bugamiEngine.apply(s, 1, bid('H'))
    if (!first.ok) throw new Error()
    expect(first.value.events).toEqual([{ type: 'bidPlaced', seat: 1 }])
    s = first.value.state
    const changed = bugamiEngine.apply(s, 1, bid('S'))
    if (!changed.ok) throw new Error()
    expect(changed.value.events).toEqual([]) // a change is nobody else's business
    s = changed.value.state
    s = act(act(s, 0, bid('misere')), 2, bid('S'))
    expect(bugamiEngine.waitingFor(s)).toEqual([3])
    for (const viewer of [null, 0, 2, 3]) {
      const v = bugamiEngine.view(s, viewer)
      expect(v.seats.map((x) => x.bid)).toEqual([null, null, null, null])
      expect(v.seats.map((x) => x.hasBid)).toEqual([true, true, true, false])
    }
    expect(bugamiEngine.view(s, 1).myBid).toBe('S')
    expect(bugamiEngine.view(s, 3).myBid).toBeNull()
    expect(refused(s, 0, play(s.hands[0]![0]!))).toMatch(/Wait until every player has bid/)
    const last = bugamiEngine.apply(s, 3, bid('D'))
    if (!last.ok) throw new Error()
    expect(last.value.events).toContainEqual({
      type: 'bidsRevealed',
      bids: ['misere', 'S', 'S', 'D'],
      partnerships: [],
    })
    s = last.value.state
    expect(bugamiEngine.view(s, null).seats.map((x) => x.bid)).toEqual(['misere', 'S', 'S', 'D'])
    expect(refused(s, 1, bid('H'))).toBe('The bids are revealed: a bid cannot change now.')
    expect(bugamiEngine.waitingFor(s)).toEqual([1]) // left of the dealer leads
  })
})

describe('leftovers', () => {
  it('are dealt aside face down and go with the last trick to its winner', () => {
    const s = start(5, 0, [], {}, 3)
    expect(s.hands.map((h) => h.length)).toEqual([10, 10, 10, 10, 10])
    expect(s.leftovers).toHaveLength(2)
    const v = bugamiEngine.view(s, 0)
    expect(v.leftoverCount).toBe(2)
    for (const c of s.leftovers) expect(JSON.stringify(v)).not.toContain(`"${c}"`)
    expect(bugamiEngine.hiddenFrom(s, 0)).toEqual(expect.arrayContaining([...s.leftovers]))
    const end = playOut(bidAll(s, ['S', 'H', 'D', 'C', 'S']), lowest).state
    if (end.phase !== 'between') throw new Error(end.phase)
    expect(end.lastTrick.leftovers).toEqual(s.leftovers)
    expect(end.taken[end.lastTrick.winner]).toEqual(expect.arrayContaining([...s.leftovers]))
    expect(bugamiEngine.hiddenFrom(end, 0)).toEqual([])
  })

  it.each([
    [3, 0, 17, 1],
    [4, 0, 13, 0],
    [5, 0, 10, 2],
    [6, 0, 8, 4],
    [7, 0, 7, 3],
    [3, 1, 17, 2],
    [3, 2, 18, 0],
    [4, 2, 13, 2],
    [7, 1, 7, 4],
  ])('%i players with %i jokers: %i cards each and %i leftovers', (players, jokers, each, left) => {
    const s = start(players, 0, [], { jokers: jokers as 0 | 1 | 2 })
    expect(s.hands.every((h) => h.length === each)).toBe(true)
    expect(s.leftovers).toHaveLength(left)
  })
})

describe('jokers', () => {
  // 3 players, 1 joker: 17 cards each and 2 leftovers. Seat 0 leads (dealer 2).
  const setupJoker = (hands: Card[][]) =>
    bidAll(start(3, 2, [deckFor(3, 2, hands, [], 1)], { jokers: 1 }), ['H', 'S', 'D'])

  it('a joker led wins the trick and the others may play any card', () => {
    let s = setupJoker([
      ['X1', '2C'],
      ['AS', 'AC'],
      ['AD', 'KC'],
    ])
    s = act(s, 0, play('X1'))
    expect(bugamiEngine.legalActions(s, 1)).toHaveLength(17) // anything goes
    s = act(act(s, 1, play('AS')), 2, play('AD'))
    expect(s.phase === 'playing' && s.lastTrick?.winner).toBe(0)
    expect(bugamiEngine.summary(s).seats[0]).toMatchObject({ tricks: 1, bugs: 1 }) // the joker is a bug for its taker
  })

  it('may be discarded only when you cannot follow suit, and never wins unless led', () => {
    const clubs: Card[] = ['AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C', '7C', '6C', '5C', '4C', '3C', '2C']
    let s = setupJoker([['2S'], ['X1', '3S'], clubs])
    s = act(s, 0, play('2S'))
    expect(refused(s, 1, play('X1'))).toBe('You may discard a joker only when you cannot follow suit: play a ♠.')
    s = act(act(s, 1, play('3S')), 2, play('AC'))
    expect(s.phase === 'playing' && s.lastTrick?.winner).toBe(1)
    let t = setupJoker([['2S'], ['3S'], ['X1', ...clubs]])
    t = act(act(t, 0, play('2S')), 1, play('3S'))
    t = act(t, 2, play('X1')) // void in spades: the joker may go
    expect(t.phase === 'playing' && t.lastTrick?.winner).toBe(1) // 3S beats 2S; the joker does not win
  })

  it('a joker in your tricks is a bug, so a trick set with a joker is not clean', () => {
    expect(bugsIn(['2C', 'X1', 'AD'], 'H')).toBe(1)
    expect(
      scoreDeal(['H', 'S', 'D'], [2, 0, 15], [['2C', '3C', '4C', 'X1', '5C', '6C'], [], ['AH']], 17, false)[0],
    ).toBe(20)
  })
})

describe('Shotgun Wedding', () => {
  it("partners pool tricks and bugs of their shared suit (jokers too) and each scores the partnership's score", () => {
    // Seats 0 and 2 chose hearts: 3 + 4 tricks with 1 heart + 1 joker = floor(70 / 2) = 35 each.
    const taken: Card[][] = [
      ['AH', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'],
      ['2D', '3D', '4D', '5D', '6D', '7D'],
      ['X1', 'TC', 'JC', 'QC', 'KC', 'AC', 'TS', 'JS', 'QS', 'KS', 'AS', '2S'],
      ['3S', '4S', '5S', '6S', '7S', '8S', '9S', '8D', '9D', 'TD', 'JD', 'QD'],
    ]
    expect(scoreDeal(['H', 'S', 'H', 'C'], [3, 2, 4, 4], taken, 13, true)).toEqual([35, 40, 35, 80])
    expect(scoreDeal(['H', 'S', 'H', 'C'], [3, 2, 4, 4], taken, 13, false)).toEqual([30, 40, 40, 80])
  })

  it('misère bidders always play and score alone', () => {
    // The two misère bidders are not partners; the two spade bidders pool 12 clean tricks: 240 each.
    expect(
      scoreDeal(['misere', 'misere', 'S', 'S'], [1, 0, 6, 6], [['2C', '3C', '4C', '5C'], [], [], []], 13, true),
    ).toEqual([0, 100, 240, 240])
  })

  it('a partnership that takes every trick between them makes a slam', () => {
    expect(scoreDeal(['D', 'D', 'S', 'misere'], [6, 7, 0, 0], [['2D'], ['3D'], [], []], 13, true)).toEqual([
      100, 100, 0, 100,
    ])
  })
})

describe('automatic moves', () => {
  it('bids the suit the seat holds fewest of', () => {
    const hand: Card[] = ['AS', 'KS', 'QS', '2H', '3H', '4H', '5H', 'AD', 'KD', 'QD', 'JD', 'AC', 'KC']
    const s = start(4, 3, [deckFor(4, 3, [hand])])
    expect(bugamiEngine.autoAction(s, 0)).toEqual({ type: 'bid', suit: 'C' })
    expect(bugamiEngine.autoAction(act(s, 0, bid('H')), 0)).toBeNull() // already bid: nothing to do
  })

  it('plays a legal card, the same one for the same state, never one that looks worse than a random one', () => {
    let s = bidAll(start(5, 0, [], {}, 11), ['S', 'H', 'D', 'C', 'misere'])
    while (s.phase === 'playing') {
      const seat = bugamiEngine.waitingFor(s)[0]!
      const auto = bugamiEngine.autoAction(s, seat)
      expect(bugamiEngine.legalActions(s, seat)).toContainEqual(auto)
      expect(bugamiEngine.autoAction(JSON.parse(JSON.stringify(s)), seat)).toEqual(auto)
      expect(bugamiEngine.autoAction(s, (seat + 1) % 5)).toBeNull()
      s = act(s, seat, auto!)
    }
    expect(s.phase).toBe('between')
  })

  it('a misère bidder ducks under the trick when it can', () => {
    // Seat 1 bid misère and holds 2D and AD; seat 0 led KD: ducking with 2D is the only card that is not worse.
    let s = bidAll(
      start(4, 3, [
        deckFor(4, 3, [['KD'], ['2D', 'AD', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS']]),
      ]),
      ['S', 'misere', 'H', 'C'],
    )
    s = act(s, 0, play('KD'))
    expect(bugamiEngine.autoAction(s, 1)).toEqual({ type: 'play', card: '2D' })
  })
})
