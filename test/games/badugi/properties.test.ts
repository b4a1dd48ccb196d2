import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeDeck, type Card } from '../../../src/core/cards.js'
import { Rng, seedRng } from '../../../src/core/rng.js'
import {
  badugiEngine as engine,
  type BadugiAction,
  type BadugiEvent,
  type BadugiState,
} from '../../../src/games/badugi/rules/index.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

const DECK = makeDeck()

/**
 * Plays a table of random hands (random legal moves, some timed-out automatic moves, now and
 * then a player standing up) and checks after every step what must always hold. Returns the
 * problems found and the number of hands played.
 */
function playTable(
  players: number,
  limit: 'fixed' | 'pot' | 'no',
  seed: number,
  maxHands: number,
  format: 'cash' | 'freezeout' = 'cash',
): { problems: string[]; hands: number } {
  const rng = new Rng(seedRng(seed))
  const problems: string[] = []
  const note = (msg: string) =>
    problems.length < 5 && problems.push(`${players}p ${limit} ${format} seed ${seed}: ${msg}`)
  // A freeze-out: everyone buys in the same (small, so that matches end) amount.
  const buyIn = 5 + rng.int(40)
  const stacks = Array.from({ length: players }, () =>
    format === 'freezeout' ? buyIn : rng.int(4) === 0 ? rng.int(12) : 20 + rng.int(200),
  )
  if (stacks.filter((x) => x > 0).length < 2) stacks[0] = stacks[1] = 50
  const setup = engine.setup({
    players,
    dealer: rng.int(players),
    options: engine.optionsSchema.parse({ limit, format }),
    seed,
    stacks,
  })
  if (!setup.ok) return { problems: [refusalText(setup.error, ENGLISH)], hands: 0 }
  let state: BadugiState = setup.value.state
  // The ledger rebuilt from chip events alone must always match the state.
  const ledger = { stacks: stacks.slice(), pot: 0 }
  const book = (events: readonly BadugiEvent[]) => {
    for (const e of events) {
      if (e.type !== 'chips') continue
      if (e.from === 'pot') ledger.pot -= e.amount
      else ledger.stacks[e.from.seat]! -= e.amount
      if (e.to === 'pot') ledger.pot += e.amount
      else ledger.stacks[e.to.seat]! += e.amount
    }
  }
  book(setup.value.events)
  const total = stacks.reduce((a, b) => a + b, 0)
  let hands = 1

  for (let step = 0; step < 5000 && problems.length === 0; step++) {
    check(state)
    if (state.phase === 'handOver') {
      if (hands >= maxHands) break
      const next = engine.nextDeal(state)
      if (!next.ok) {
        // A freeze-out ends when one seat holds every chip (or every seat with chips stood up).
        const winner = engine.summary(state).matchWinner
        if (format === 'freezeout' && winner === null && !state.stacks.every((c, p) => c === 0 || state.left[p]))
          note(`the freeze-out stopped without a winner: ${refusalText(next.error, ENGLISH)}`)
        if (typeof winner === 'number' && state.stacks[winner] !== total) note('a match winner without every chip')
        break
      }
      hands++
      state = next.value.state
      book(next.value.events)
      continue
    }
    const seat = state.toAct
    const legal = engine.legalActions(state, seat)
    const before = JSON.stringify(state)
    // No seat acts out of turn: every other seat's attempt at the mover's moves is refused.
    for (let other = 0; other < players; other++) {
      if (other === seat) continue
      for (const a of [
        legal[rng.int(legal.length)]!,
        { type: 'check' } as const,
        { type: 'draw', cards: [] } as const,
      ]) {
        if (engine.apply(state, other, a).ok) note(`seat ${other} acted out of turn with ${JSON.stringify(a)}`)
      }
    }
    // Illegal moves are refused and change nothing.
    for (const bad of illegalMoves(state, seat, legal)) {
      const out = engine.apply(state, seat, bad)
      if (out.ok) note(`illegal ${JSON.stringify(bad)} accepted in ${state.phase}`)
    }
    if (JSON.stringify(state) !== before) note('a refused action changed the state')

    let action: BadugiAction
    const roll = rng.int(100)
    if (roll < 2) {
      const leaver = rng.int(players)
      if (state.left[leaver]) continue
      const out = engine.apply(state, leaver, { type: 'leave' })
      if (!out.ok) note(`leave refused: ${refusalText(out.error, ENGLISH)}`)
      else {
        if (JSON.stringify(state) !== before) note('leave changed the state it was applied to')
        state = out.value.state
        book(out.value.events)
      }
      continue
    }
    if (roll < 20) action = engine.autoAction(state, seat)!
    else action = legal[rng.int(legal.length)]!
    const out = engine.apply(state, seat, action)
    if (!out.ok) {
      note(`legal ${JSON.stringify(action)} refused: ${refusalText(out.error, ENGLISH)}`)
      break
    }
    // apply never changes its input, accepted moves included.
    if (JSON.stringify(state) !== before) note(`${JSON.stringify(action)} changed the state it was applied to`)
    state = out.value.state
    book(out.value.events)
  }
  check(state)
  return { problems, hands }

  function check(s: BadugiState) {
    for (const v of engine.invariants(s)) note(v)
    const chips = engine.chipTotals(s)!
    const onTable = chips.stacks.reduce((a, b) => a + b, 0) + chips.pot
    if (onTable !== total) note(`chips not conserved: ${onTable} of ${total}`)
    if (JSON.stringify(ledger.stacks) !== JSON.stringify(chips.stacks) || ledger.pot !== chips.pot)
      note(`chip events ${JSON.stringify(ledger)} disagree with the table ${JSON.stringify(chips)}`)
    const cards = [...s.hands.flat(), ...s.pile, ...s.discards]
    if (cards.length !== 52 || new Set(cards).size !== 52 || !DECK.every((c) => cards.includes(c)))
      note('the 52 cards are not all there')
    if (s.phase === 'handOver' && engine.summary(s).pot !== 0) note('pot not 0 after the hand')
    // A betting round ends without an action when nobody is left to bet against.
    if (s.phase === 'betting' && s.toAct >= 0) {
      const faces = s.roundBets[s.toAct]! < s.level
      const another = s.status.some((st, p) => p !== s.toAct && st === 'in')
      if (!faces && !another) note(`seat ${s.toAct} is asked to act with nobody to bet against`)
    }
    // In a freeze-out a seat whose player stood up is never asked to act: it folds every hand.
    if (s.toAct >= 0 && s.left[s.toAct]) note(`seat ${s.toAct} stood up but is asked to act`)
    // Views never show another seat's hand before the showdown.
    for (let viewer = -1; viewer < s.players; viewer++) {
      const json = JSON.stringify(engine.view(s, viewer < 0 ? null : viewer))
      for (let other = 0; other < s.players; other++) {
        if (other === viewer || s.shown[other]) continue
        for (const c of s.hands[other]!)
          if (json.includes(`"${c}"`)) note(`${c} of seat ${other} shows in the view of ${viewer}`)
      }
      if (s.phase !== 'handOver' && s.shown.some(Boolean)) note('a hand is shown before the showdown')
    }
  }
}

