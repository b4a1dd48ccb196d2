import { describe, expect, it } from 'vitest'
import { DECK_32 } from '../../../src/games/bura/rules/index.js'
import { act, engine, play, points, refused, start, type Table, SOURCE_DEAL } from './helpers.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/**
 * Plays automatic moves (nobody declares) until the last trick is taken; tries seeds until no Bura
 * ends the game early.
 */
function toFinalCall(p: Parameters<typeof start>[0]): Table {
  for (let seed = p.seed ?? 1; ; seed++) {
    const t = start({ ...p, seed })
    while (t.state.phase === 'play') {
      const seat = engine.waitingFor(t.state)[0]!
      act(t, seat, engine.autoAction(t.state, seat)!)
    }
    if (t.state.phase === 'finalCall') return t
  }
}

describe('drawing', () => {
  it('draws one card at a time clockwise from the trick winner until everyone holds 3', () => {
    const t = start(SOURCE_DEAL)
    play(t, 0, 'KC', '9C')
    const events = play(t, 1, 'AC', '6H')
    expect(events).toContainEqual({ type: 'draw', from: 1, rounds: 2, trumpCardTo: null, pileLeft: 30 - 4 })
    expect(t.state.hands).toEqual([
      ['JD', '7D', '8S'],
      ['TS', 'QH', 'KS'],
    ])
  })

  it.each([
    [2, false],
    [3, false],
    [4, false],
    [5, false],
    [6, false],
    [2, true],
    [3, true],
    [4, true],
    [5, true],
    [6, true],
  ])(
    'with %i players (32 cards: %s) only whole rounds are drawn; what no round can share stays in the pile',
    (players, deck32) => {
      const t = toFinalCall({ players, dealer: 0, options: { deck32 } })
      const deckSize = deck32 ? 32 : 36
      const left = (deckSize - 3 * players - 0) % players
      expect(t.state.pile).toHaveLength(left)
      // The trump card is drawn last: if anything is left, it is still there.
      if (left > 0) expect(t.state.pile.at(-1)).toBe(t.state.trumpCard)
      else expect(t.events.some((e) => e.type === 'draw' && e.trumpCardTo !== null)).toBe(true)
      const draws = t.events.filter((e) => e.type === 'draw')
      for (const d of draws) expect(d.type === 'draw' && d.rounds).toBeGreaterThan(0)
    },
  )
})

describe('the final call', () => {
  it('after the last trick all may declare or pass; all pass: the pot stays, the dealer deals, new antes', () => {
    const t = toFinalCall({ players: 3, dealer: 2 })
    expect(engine.waitingFor(t.state)).toEqual([0, 1, 2])
    expect(engine.legalActions(t.state, 1)).toEqual([{ type: 'declare' }, { type: 'pass' }])
    expect(engine.autoAction(t.state, 1)).toEqual({ type: 'pass' })
    const stacks = t.state.stacks
    act(t, 1, { type: 'pass' })
    expect(engine.waitingFor(t.state)).toEqual([0, 2])
    expect(refused(t, 1, { type: 'declare' })).toBe('You have already passed at the final call.')
    act(t, 0, { type: 'pass' })
    act(t, 2, { type: 'pass' })
    expect(t.state.end).toEqual({ reason: 'allPassed' })
    expect(engine.progress(t.state)).toBe('gameOver')
    expect(t.state.pot).toBe(30)
    expect(t.state.stacks).toEqual(stacks)
    const next = engine.nextDeal(t.state)
    expect(next.ok && next.value.state.dealer).toBe(2)
    expect(next.ok && next.value.state.pot).toBe(60)
    expect(next.ok && next.value.state.potShares).toEqual([20, 20, 20])
  })

  it('the first declaration at the final call settles the game', () => {
    const t = toFinalCall({ players: 2, dealer: 0 })
    const [p0, p1] = points(t)
    const seat = p0! >= p1! ? 0 : 1
    act(t, seat, { type: 'declare' })
    expect(t.state.end?.reason).toBe(points(t)[seat]! >= 31 ? 'declared' : 'falseDeclaration')
    expect(t.state.nextDealer).toBe(seat)
    expect(refused(t, 1 - seat, { type: 'declare' })).toBe('This game is over; the next one has not started yet.')
  })

  it('the trick in progress counts for nobody when someone declares', () => {
    const t = start(SOURCE_DEAL)
    play(t, 0, 'KC', '9C')
    play(t, 1, 'AC', '6H')
    play(t, 1, 'TS')
    const events = act(t, 1, { type: 'declare' })
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'declare', seat: 1, declaredPoints: 15, correct: false }),
    )
  })
})

