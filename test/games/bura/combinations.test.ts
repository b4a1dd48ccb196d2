import { describe, expect, it } from 'vitest'
import { deckFor, engine, play, start, SOURCE_DEAL } from './helpers.js'

/**
 * Combinations, checked at the start of every trick and played by the bot (docs/rules/bura.md Bura rule 6).
 * Hearts are trump throughout.
 */

const plain = ['7S', '8C', '9D'] as const

describe('Bura', () => {
  it('a Bura dealt at the start wins the pot before anyone acts; its holder deals next', () => {
    const t = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['AS', '7C', '8D'],
        ['KH', '7H', '8H'],
      ],
    })
    expect(engine.progress(t.state)).toBe('gameOver')
    expect(t.events).toContainEqual({ type: 'combination', seat: 1, kind: 'bura', cards: ['KH', '7H', '8H'] })
    expect(t.events).toContainEqual({ type: 'chips', from: 'pot', to: { seat: 1 }, amount: 20, reason: 'bura' })
    expect(t.state.stacks).toEqual([90, 110])
    expect(t.state.nextDealer).toBe(1)
    expect(engine.legalActions(t.state, 0)).toEqual([])
    // The Bura was shown: everyone may see it.
    expect(engine.view(t.state, 0).result).toMatchObject({
      reason: 'bura',
      winner: 1,
      cards: ['KH', '7H', '8H'],
      winners: [1],
    })
  })

  it('several Buras: their holders alone play a trick, led by the first from the leader; its winner wins', () => {
    const t = start({
      players: 3,
      dealer: 2,
      trumpCard: '9H',
      hands: [
        ['KH', '7H', '8H'],
        ['AH', 'TH', 'QH'],
        ['6S', '7S', '8C'],
      ],
    })
    expect(t.state.end).toEqual({ reason: 'buraTrick', winner: 1 })
    expect(t.state.lastTrick?.plays.map((p) => p.seat)).toEqual([0, 1])
    expect(t.state.stacks).toEqual([90, 120, 90])
  })

  it('in a Bura trick the leader keeps it unless every card is beaten', () => {
    const t = start({
      players: 3,
      dealer: 2,
      trumpCard: '9H',
      hands: [
        ['KH', '7H', '8H'],
        ['JH', '6H', 'QH'],
        ['6S', '7S', '8C'],
      ],
    })
    expect(t.state.end).toEqual({ reason: 'buraTrick', winner: 0 })
  })

  it('a Bura drawn later also wins at the start of the next trick', () => {
    // Seat 1 (dealer 0's left) leads; seat 0 holds two trumps and draws the third.
    const t = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['KH', '7H', '8C'],
        ['7S', '8S', '9D'],
      ],
      pile: ['TC', 'AH'],
    })
    play(t, 1, '7S')
    play(t, 0, '8C') // seat 1 keeps the trick and draws first: TC to seat 1, AH to seat 0
    expect(t.state.end).toEqual({ reason: 'bura', winner: 0, cards: ['KH', '7H', 'AH'] })
  })
})

describe('three aces and Molodka take the lead', () => {
  it('three aces are led together by their holder instead of the normal leader', () => {
    const t = start({ players: 2, dealer: 0, trumpCard: '9H', hands: [['AS', 'AC', 'AD'], [...plain]] })
    expect(t.state.trick).toMatchObject({
      leader: 0,
      size: 3,
      combination: 'threeAces',
      plays: [{ seat: 0, cards: ['AS', 'AC', 'AD'] }],
    })
    expect(engine.waitingFor(t.state)).toEqual([1])
    expect(t.state.hands[0]).toEqual([])
    play(t, 1, '7S', '8C', '9D')
    expect(t.state.lastTrick?.winner).toBe(0)
  })

  it('three aces rank above a Molodka, even the normal leader’s', () => {
    const t = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['AS', 'AC', 'AD'],
        ['7S', '8S', 'TS'],
      ],
    })
    expect(t.state.trick?.combination).toBe('threeAces')
    expect(t.state.trick?.leader).toBe(0)
  })

  it('the normal leader holding a Molodka leads it', () => {
    const t = start({ players: 2, dealer: 0, trumpCard: '9H', hands: [[...plain], ['7D', '8D', 'TD']] })
    expect(t.state.trick).toMatchObject({
      leader: 1,
      combination: 'molodka',
      plays: [{ seat: 1, cards: ['7D', '8D', 'TD'] }],
    })
  })

  it('between equal claims the earliest in turn order from the normal leader leads', () => {
    // Dealer 0: the normal leader is seat 1, then seat 2, then seat 0.
    const t = start({
      players: 3,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['7S', '8S', 'TS'],
        ['6D', '7D', 'AH'],
        ['7C', '8C', 'TC'],
      ],
    })
    expect(t.state.trick).toMatchObject({ leader: 2, combination: 'molodka' })
    expect(engine.waitingFor(t.state)).toEqual([0]) // play continues clockwise from whoever led
  })

  it('a Molodka drawn later takes the lead from the trick winner', () => {
    const t = start({ ...SOURCE_DEAL, pile: ['QH', '7D', 'KS', '8D'] })
    play(t, 0, 'KC', '9C')
    play(t, 1, 'AC', '6H')
    expect(t.state.trick).toMatchObject({
      leader: 0,
      combination: 'molodka',
      plays: [{ seat: 0, cards: ['JD', '7D', '8D'] }],
    })
    expect(engine.waitingFor(t.state)).toEqual([1])
  })
})

