import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Card } from '../../../src/core/cards.js'
import { Rng, seedRng } from '../../../src/core/rng.js'
import type { BuraAction, BuraOptions, BuraState } from '../../../src/games/bura/rules/index.js'
import { engine, options } from './helpers.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/**
 * Invariants over many seeded games, for 2..6 players and every variant: each table plays
 * several games in a row (random plays, rare random declarations, the final call), checking
 * every step.
 */

const VARIANTS: Partial<BuraOptions>[] = [
  {},
  { showCounts: true },
  { declareOnTurnOnly: true },
  { threeAcesWin: true },
  { moscow: true },
  { littleMoscow: true },
  { redealOnCombination: true },
  { deck32: true },
  { faceDown: true },
  { faceDown: true, showCounts: true },
  { scoring: 'points' },
  { ante: 7, moscow: true, littleMoscow: true, deck32: true },
  { scoring: 'games' },
  { scoring: 'games', gamesTarget: 11, faceDown: true },
  { kozel: true },
  { kozel: true, showCounts: true },
  { kozel: true, deck32: true, redealOnCombination: true },
  { kozel: true, scoring: 'points' },
  { kozel: true, scoring: 'games', gamesTarget: 11 },
]

function quotedCards(json: string): Set<string> {
  return new Set(json.match(/"[AKQJT2-9][SHDC]"/g) ?? [])
}

/** Actions that must be refused: cards not held, wrong counts, mixed-suit leads, acting out of turn. */
function illegalTries(s: BuraState, seat: number, rng: Rng): BuraAction[] {
  const tries: BuraAction[] = [{ type: 'pass' }]
  const hand = s.hands[seat]!
  const notHeld = s.pile[0] ?? s.taken.flat()[0]
  if (notHeld) tries.push({ type: 'play', cards: [notHeld] })
  if (s.phase === 'play' && s.trick && s.trick.plays.length > 0 && hand.length > 0) {
    const wrong = s.trick.size === 1 ? hand.slice(0, 2) : hand.slice(0, 1)
    if (wrong.length !== s.trick.size) tries.push({ type: 'play', cards: wrong })
  }
  if (s.phase === 'play' && s.trick?.plays.length === 0) {
    const mixed = hand.filter((c, i) => hand.findIndex((d) => d[1] !== c[1]) >= 0 && i < 2)
    if (mixed.length === 2 && mixed[0]![1] !== mixed[1]![1]) tries.push({ type: 'play', cards: mixed })
  }
  const other = rng.int(s.players)
  if (!engine.waitingFor(s).includes(other) && hand.length)
    tries.push({ type: 'play', cards: [s.hands[other]![0] ?? hand[0]!] })
  return tries
}