describe('declareOnTurnOnly', () => {
  it('only the player whose turn it is may declare, and the final call goes round from the last trick winner', () => {
    const t = start({ ...SOURCE_DEAL, options: { declareOnTurnOnly: true } })
    expect(engine.legalActions(t.state, 1)).toEqual([])
    expect(refused(t, 1, { type: 'declare' })).toBe('At this table you may declare only on your turn.')
    expect(engine.legalActions(t.state, 0)).toContainEqual({ type: 'declare' })

    const f = toFinalCall({ players: 3, dealer: 0, options: { declareOnTurnOnly: true } })
    const first = f.state.lastTrick!.winner
    expect(engine.waitingFor(f.state)).toEqual([first])
    const other = (first + 1) % 3
    expect(refused(f, other, { type: 'pass' })).toBe('At this table you may declare only on your turn.')
    act(f, first, { type: 'pass' })
    expect(engine.waitingFor(f.state)).toEqual([other])
  })
})

describe('face-down play', () => {
  it('a beating answer lies face up and beats; it may deliberately lie face down and then does not beat', () => {
    const t = start({ ...SOURCE_DEAL, options: { faceDown: true } })
    play(t, 0, 'KC')
    const legal = engine.legalActions(t.state, 1)
    expect(legal).toContainEqual({ type: 'play', cards: ['AC'], faceDown: true })
    expect(legal).toContainEqual({ type: 'play', cards: ['6H'], faceDown: true })
    expect(legal).not.toContainEqual({ type: 'play', cards: ['TS'], faceDown: true })
    const events = act(t, 1, { type: 'play', cards: ['AC'], faceDown: true })
    expect(events).toContainEqual({ type: 'play', seat: 1, count: 1, faceDown: true, cards: null, beats: false })
    expect(t.state.lastTrick?.winner).toBe(0)
    const seenBy0 = engine.view(t.state, 0)
    expect(seenBy0.lastTrick?.plays[1]).toEqual({ seat: 1, count: 1, faceDown: true, cards: null })
    expect(JSON.stringify(seenBy0)).not.toContain('"AC"')
    expect(engine.hiddenFrom(t.state, 0)).toContain('AC')
    expect(engine.view(t.state, 1).lastTrick?.plays[1]?.cards).toEqual(['AC'])
  })

  it('answers that do not beat lie face down by themselves; beating ones face up; leads always face up', () => {
    const t = start({ ...SOURCE_DEAL, options: { faceDown: true } })
    expect(refused(t, 0, { type: 'play', cards: ['KC'], faceDown: true })).toBe('A lead always lies face up.')
    play(t, 0, 'KC')
    expect(play(t, 1, 'TS')).toContainEqual({
      type: 'play',
      seat: 1,
      count: 1,
      faceDown: true,
      cards: null,
      beats: false,
    })
    const u = start({ ...SOURCE_DEAL, options: { faceDown: true } })
    play(u, 0, 'KC')
    expect(play(u, 1, 'AC')).toContainEqual({
      type: 'play',
      seat: 1,
      count: 1,
      faceDown: false,
      cards: ['AC'],
      beats: true,
    })
  })

  it('a declaration turns the declarer’s tricks over, face-down cards included', () => {
    const t = start({ ...SOURCE_DEAL, options: { faceDown: true } })
    play(t, 0, 'KC')
    act(t, 1, { type: 'play', cards: ['AC'], faceDown: true })
    act(t, 0, { type: 'declare' })
    expect(engine.view(t.state, 1).result?.revealed).toEqual({ seat: 0, cards: ['KC', 'AC'] })
    expect(engine.hiddenFrom(t.state, 1)).not.toContain('AC')
  })

  it('is refused when the table does not play face down', () => {
    const t = start(SOURCE_DEAL)
    play(t, 0, 'KC')
    expect(refused(t, 1, { type: 'play', cards: ['AC'], faceDown: true })).toBe('This table does not play face down.')
  })
})

