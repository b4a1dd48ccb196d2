import { describe, expect, it } from 'vitest'
import { cardPoints, setBeats } from '../../../src/games/bura/rules/index.js'
import { act, engine, play, points, refused, sorted, start, SOURCE_DEAL } from './helpers.js'

/** The worked examples of the Bura source text as docs/rules/bura.md restates them. */

describe('beating', () => {
  it('ranks A T K Q J 9 8 7 6 and counts A 11, T 10, K 4, Q 3, J 2 (120 in the deck)', () => {
    expect((['AS', 'TS', 'KS', 'QS', 'JS', '9S', '8S', '7S', '6S'] as const).map(cardPoints)).toEqual([
      11, 10, 4, 3, 2, 0, 0, 0, 0,
    ])
    expect(setBeats(['TS'], ['KS'], 'H')).toBe(true)
    expect(setBeats(['KS'], ['TS'], 'H')).toBe(false)
    expect(setBeats(['6H'], ['AS'], 'H')).toBe(true)
    expect(setBeats(['AD'], ['6S'], 'H')).toBe(false)
    expect(setBeats(['7H'], ['8H'], 'H')).toBe(false)
  })

  it('pairs cards one to one: ♣A ♥6 beat ♣K ♣9 with hearts trump, ♣A ♠8 do not', () => {
    expect(setBeats(['6H', 'AC'], ['KC', '9C'], 'H')).toBe(true)
    expect(setBeats(['AC', '8S'], ['KC', '9C'], 'H')).toBe(false)
    expect(setBeats(['TC', 'AC', '7H'], ['KC', '9C', 'QC'], 'H')).toBe(true)
    expect(setBeats(['TC', 'AC', '7S'], ['KC', '9C', 'QC'], 'H')).toBe(false)
  })
})

describe('the two-player example: hearts trump, A leads ♣K ♣9', () => {
  it('B answers ♣A ♥6, beats both cards and takes the trick with 15 points', () => {
    const t = start(SOURCE_DEAL)
    expect(engine.waitingFor(t.state)).toEqual([0]) // with two players the non-dealer leads
    play(t, 0, 'KC', '9C')
    const events = play(t, 1, 'AC', '6H')
    expect(events).toContainEqual({ type: 'trick', winner: 1 })
    expect(points(t)).toEqual([0, 15])
    expect(engine.waitingFor(t.state)).toEqual([1])
    expect(t.state.hands.map((h) => h.length)).toEqual([3, 3])
  })

  it('with ♣A ♠8 ♠7 B cannot beat both, so the automatic move throws ♠8 ♠7 and keeps the ace', () => {
    const t = start({
      ...SOURCE_DEAL,
      hands: [
        ['KC', '9C', 'JD'],
        ['AC', '8S', '7S'],
      ],
      pile: [],
    })
    play(t, 0, 'KC', '9C')
    const beating = engine
      .legalActions(t.state, 1)
      .filter((a) => a.type === 'play' && setBeats(a.cards, ['KC', '9C'], 'H'))
    expect(beating).toEqual([])
    const auto = engine.autoAction(t.state, 1)
    expect(auto?.type === 'play' && sorted(auto.cards)).toEqual(['7S', '8S'])
    act(t, 1, auto!)
    expect(t.state.lastTrick?.winner).toBe(0)
    expect(t.state.hands[1]).toContain('AC')
  })

  it('must answer with exactly as many cards as were led', () => {
    const t = start(SOURCE_DEAL)
    play(t, 0, 'KC', '9C')
    expect(refused(t, 1, { type: 'play', cards: ['AC'] })).toBe('Play exactly 2 cards, as many as the lead.')
    expect(refused(t, 1, { type: 'play', cards: ['AC', '6H', 'TS'] })).toBe(
      'Play exactly 2 cards, as many as the lead.',
    )
  })
})