/** Plays up to `games` games at one table; returns how many were played to the end. */
function checkTable(
  players: number,
  variant: Partial<BuraOptions>,
  seed: number,
  games: number,
  deep: boolean,
): number {
  const opts = options(variant)
  const rng = new Rng(seedRng(seed))
  const deckSize = opts.deck32 ? 32 : 36
  const stacks = Array.from({ length: players }, () => 20 + rng.int(150))
  const setup = engine.setup({ players, dealer: rng.int(players), options: opts, seed, stacks })
  if (!setup.ok) return 0 // too few can pay the ante: setup refused, nothing to check
  let state: BuraState = setup.value.state
  const total = stacks.reduce((a, b) => a + b, 0)
  // Plain checks in the hot loop (expect() is slow); a failure names the broken invariant.
  const fail = (what: string) => expect.fail(`players ${players}, seed ${seed}, ${JSON.stringify(variant)}: ${what}`)
  const check = (s: BuraState) => {
    const broken = engine.invariants(s)
    if (broken.length) fail(broken.join('; '))
    let cards = s.pile.length
    for (let seat = 0; seat < players; seat++) cards += s.hands[seat]!.length + s.taken[seat]!.length
    for (const p of s.trick?.plays ?? []) cards += p.cards.length
    if (cards !== deckSize) fail(`${cards} cards at the table`)
    const chips = engine.chipTotals(s)!
    if (chips.stacks.reduce((a, b) => a + b, 0) + chips.pot !== total) fail('chips not conserved')
    if (chips.stacks.some((st) => st < 0)) fail('a negative stack')
  }
  for (let game = 0; game < games; game++) {
    check(state)
    let steps = 0
    while (engine.progress(state) === 'acting') {
      if (++steps > 200) fail('the game does not end')
      const waiting = engine.waitingFor(state)
      if (waiting.length === 0) fail('acting, but nobody is waited for')
      // Anyone may declare at any moment: now and then a random seat does.
      let seat = rng.pick(waiting)
      let action: BuraAction
      const anyone = rng.int(players)
      if (rng.int(40) === 0 && engine.legalActions(state, anyone).some((a) => a.type === 'declare')) {
        seat = anyone
        action = { type: 'declare' }
      } else {
        const legal = engine.legalActions(state, seat).filter((a) => state.phase !== 'play' || a.type !== 'declare')
        if (legal.length === 0) fail(`seat ${seat} is waited for but has nothing to do`)
        action = rng.int(4) === 0 ? engine.autoAction(state, seat)! : rng.pick(legal)
      }
      if (deep) {
        const before = JSON.stringify(state)
        for (const bad of illegalTries(state, seat, rng)) {
          if (engine.legalActions(state, seat).some((a) => JSON.stringify(a) === JSON.stringify(bad))) continue
          const out = engine.apply(state, seat, bad)
          if (out.ok) fail(`${JSON.stringify(bad)} by seat ${seat} was accepted`)
          if (JSON.stringify(state) !== before) fail(`refusing ${JSON.stringify(bad)} changed the state`)
        }
      }
      const size = state.trick?.plays.length ? state.trick.size : null
      const out = engine.apply(state, seat, action)
      if (!out.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${refusalText(out.error, ENGLISH)}`)
      const answer = out.value.events.find((e) => e.type === 'play')
      if (size !== null && answer?.type === 'play' && answer.count !== size)
        fail(`an answer of ${answer.count} cards to a lead of ${size}`)
      state = out.value.state
      check(state)
      if (deep)
        for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
          const json = JSON.stringify(engine.view(state, viewer))
          const seen = quotedCards(json)
          for (const hidden of engine.hiddenFrom(state, viewer))
            if (seen.has(`"${hidden}"`)) fail(`${hidden} shown to ${viewer}`)
          // Other hands stay hidden, except the public trump card and a winning combination shown to the table.
          const shown: readonly Card[] = state.end && 'cards' in state.end ? state.end.cards : []
          if (viewer !== null)
            for (let other = 0; other < players; other++)
              if (other !== viewer)
                for (const c of state.hands[other]!)
                  if (c !== state.trumpCard && !shown.includes(c) && seen.has(`"${c}"`))
                    fail(`seat ${other}'s ${c} shown to ${viewer}`)
          // Kozel's count after the last card is done in the open: its result names everyone's points.
          const counted = state.end?.reason === 'mostPoints' || state.end?.reason === 'pointsTie'
          if (!opts.showCounts && !counted && json.includes('"points":'))
            fail(`points shown to ${viewer} without showCounts`)
        }
    }
    const next = engine.nextDeal(state)
    if (!next.ok) return game + 1
    state = next.value.state
  }
  return games
}

describe('Bura properties over seeded games', () => {
  it.each(VARIANTS.map((v) => [JSON.stringify(v), v] as const))(
    'variant %s: cards and chips conserved, answers match the lead, views leak nothing',
    (_name, variant) => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 6 }), fc.nat(1_000_000), (players, seed) => {
          checkTable(players, variant, seed, 3, true)
        }),
        { numRuns: 12 },
      )
    },
  )

  it('thousands of games at tables of 2..6 keep every invariant', () => {
    let games = 0
    for (let seed = 0; seed < 600; seed++)
      games += checkTable(2 + (seed % 5), VARIANTS[seed % VARIANTS.length]!, seed, 5, false)
    expect(games).toBeGreaterThan(2000)
  })
})