describe('counting in your head', () => {
  it('views show no points or taken cards, only trick counts; the trick in progress and the last are public', () => {
    const t = start(SOURCE_DEAL)
    play(t, 0, 'KC', '9C')
    expect(engine.view(t.state, 1).trick?.plays).toEqual([{ seat: 0, count: 2, faceDown: false, cards: ['KC', '9C'] }])
    play(t, 1, 'AC', '6H')
    play(t, 1, 'TS')
    play(t, 0, 'JD') // now the ♣ trick is no longer the last one
    for (const viewer of [null, 0, 1]) {
      const v = engine.view(t.state, viewer)
      expect(JSON.stringify(v)).not.toMatch(/"points":/)
      expect(JSON.stringify(v)).not.toContain('"AC"')
      expect(v.seats.map((s) => s.tricks)).toEqual([0, 2])
      expect(v.lastTrick?.plays.map((p) => p.cards)).toEqual([['TS'], ['JD']])
    }
    expect(engine.view(t.state, 0).hand).toEqual(t.state.hands[0])
    expect(engine.view(t.state, null).hand).toBeNull()
  })

  it('showCounts shows each seat’s taken cards and points', () => {
    const t = start({ ...SOURCE_DEAL, options: { showCounts: true } })
    play(t, 0, 'KC', '9C')
    play(t, 1, 'AC', '6H')
    const v = engine.view(t.state, 0)
    expect(v.seats[1]).toMatchObject({ points: 15, taken: ['KC', '9C', 'AC', '6H'], unseenTaken: 0 })
  })
})

describe('chips', () => {
  it('a seat that cannot pay the ante sits the game out; fewer than 2 payers cannot start a game', () => {
    const t = start({ players: 3, dealer: 0, stacks: [100, 100, 5] })
    expect(t.state.inGame).toEqual([true, true, false])
    expect(t.events).toContainEqual({ type: 'sitOut', seat: 2, reason: 'cannot pay the ante of 10' })
    expect(engine.legalActions(t.state, 2)).toEqual([])
    expect(refused(t, 2, { type: 'declare' })).toBe('You are sitting this game out.')
    expect(engine.view(t.state, 2).hand).toBeNull()
    const out = engine.setup({
      players: 2,
      dealer: 0,
      options: engine.optionsSchema.parse({}),
      seed: 1,
      stacks: [100, 9],
    })
    expect(!out.ok && refusalText(out.error, ENGLISH)).toBe(
      'Only 1 player can pay the ante of 10; Bura needs at least 2.',
    )
  })

  it('a false declarer who cannot double the pot pays what they have; stacks never go negative', () => {
    const t = start({ players: 2, dealer: 0, stacks: [15, 100] })
    act(t, 0, { type: 'declare' })
    expect(t.state.stacks).toEqual([0, 90])
    expect(t.state.pot).toBe(25)
    expect(t.state.potShares).toEqual([15, 10])
    const next = engine.nextDeal(t.state)
    expect(!next.ok && refusalText(next.error, ENGLISH)).toBe(
      'Only 1 player can pay the ante of 10; Bura needs at least 2.',
    )
  })

  it('a pot carried from earlier games is won with the new antes', () => {
    const t = start({
      players: 2,
      dealer: 1,
      pot: 30,
      potShares: [20, 10],
      trumpCard: '9H',
      hands: [
        ['KH', '7H', '8H'],
        ['AS', '7C', '8D'],
      ],
    })
    expect(t.events).toContainEqual({ type: 'chips', from: 'pot', to: { seat: 0 }, amount: 50, reason: 'bura' })
    expect(t.state.stacks).toEqual([140, 90])
    expect(t.state.potShares).toEqual([0, 0])
    const bad = engine.setup({ players: 2, dealer: 0, options: engine.optionsSchema.parse({}), seed: 1, pot: 30 })
    expect(!bad.ok && refusalText(bad.error, ENGLISH)).toBe(
      'A carried pot needs potShares: what each seat paid into it.',
    )
  })
})