describe('the three-player example: diamonds trump, A leads ♠Q ♠7', () => {
  const deal = {
    players: 3,
    dealer: 2,
    trumpCard: '6D',
    hands: [
      ['QS', '7S', '6H'],
      ['9D', 'JS', '7C'],
      ['KD', '8D', '9S'],
    ],
  }

  it('B plays ♦9 ♠J and is in front; C would need both trumps to take it', () => {
    const t = start(deal)
    expect(engine.waitingFor(t.state)).toEqual([0]) // left of the dealer leads
    play(t, 0, 'QS', '7S')
    play(t, 1, '9D', 'JS')
    expect(engine.view(t.state, null).trick?.winning).toBe(1)
    const answers = engine.legalActions(t.state, 2).filter((a) => a.type === 'play')
    const beatB = answers.filter((a) => a.type === 'play' && setBeats(a.cards, ['9D', 'JS'], 'D'))
    expect(beatB.map((a) => a.type === 'play' && sorted(a.cards))).toEqual([['8D', 'KD']])
    // ♦K ♠9 would beat the lead (♠Q ♠7) but not what is in front now.
    expect(setBeats(['KD', '9S'], ['QS', '7S'], 'D')).toBe(true)
    expect(engine.autoAction(t.state, 2)).toEqual({ type: 'play', cards: ['8D', '9S'] })
    play(t, 2, 'KD', '9S')
    expect(t.state.lastTrick?.winner).toBe(1)
  })

  it('C takes the trick with both trumps', () => {
    const t = start(deal)
    play(t, 0, 'QS', '7S')
    play(t, 1, '9D', 'JS')
    play(t, 2, 'KD', '8D')
    expect(t.state.lastTrick?.winner).toBe(2)
    expect(points(t)).toEqual([0, 0, 3 + 2 + 4])
  })
})

describe('the declaring example: Anna and Ben ante 1 chip each, the pot holds 2', () => {
  // Ben (seat 1) deals, so Anna leads. Ben takes ♣K ♣9 ♣A ♥6 (15), ♠T ♦J (12), ♥Q ♦7 (3), ♠K ♠8 (4).
  const game = () => {
    const t = start({ ...SOURCE_DEAL, pile: ['QH', '7D', 'KS', '8S', '7C', '6D', '8C', '6C'], options: { ante: 1 } })
    expect(t.state.pot).toBe(2)
    play(t, 0, 'KC', '9C')
    play(t, 1, 'AC', '6H')
    play(t, 1, 'TS')
    play(t, 0, 'JD')
    play(t, 1, 'QH')
    play(t, 0, '7D')
    expect(points(t)).toEqual([0, 30])
    return t
  }

  it('declaring with 30 is false: Ben doubles the pot, which stays for the next game; Ben deals it', () => {
    const t = game()
    const events = act(t, 1, { type: 'declare' })
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'declare', seat: 1, declaredPoints: 30, correct: false }),
    )
    expect(events).toContainEqual({
      type: 'chips',
      from: { seat: 1 },
      to: 'pot',
      amount: 2,
      reason: 'falseDeclaration',
    })
    expect(t.state.pot).toBe(4)
    expect(t.state.stacks).toEqual([99, 97])
    expect(engine.progress(t.state)).toBe('gameOver')
    expect(engine.summary(t.state).winners).toEqual([])
    const next = engine.nextDeal(t.state)
    expect(next.ok).toBe(true)
    if (next.ok) {
      expect(next.value.state.dealer).toBe(1)
      expect(next.value.state.pot).toBe(6) // 4 plus the new antes
    }
  })

  it('after ♠K ♠8 Ben has 34, declares and takes the 2 chips; he deals next', () => {
    const t = game()
    play(t, 1, 'KS')
    play(t, 0, '8S')
    expect(points(t)).toEqual([0, 34])
    const events = act(t, 1, { type: 'declare' })
    expect(events).toContainEqual({ type: 'chips', from: 'pot', to: { seat: 1 }, amount: 2, reason: 'declaration' })
    expect(t.state.stacks).toEqual([99, 101])
    expect(t.state.pot).toBe(0)
    expect(engine.summary(t.state).winners).toEqual([1])
    expect(t.state.nextDealer).toBe(1)
  })

  it('Anna may declare too, even out of turn; with nothing taken it is false', () => {
    const t = game()
    expect(engine.waitingFor(t.state)).toEqual([1])
    expect(engine.legalActions(t.state, 0)).toEqual([{ type: 'declare' }])
    act(t, 0, { type: 'declare' })
    expect(t.state.pot).toBe(4)
    expect(t.state.nextDealer).toBe(0)
  })
})
