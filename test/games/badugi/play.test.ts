import { describe, expect, it } from 'vitest'
import { badugiEngine as engine } from '../../../src/games/badugi/rules/index.js'
import { act, c, chipMoves, refused, table } from './helpers.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

describe('Badugi betting', () => {
  it('caps a round at one bet and three raises; in round 1 the big blind is the bet', () => {
    // Dealer 0, small blind 1, big blind 2: seat 0 acts first.
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')] })
    expect(t.state.toAct).toBe(0)
    t = act(t, [0, { type: 'raise' }], [1, { type: 'raise' }], [2, { type: 'raise' }])
    expect(t.state.level).toBe(8)
    expect(engine.view(t.state, 0).raisesLeft).toBe(0)
    expect(engine.legalActions(t.state, 0)).toEqual([{ type: 'fold' }, { type: 'call' }])
    expect(refused(t, 0, { type: 'raise' })).toMatch(/capped/)
    t = act(t, [0, { type: 'call' }], [1, { type: 'call' }])
    expect(t.state.phase).toBe('drawing')
    expect(engine.summary(t.state).pot).toBe(24)
    // Round 2 uses the small bet again: bet 2, then raises to 4, 6, 8, and no more.
    t = act(t, [1, { type: 'draw', cards: [] }], [2, { type: 'draw', cards: [] }], [0, { type: 'draw', cards: [] }])
    t = act(t, [1, { type: 'bet' }], [2, { type: 'raise' }], [0, { type: 'raise' }], [1, { type: 'raise' }])
    expect(t.state.level).toBe(8)
    expect(refused(t, 2, { type: 'raise' })).toMatch(/capped/)
  })

  it('gives the big blind the option to raise when everybody just called', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')] })
    t = act(t, [0, { type: 'call' }], [1, { type: 'call' }])
    expect(t.state.toAct).toBe(2)
    expect(engine.legalActions(t.state, 2)).toEqual([{ type: 'check' }, { type: 'raise' }])
    const checked = act(t, [2, { type: 'check' }])
    expect(checked.state.phase).toBe('drawing')
    // The first seat in the hand left of the dealer draws first.
    expect(checked.state.toAct).toBe(1)
    t = act(t, [2, { type: 'raise' }])
    expect(t.state.level).toBe(4)
    expect(t.state.toAct).toBe(0)
    expect(engine.legalActions(t.state, 0)).toContainEqual({ type: 'raise' })
    t = act(t, [0, { type: 'call' }], [1, { type: 'call' }])
    expect(t.state.phase).toBe('drawing')
    expect(engine.summary(t.state).pot).toBe(12)
  })

  it('heads-up: the dealer posts the small blind and acts first before the draw, last after it', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C')], dealer: 0 })
    // Dealing starts left of the dealer, so seat 1 got the first card.
    expect(t.state.smallBlindSeat).toBe(0)
    expect(t.state.bigBlindSeat).toBe(1)
    expect(chipMoves(t.events).map((e) => [e.from, e.amount, e.reason])).toEqual([
      [{ seat: 0 }, 1, 'small blind'],
      [{ seat: 1 }, 2, 'big blind'],
    ])
    expect(t.state.toAct).toBe(0)
    expect(refused(t, 1, { type: 'check' })).toMatch(/not your turn/)
    t = act(t, [0, { type: 'call' }], [1, { type: 'check' }])
    expect(t.state.toAct).toBe(1)
    t = act(t, [1, { type: 'draw', cards: c('9S') }], [0, { type: 'draw', cards: [] }])
    expect(t.state.phase).toBe('betting')
    expect(t.state.toAct).toBe(1)
    t = act(t, [1, { type: 'check' }], [0, { type: 'bet' }], [1, { type: 'call' }])
    expect(t.state.toAct).toBe(1)
    expect(t.state.phase).toBe('drawing')
  })

  it('does not let an all-in for less reopen the betting or count toward the cap', () => {
    // Seat 0 has only 3 chips: raising to 4 would be a full raise; it goes all-in to 3.
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')], stacks: [3, 100, 100] })
    t = act(t, [0, { type: 'call' }], [1, { type: 'raise' }])
    expect(t.state.level).toBe(4)
    t = act(t, [2, { type: 'call' }])
    // Seat 0 can put in one more chip only: all-in for less, a call.
    expect(engine.legalActions(t.state, 0)).toEqual([{ type: 'fold' }, { type: 'call' }])
    t = act(t, [0, { type: 'call' }])
    expect(t.state.status[0]).toBe('allIn')
    expect(t.state.phase).toBe('drawing')

    let u = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')], stacks: [100, 100, 5] })
    u = act(u, [0, { type: 'raise' }], [1, { type: 'call' }], [2, { type: 'raise' }])
    // Seat 2 raised all-in to 5, one short of a full raise to 6: it does not count toward the
    // cap, and the others, who already acted, may only call or fold.
    expect(u.state.level).toBe(5)
    expect(u.state.fullRaises).toBe(2)
    expect(engine.legalActions(u.state, 0)).toEqual([{ type: 'fold' }, { type: 'call' }])
    expect(refused(u, 0, { type: 'raise' })).toMatch(/does not reopen/)
  })

  it('posts a blind larger than the stack all-in and sits out a seat with no chips', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), [], c('5S 4H 3D 2C')], stacks: [100, 1, 0, 100] })
    expect(t.state.status).toEqual(['in', 'allIn', 'out', 'in'])
    expect(t.state.hands[2]).toEqual([])
    expect(t.state.bigBlindSeat).toBe(3)
    // The short small blind posted 1 (all of it); the big blind is 2 and the others must match 2.
    expect(t.state.toAct).toBe(0)
    t = act(t, [0, { type: 'call' }], [3, { type: 'check' }])
    expect(t.state.phase).toBe('drawing')
    expect(engine.summary(t.state).pot).toBe(5)
  })

  it('refuses a fold when checking is free, and other wrong moves, without changing anything', () => {
    const t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C')] })
    expect(refused(t, 0, { type: 'check' })).toMatch(/bet of 1/)
    expect(refused(t, 0, { type: 'bet' })).toMatch(/already a bet/)
    expect(refused(t, 0, { type: 'draw', cards: [] })).toMatch(/betting round/)
    expect(refused(t, 0, { type: 'raise', amount: 7 })).toMatch(/fixed limit you raise to 4/)
    const bb = act(t, [0, { type: 'call' }])
    expect(refused(bb, 1, { type: 'fold' })).toMatch(/check for free/)
    const draw = act(bb, [1, { type: 'check' }])
    expect(refused(draw, 1, { type: 'draw', cards: c('KS') })).toMatch(/do not hold/)
    expect(refused(draw, 1, { type: 'check' })).toMatch(/draw/)
  })
})