describe('playing for points', () => {
  it('a loser or a false declarer takes 2 penalty points, nobody antes, and 12 ends the match', () => {
    const t = start({ players: 3, dealer: 0, options: { scoring: 'points' } })
    expect(t.state.pot).toBe(0)
    expect(t.events.some((e) => e.type === 'chips')).toBe(false)
    for (let game = 1; game <= 6; game++) {
      if (game > 1) {
        const next = engine.nextDeal(t.state)
        if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
        t.state = next.value.state
      }
      expect(t.state.phase).toBe('play')
      act(t, 1, { type: 'declare' })
    }
    expect(t.state.stacks).toEqual([100, 100, 100])
    expect(t.state.penalties).toEqual([0, 12, 0])
    expect(t.events.filter((e) => e.type === 'penalty').map((e) => e.type === 'penalty' && e.seat)).toEqual([
      1, 1, 1, 1, 1, 1,
    ])
    const next = engine.nextDeal(t.state)
    expect(!next.ok && refusalText(next.error, ENGLISH)).toBe('The match is over: seat 2 has 12 penalty points.')
    const penalties = t.state.penalties
    expect(engine.summary(t.state).seats[1]).toMatchObject({ penalty: penalties[1] })
  })

  it('a correct declaration gives every other player 2 penalty points', () => {
    const t = start({
      players: 3,
      dealer: 2,
      options: { scoring: 'points' },
      trumpCard: '9H',
      hands: [
        ['AC', 'TD', '7S'],
        ['KC', 'QD', '8S'],
        ['6C', '7D', '8C'],
      ],
      pile: ['AD', 'TC', '6S', 'KS', 'JS', 'QS'],
    })
    play(t, 0, 'AC')
    play(t, 1, 'KC')
    play(t, 2, '6C')
    play(t, 0, 'TD')
    play(t, 1, 'QD')
    play(t, 2, '7D')
    expect(points(t)[0]).toBe(11 + 4 + 10 + 3)
    play(t, 0, 'AD')
    play(t, 1, '8S')
    play(t, 2, '8C')
    act(t, 0, { type: 'declare' })
    expect(t.state.end).toEqual({ reason: 'declared', winner: 0, declaredPoints: 39 })
    expect(t.state.penalties).toEqual([0, 2, 2])
  })
})