/** Moves that break a rule in this state, whatever the cards: each must be refused. */
function illegalMoves(s: BadugiState, seat: number, legal: BadugiAction[]): BadugiAction[] {
  const foreign: Card = DECK.find((c) => !s.hands[seat]!.includes(c))!
  const out: BadugiAction[] = []
  if (s.phase === 'drawing') {
    out.push(
      { type: 'check' },
      { type: 'fold' },
      { type: 'draw', cards: [foreign] },
      { type: 'draw', cards: [s.hands[seat]![0]!, s.hands[seat]![0]!] },
    )
    return out
  }
  out.push({ type: 'draw', cards: [] })
  const owe = s.level - s.roundBets[seat]!
  out.push(owe > 0 ? { type: 'check' } : { type: 'fold' })
  out.push(s.level > 0 ? { type: 'bet', amount: s.level + 100 } : { type: 'raise', amount: 1000 })
  const wager = legal.filter((a) => a.type === 'bet' || a.type === 'raise')
  if (wager.length === 0)
    out.push({ type: s.level > 0 ? 'raise' : 'bet', amount: s.level + s.stacks[seat]! + s.roundBets[seat]! })
  else if (s.options.limit !== 'fixed') {
    const min = Math.min(...wager.map((a) => ('amount' in a ? a.amount! : 0)))
    const all = s.stacks[seat]! + s.roundBets[seat]!
    if (min > 1 && min - 1 < all && min - 1 > s.level) out.push({ type: wager[0]!.type, amount: min - 1 })
  }
  return out
}

describe('Badugi properties over thousands of random hands', () => {
  for (const limit of ['fixed', 'pot', 'no'] as const) {
    it(`${limit} limit, 2-8 players: chips and cards conserved, turns kept, illegal moves refused, hands kept`, () => {
      let hands = 0
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 8 }), fc.nat(1_000_000_000), (players, seed) => {
          const r = playTable(players, limit, seed, 25)
          hands += r.hands
          expect(r.problems).toEqual([])
        }),
        // A table found by this property: a player stood up out of turn and left the seat to act
        // with nobody to bet against.
        { numRuns: 50, examples: limit === 'fixed' ? [[8, 909857629]] : [] },
      )
      expect(hands).toBeGreaterThan(300)
    })
  }
  for (const limit of ['fixed', 'no'] as const) {
    it(`freeze-out, ${limit} limit, 2-6 players: chips conserved, hands private, played to one winner`, () => {
      let hands = 0
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 6 }), fc.nat(1_000_000_000), (players, seed) => {
          const r = playTable(players, limit, seed, 400, 'freezeout')
          hands += r.hands
          expect(r.problems).toEqual([])
        }),
        { numRuns: 30, examples: limit === 'fixed' ? [[5, 583936315]] : [] },
      )
      expect(hands).toBeGreaterThan(300)
    })
  }
})