describe('variants', () => {
  const acesAndBura = {
    players: 2,
    dealer: 0,
    trumpCard: '9H' as const,
    hands: [
      ['AS', 'AC', 'AD'],
      ['KH', '7H', '8H'],
    ] as ['AS', 'AC', 'AD'][],
  }

  it('without Moscow a Bura beats three aces', () => {
    const t = start(acesAndBura)
    expect(t.state.end).toMatchObject({ reason: 'bura', winner: 1 })
  })

  it('moscow: three aces beat even a Bura and take the pot', () => {
    const t = start({ ...acesAndBura, options: { moscow: true } })
    expect(t.state.end).toMatchObject({ reason: 'moscow', winner: 0 })
    expect(t.state.stacks).toEqual([110, 90])
  })

  it('threeAcesWin: three aces win the pot when nobody has a Bura', () => {
    const t = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [['AS', 'AC', 'AD'], [...plain]],
      options: { threeAcesWin: true },
    })
    expect(t.state.end).toMatchObject({ reason: 'threeAces', winner: 0 })
    const withBura = start({ ...acesAndBura, options: { threeAcesWin: true } })
    expect(withBura.state.end).toMatchObject({ reason: 'bura', winner: 1 })
  })

  it('littleMoscow: three sixes with the trump six take the lead and rank above Molodka', () => {
    const hands = [
      ['6H', '6S', '6C'],
      ['7D', '8D', 'TD'],
    ]
    const on = start({ players: 2, dealer: 0, trumpCard: '9H', hands, options: { littleMoscow: true } })
    expect(on.state.trick).toMatchObject({
      leader: 0,
      combination: 'littleMoscow',
      plays: [{ seat: 0, cards: ['6H', '6S', '6C'] }],
    })
    const off = start({ players: 2, dealer: 0, trumpCard: '9H', hands })
    expect(off.state.trick).toMatchObject({ leader: 1, combination: 'molodka' })
    // Three sixes without the trump six are nothing.
    const noTrumpSix = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [['6D', '6S', '6C'], [...plain]],
      options: { littleMoscow: true },
    })
    expect(noTrumpSix.state.trick).toMatchObject({ leader: 1, combination: null, plays: [] })
  })

  it('redealOnCombination: a combination in the deal does not count; the dealer deals again, no second ante', () => {
    const withBura = deckFor({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['AS', '7C', '8D'],
        ['KH', '7H', '8H'],
      ],
    })
    const plainDeal = deckFor({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [
        ['AS', '7C', '8D'],
        ['9D', '8C', '7S'],
      ],
    })
    const t = start({ players: 2, dealer: 0, options: { redealOnCombination: true }, decks: [withBura, plainDeal] })
    expect(t.events.filter((e) => e.type === 'redeal')).toHaveLength(1)
    expect(engine.progress(t.state)).toBe('acting')
    expect(t.state.hands).toEqual([
      ['AS', '7C', '8D'],
      ['9D', '8C', '7S'],
    ])
    expect(t.state.pot).toBe(20)
    expect(t.state.dealer).toBe(0)
  })

  it('redealOnCombination leaves combinations that come later alone', () => {
    const t = start({ ...SOURCE_DEAL, pile: ['QH', '7D', 'KS', '8D'], options: { redealOnCombination: true } })
    play(t, 0, 'KC', '9C')
    play(t, 1, 'AC', '6H')
    expect(t.state.trick?.combination).toBe('molodka')
  })
})