describe('Badugi pot limit and no limit', () => {
  it('no limit: the minimum bet is the big blind, the minimum raise the last raise, amount is "raise to"', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')], options: { limit: 'no' } })
    expect(engine.legalActions(t.state, 0)).toEqual([
      { type: 'fold' },
      { type: 'call' },
      { type: 'raise', amount: 4 },
      { type: 'raise', amount: 100 },
    ])
    expect(refused(t, 0, { type: 'raise', amount: 3 })).toMatch(/smallest raise is to 4/)
    expect(refused(t, 0, { type: 'raise' })).toMatch(/Say how much/)
    t = act(t, [0, { type: 'raise', amount: 10 }])
    // The raise was 8, so the next raise is to at least 18.
    expect(engine.view(t.state, 1).you!.wager).toEqual({ kind: 'raise', min: 18, max: 100 })
    t = act(t, [1, { type: 'raise', amount: 500 }])
    expect(t.state.status[1]).toBe('allIn')
    expect(t.state.level).toBe(100)
  })

  it('pot limit: the largest raise is the pot after calling', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')], options: { limit: 'pot' } })
    // Pot 3, call 2 makes 5: raise by 5 to 7.
    expect(engine.view(t.state, 0).you!.wager).toEqual({ kind: 'raise', min: 4, max: 7 })
    expect(refused(t, 0, { type: 'raise', amount: 8 })).toMatch(/largest raise is to 7/)
    t = act(t, [0, { type: 'raise', amount: 7 }])
    // Pot 10, seat 1 calls 6 more: 16, raise to 7 + 16 = 23.
    expect(engine.view(t.state, 1).you!.wager).toEqual({ kind: 'raise', min: 12, max: 23 })
  })
})