describe('deck32, options and bad input', () => {
  it('deck32 plays without sixes and refuses a 36-card deck', () => {
    const t = start({ players: 2, dealer: 0, options: { deck32: true } })
    expect(engine.invariants(t.state)).toEqual([])
    expect([...t.state.hands.flat(), ...t.state.pile].some((c) => c[0] === '6')).toBe(false)
    expect(DECK_32).toHaveLength(32)
    const out = engine.setup({
      players: 2,
      dealer: 0,
      options: engine.optionsSchema.parse({ deck32: true }),
      seed: 1,
      decks: [[...t.state.pile, '6S']],
    })
    expect(out.ok).toBe(false)
  })

  it('rejects unknown options and manualCombinations with a reason', () => {
    expect(engine.optionsSchema.safeParse({ kozelle: true }).success).toBe(false)
    const kozelFaceDown = engine.optionsSchema.safeParse({ kozel: true, faceDown: true })
    expect(kozelFaceDown.success).toBe(false)
    expect(JSON.stringify(kozelFaceDown.error?.issues)).toContain('faceDown does not apply to Kozel')
    expect(engine.optionsSchema.safeParse({ kozel: true, deck32: true, scoring: 'games' }).success).toBe(true)
    expect(engine.optionsSchema.safeParse({ scoring: 'games', gamesTarget: 15 }).success).toBe(false)
    const manual = engine.optionsSchema.safeParse({ manualCombinations: true })
    expect(manual.success).toBe(false)
    expect(JSON.stringify(manual.error?.issues)).toContain('manualCombinations is not offered')
    expect(engine.optionsSchema.parse({})).toMatchObject({ ante: 10, scoring: 'chips', faceDown: false })
  })

  it('refuses illegal plays with a clear message and leaves the state unchanged', () => {
    const t = start(SOURCE_DEAL)
    expect(refused(t, 0, { type: 'play', cards: ['KC', 'JD'] })).toBe(
      'Lead one card, or two or three cards of one suit.',
    )
    expect(refused(t, 0, { type: 'play', cards: ['AC'] })).toBe('You don’t hold A♣.'.replace('’', "'"))
    expect(refused(t, 0, { type: 'play', cards: ['KC', 'KC'] })).toBe('You named K♣ twice.')
    expect(refused(t, 1, { type: 'play', cards: ['AC'] })).toBe("It is seat 1's turn to play, not yours.")
    expect(refused(t, 0, { type: 'pass' })).toBe('You can pass only at the final call, after the last trick.')
    expect(refused(t, 0, { type: 'fold' } as never)).toBe(
      'In Bura you can play cards, declare 31, or pass at the final call.',
    )
    expect(refused(t, 0, { type: 'play', cards: [] })).toBe('Play 1, 2 or 3 cards.')
    expect(engine.actionSchema.safeParse({ type: 'play', cards: ['10C'] }).data).toEqual({
      type: 'play',
      cards: ['TC'],
    })
    expect(engine.actionSchema.safeParse({ type: 'play', cards: ['ZZ'] }).success).toBe(false)
  })
})

describe('the automatic move for a seat whose time ran out', () => {
  // Hearts trump; dealer 0, so seat 1 leads.
  const table = (lead: string[], answerHand: string[]) => {
    const t = start({
      players: 2,
      dealer: 0,
      trumpCard: '9H',
      hands: [answerHand, lead],
      pile: ['QD', 'JC', 'TD', '9S'],
    })
    return t
  }

  it('leads the least valuable card, keeping trumps and points', () => {
    const t = table(['AS', '7H', '8C'], ['JS', '7D', 'QC'])
    expect(engine.autoAction(t.state, 1)).toEqual({ type: 'play', cards: ['8C'] })
  })

  it('beats without a trump when it can, and keeps the trump otherwise', () => {
    const t = table(['KS', '7D', '8C'], ['AS', '6H', '7C'])
    play(t, 1, 'KS')
    expect(engine.autoAction(t.state, 0)).toEqual({ type: 'play', cards: ['AS'] })
    const u = table(['7S', '7D', '8C'], ['6H', '7C', '8D'])
    play(u, 1, '7S')
    expect(engine.autoAction(u.state, 0)).toEqual({ type: 'play', cards: ['7C'] })
  })

  it('spends a trump when the trick is worth at least 10 points', () => {
    const t = table(['TS', '7D', '8C'], ['6H', '7C', '8D'])
    play(t, 1, 'TS')
    expect(engine.autoAction(t.state, 0)).toEqual({ type: 'play', cards: ['6H'] })
  })

  it('has nothing to do for a seat that is not waited for', () => {
    const t = table(['TS', '7D', '8C'], ['6H', '7C', '8D'])
    expect(engine.autoAction(t.state, 0)).toBeNull()
  })
})