describe('Badugi showdown and pots', () => {
  it('splits main and side pots among three players all-in for different amounts', () => {
    const hands = [c('KS KH KD 9C'), c('AS 2H 3D 4C'), c('5S 6H 7D 8C'), c('9S TH JD QC')]
    let t = table({ hands, stacks: [100, 10, 25, 60], options: { limit: 'no' } })
    t = act(
      t,
      [3, { type: 'raise', amount: 60 }],
      [0, { type: 'raise', amount: 100 }],
      [1, { type: 'call' }],
      [2, { type: 'call' }],
    )
    expect(chipMoves(t.events, 'uncalled bet returned')).toEqual([
      { type: 'chips', from: 'pot', to: { seat: 0 }, amount: 40, reason: 'uncalled bet returned' },
    ])
    // Nobody can bet any more, but every seat still draws, from the dealer's left.
    expect(t.state.phase).toBe('drawing')
    for (let draw = 0; draw < 3; draw++)
      for (const seat of [1, 2, 3, 0]) t = act(t, [seat, { type: 'draw', cards: [] }])
    expect(t.state.phase).toBe('handOver')
    expect(t.state.result!.pots).toEqual([
      { amount: 40, seats: [0, 1, 2, 3], winners: [1], shares: [40] },
      { amount: 45, seats: [0, 2, 3], winners: [2], shares: [45] },
      { amount: 70, seats: [0, 3], winners: [3], shares: [70] },
    ])
    expect(t.state.stacks).toEqual([40, 40, 45, 70])
    const s = engine.summary(t.state)
    expect(s.pot).toBe(0)
    expect(s.winners).toEqual([1, 2, 3])
  })

  it('splits a tied pot and gives the odd chip to the tied player first left of the dealer', () => {
    let t = table({ hands: [c('AS 2H 3D 4C'), c('KS KH KD KC'), c('AH 2S 3C 4D')] })
    t = act(t, [0, { type: 'call' }], [1, { type: 'fold' }], [2, { type: 'check' }])
    for (let round = 0; round < 3; round++) {
      t = act(t, [2, { type: 'draw', cards: [] }], [0, { type: 'draw', cards: [] }])
      t = act(t, [2, { type: 'check' }], [0, { type: 'check' }])
    }
    expect(t.state.result!.showOrder).toEqual([2, 0])
    expect(t.state.result!.pots).toEqual([{ amount: 5, seats: [0, 2], winners: [2, 0], shares: [3, 2] }])
    expect(t.state.stacks).toEqual([100, 99, 101])
    expect(t.events.filter((e) => e.type === 'show').map((e) => e.type === 'show' && e.value)).toEqual([
      '4-3-2-A badugi',
      '4-3-2-A badugi',
    ])
  })

  it('shows first the last to bet or raise in the final round', () => {
    let t = table({ hands: [c('AS 2H 3D 4C'), c('5S 6H 7D 8C'), c('AH 2S 3C 5D')] })
    t = act(t, [0, { type: 'call' }], [1, { type: 'call' }], [2, { type: 'check' }])
    for (let round = 0; round < 3; round++) {
      t = act(t, [1, { type: 'draw', cards: [] }], [2, { type: 'draw', cards: [] }], [0, { type: 'draw', cards: [] }])
      if (round < 2) t = act(t, [1, { type: 'check' }], [2, { type: 'check' }], [0, { type: 'check' }])
    }
    t = act(
      t,
      [1, { type: 'check' }],
      [2, { type: 'bet' }],
      [0, { type: 'raise' }],
      [1, { type: 'fold' }],
      [2, { type: 'call' }],
    )
    expect(t.state.result!.showOrder).toEqual([0, 2])
    expect(t.state.result!.winners).toEqual([0])
  })

  it('gives the pot to the last player in when all others fold, showing nothing', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')] })
    t = act(t, [0, { type: 'raise' }], [1, { type: 'fold' }], [2, { type: 'fold' }])
    expect(t.state.phase).toBe('handOver')
    expect(t.events.some((e) => e.type === 'show')).toBe(false)
    expect(t.state.shown).toEqual([false, false, false])
    // Seat 0's raise beyond the big blind came back; the blinds are its win.
    expect(chipMoves(t.events, 'uncalled bet returned').map((e) => e.amount)).toEqual([2])
    expect(chipMoves(t.events, 'pot').map((e) => [e.to, e.amount])).toEqual([[{ seat: 0 }, 5]])
    expect(engine.summary(t.state).winners).toEqual([0])
    expect(engine.view(t.state, 1).seats[0]!.hand).toBeNull()
  })
})

describe('Badugi draws', () => {
  it("reshuffles the discards when the pile runs out, without the drawing seat's own discards", () => {
    let t = table({
      hands: [
        c('AS 2S 3S 4S'),
        c('AH 2H 3H 4H'),
        c('AD 2D 3D 4D'),
        c('AC 2C 3C 4C'),
        c('5S 6S 7S 8S'),
        c('5H 6H 7H 8H'),
        c('5D 6D 7D 8D'),
        c('5C 6C 7C 8C'),
      ],
    })
    t = act(
      t,
      [3, { type: 'call' }],
      [4, { type: 'call' }],
      [5, { type: 'call' }],
      [6, { type: 'call' }],
      [7, { type: 'call' }],
      [0, { type: 'call' }],
      [1, { type: 'call' }],
      [2, { type: 'check' }],
    )
    expect(t.state.pile).toHaveLength(20)
    for (const seat of [1, 2, 3, 4, 5]) t = act(t, [seat, { type: 'draw', cards: t.state.hands[seat]!.slice() }])
    expect(t.state.pile).toHaveLength(0)
    const own = t.state.hands[6]!.slice()
    const before = t.events.length
    t = act(t, [6, { type: 'draw', cards: own }])
    expect(t.events.slice(before)).toContainEqual({ type: 'reshuffle', cards: 20 })
    expect(t.state.hands[6]!.some((x) => own.includes(x))).toBe(false)
    expect(t.state.pile).toHaveLength(16)
    expect(t.state.discards).toEqual(own)
    t = act(
      t,
      [7, { type: 'draw', cards: t.state.hands[7]!.slice() }],
      [0, { type: 'draw', cards: t.state.hands[0]!.slice() }],
    )
    expect(engine.invariants(t.state)).toEqual([])
    expect(t.state.phase).toBe('betting')
  })

  it('timed out: checks when free, folds to a bet, and throws the cards that do not count', () => {
    let t = table({ hands: [c('QS 6H 3D 3C'), c('9S 8H 7D 6C')] })
    expect(engine.autoAction(t.state, 0)).toEqual({ type: 'fold' })
    expect(engine.autoAction(t.state, 1)).toBeNull()
    t = act(t, [0, { type: 'call' }])
    expect(engine.autoAction(t.state, 1)).toEqual({ type: 'check' })
    t = act(t, [1, { type: 'check' }], [1, { type: 'draw', cards: [] }])
    const auto = engine.autoAction(t.state, 0)
    expect(auto?.type).toBe('draw')
    // Two threes: one of them does not count.
    expect(auto).toEqual({ type: 'draw', cards: c('3C') })
  })
})

describe('Badugi at a cash table', () => {
  it('moves the button to the next seat with chips and sits out seats without', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')], stacks: [100, 2, 100] })
    t = act(t, [0, { type: 'raise' }], [1, { type: 'fold' }], [2, { type: 'fold' }])
    expect(t.state.stacks).toEqual([103, 1, 98])
    const next = engine.nextDeal(t.state)
    expect(next.ok).toBe(true)
    if (!next.ok) return
    expect(next.value.state.dealer).toBe(1)
    expect(next.value.state.handNo).toBe(2)
    // Three seats with chips: small blind left of the dealer (seat 2), big blind seat 0.
    expect(next.value.state.smallBlindSeat).toBe(2)
    expect(next.value.state.bigBlindSeat).toBe(0)
  })

  it('refuses the next hand when fewer than two seats have chips', () => {
    // Seat 1 posts its whole stack as the big blind and loses to seat 0's badugi.
    let t = table({ hands: [c('9S 8H 7D 6C'), c('KS QH JD TC')], stacks: [100, 2] })
    expect(t.state.status[1]).toBe('allIn')
    t = act(t, [0, { type: 'call' }])
    for (let round = 0; round < 3; round++)
      t = act(t, [1, { type: 'draw', cards: [] }], [0, { type: 'draw', cards: [] }])
    expect(t.state.phase).toBe('handOver')
    expect(t.state.stacks).toEqual([102, 0])
    const next = engine.nextDeal(t.state)
    expect(next.ok).toBe(false)
    if (!next.ok) expect(refusalText(next.error, ENGLISH)).toMatch(/at least two/)
  })

  it('standing up folds the hand, even out of turn, and keeps the seat out of later hands', () => {
    let t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C'), c('5S 4H 3D 2C')] })
    t = act(t, [0, { type: 'call' }])
    // Seat 2 (big blind) stands up while seat 1 is to act.
    t = act(t, [2, { type: 'leave' }])
    expect(t.events.slice(-2)).toEqual([
      { type: 'fold', seat: 2 },
      { type: 'leave', seat: 2, stack: 98 },
    ])
    expect(t.state.status[2]).toBe('folded')
    expect(t.state.toAct).toBe(1)
    expect(refused(t, 2, { type: 'leave' })).toMatch(/already left/)
    t = act(t, [1, { type: 'call' }])
    expect(t.state.phase).toBe('drawing')
    // Seat 0 stands up too: seat 1 wins what is in the pot.
    t = act(t, [0, { type: 'leave' }])
    expect(t.state.phase).toBe('handOver')
    expect(t.state.result!.winners).toEqual([1])
    expect(t.state.stacks).toEqual([98, 104, 98])
    const next = engine.nextDeal(t.state)
    expect(next.ok).toBe(false)
  })
})

describe('Badugi input checks', () => {
  it('refuses malformed moves with a clear message and no change', () => {
    const t = table({ hands: [c('KS QH JD TC'), c('9S 8H 7D 6C')], options: { limit: 'no' } })
    expect(refused(t, 0, { type: 'raise', amount: 4.5 })).toMatch(/whole number/)
    expect(refused(t, 0, { type: 'raise', amount: -3 })).toMatch(/whole number/)
    expect(refused(t, 5, { type: 'call' })).toMatch(/no seat 5/)
    const draw = act(t, [0, { type: 'call' }], [1, { type: 'check' }])
    expect(refused(draw, 1, { type: 'draw', cards: c('9S 8H 7D 6C 5C') })).toMatch(/0 to 4/)
    expect(refused(draw, 1, { type: 'draw', cards: c('9S 9S') })).toMatch(/twice/)
    expect(engine.actionSchema.safeParse({ type: 'draw', cards: ['9S', 'nope'] }).success).toBe(false)
    expect(engine.actionSchema.parse({ type: 'draw', cards: ['10h'] })).toEqual({ type: 'draw', cards: ['TH'] })
    expect(engine.optionsSchema.safeParse({ limit: 'spread' }).success).toBe(false)
    expect(engine.optionsSchema.safeParse({ ante: 1 }).success).toBe(false)
    expect(engine.optionsSchema.parse({})).toEqual({
      limit: 'fixed',
      smallBlind: 1,
      bigBlind: 2,
      smallBet: 2,
      bigBet: 4,
      format: 'cash',
      structure: 'normal',
      levelHands: 10,
      prizes: 'standard',
    })
    expect(engine.optionsSchema.safeParse({ format: 'knockout' }).success).toBe(false)
    expect(engine.optionsSchema.safeParse({ format: 'tournament', levelHands: 0 }).success).toBe(false)
    const unequal = engine.setup({
      players: 2,
      dealer: 0,
      seed: 1,
      stacks: [100, 90],
      options: engine.optionsSchema.parse({ format: 'freezeout' }),
    })
    expect(unequal.ok ? null : refusalText(unequal.error, ENGLISH)).toBe(
      'In a freeze-out everyone buys in the same amount.',
    )
  })
})
