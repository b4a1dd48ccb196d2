import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bugamiEngine, type Bid, type BugamiAction, type BugamiState } from '../../../src/games/bugami/rules/index.js'
import { makeDeck, type Card } from '../../../src/core/cards.js'
import { Rng, seedRng } from '../../../src/core/rng.js'
import { options } from './helpers.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/**
 * Property tests over thousands of seeded deals, 3..7 players, with and without jokers and
 * Shotgun Wedding. The checks below are written from docs/rules/bugami.md, independently of the engine.
 */

const tables = fc.record({
  players: fc.integer({ min: 3, max: 7 }),
  jokers: fc.constantFrom(0 as const, 1 as const, 2 as const),
  shotgunWedding: fc.boolean(),
  target: fc.constantFrom(40, 120, 250),
  seed: fc.nat(2 ** 31),
})
type Table = { players: number; jokers: 0 | 1 | 2; shotgunWedding: boolean; target: number; seed: number }

/** A failed check; plain comparisons keep thousands of deals fast (vitest's expect is slow in tight loops). */
function need(ok: boolean, what: () => string): void {
  if (!ok) throw new Error(what())
}
const same = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b)

const SUIT_BIDS: Bid[] = ['S', 'H', 'D', 'C', 'misere']
const isJoker = (c: Card) => c[0] === 'X'
const STRENGTH = '23456789TJQKA'

/**
 * Every card of the deck lies in exactly one place: a hand, the leftovers, the trick on the table
 * or a seat's tricks.
 */
const DECKS = [0, 1, 2].map((j) => new Set<Card>(makeDeck(undefined, j)))
function cardsInOnePlace(s: BugamiState): void {
  const deck = DECKS[s.options.jokers]!
  const seen = new Set<Card>()
  let count = 0
  const place = (cards: readonly Card[]) => {
    for (const c of cards) {
      count++
      seen.add(c)
    }
  }
  for (const h of s.hands) place(h)
  for (const t of s.taken) place(t)
  place(s.leftovers)
  if (s.phase === 'playing') place(s.trick)
  need(
    count === deck.size && seen.size === deck.size && [...seen].every((c) => deck.has(c)),
    () => `cards misplaced: ${count} placed, ${seen.size} different`,
  )
}

/** The cards a seat may play: follow the led suit if you can (a joker is no card of it); a joker led frees everyone. */
function legalFor(hand: readonly Card[], trick: readonly Card[]): Card[] {
  const lead = trick[0]
  if (lead === undefined || isJoker(lead)) return [...hand]
  const follow = hand.filter((c) => !isJoker(c) && c[1] === lead[1])
  return follow.length ? follow : [...hand]
}

/** docs/rules/bugami.md, Bugami 4 and Shotgun Wedding, read afresh. */
function expectedScores(
  bids: readonly Bid[],
  tricks: readonly number[],
  taken: readonly (readonly Card[])[],
  shotgun: boolean,
): number[] {
  const all = tricks.reduce((a, b) => a + b, 0)
  const team = (seat: number) =>
    shotgun && bids[seat] !== 'misere' ? bids.flatMap((b, s) => (b === bids[seat] ? [s] : [])) : [seat]
  const teamTricks = (seat: number) => team(seat).reduce((a, s) => a + tricks[s]!, 0)
  const slammers = bids.flatMap((b, s) => (b !== 'misere' && teamTricks(s) === all ? [s] : []))
  return bids.map((bid, seat) => {
    const t = teamTricks(seat)
    if (bid === 'misere') return t === 0 ? 100 : 0
    if (slammers.length) return slammers.includes(seat) ? 100 : 0
    const bugs = team(seat).reduce((a, s) => a + taken[s]!.filter((c) => isJoker(c) || c[1] === bid).length, 0)
    if (t === 0) return 30
    return bugs === 0 ? 20 * t : Math.floor((10 * t) / bugs)
  })
}

/** Actions that must be refused in this state, each with the seat that tries it. */
function illegalActions(s: BugamiState, rng: Rng): { seat: number; action: BugamiAction }[] {
  const n = s.players
  const out: { seat: number; action: BugamiAction }[] = []
  if (s.phase === 'bidding') {
    const seat = rng.int(n)
    if (s.hands[seat]!.length) out.push({ seat, action: { type: 'play', card: rng.pick(s.hands[seat]!) } })
    out.push({ seat, action: { type: 'bid', suit: 'Z' } as unknown as BugamiAction })
    return out
  }
  if (s.phase !== 'playing') {
    out.push({ seat: rng.int(n), action: { type: 'bid', suit: 'H' } })
    return out
  }
  const toPlay = (s.leader + s.trick.length) % n
  const hand = s.hands[toPlay]!
  const other = (toPlay + 1 + rng.int(n - 1)) % n
  out.push({ seat: toPlay, action: { type: 'bid', misere: true } })
  // Out of turn, and not in hand.
  if (s.hands[other]!.length) out.push({ seat: other, action: { type: 'play', card: rng.pick(s.hands[other]!) } })
  const notHeld = makeDeck(undefined, 2).filter((c) => !hand.includes(c))
  out.push({ seat: toPlay, action: { type: 'play', card: rng.pick(notHeld) } })
  const legal = legalFor(hand, s.trick)
  const revoke = hand.filter((c) => !legal.includes(c))
  if (revoke.length) out.push({ seat: toPlay, action: { type: 'play', card: rng.pick(revoke) } })
  return out
}

/** Tokens of a JSON text that are a bid: a quoted suit letter or "misere". */
function bidTokens(json: string): string[] {
  return json.match(/"(?:[SHDC]|misere)"/g) ?? []
}

function checkViews(s: BugamiState): void {
  const json = (v: unknown) => JSON.stringify(v)
  for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
    const view = bugamiEngine.view(s, viewer)
    const seen = new Set(json(view).match(/"(?:[AKQJT2-9][SHDC]|X\d+)"/g))
    const hidden = [...s.hands.flatMap((h, seat) => (seat === viewer ? [] : h)), ...s.leftovers]
    for (const c of hidden) need(!seen.has(`"${c}"`), () => `${c} shows to ${viewer}`)
    if (s.phase === 'bidding') {
      const own = viewer === null ? null : s.bids[viewer]
      need(view.myBid === (own ?? null), () => `seat ${viewer} does not see its own bid`)
      const leaked = bidTokens(json({ ...view, myBid: null }))
      need(leaked.length === 0, () => `a bid shows to ${viewer}: ${leaked.join(' ')}`)
    }
  }
}

interface Walk {
  deals: number
  plays: number
}

/** Plays whole deals with random moves (bids change now and then), checking every rule on the way. */
function walk(t: Table, maxDeals: number, check: { views: boolean; illegal: boolean }): Walk {
  const rng = new Rng(seedRng(t.seed))
  const setup = bugamiEngine.setup({
    players: t.players,
    dealer: rng.int(t.players),
    options: options({ jokers: t.jokers, shotgunWedding: t.shotgunWedding, target: t.target }),
    seed: t.seed,
  })
  if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
  let s = setup.value.state
  const w: Walk = { deals: 0, plays: 0 }
  for (let steps = 0; steps < 5000; steps++) {
    cardsInOnePlace(s)
    if (check.views) checkViews(s)
    if (check.illegal) {
      const before = JSON.stringify(s)
      const tried = illegalActions(s, rng)
      for (const { seat, action } of tried)
        need(!bugamiEngine.apply(s, seat, action).ok, () => `${JSON.stringify(action)} by ${seat} accepted`)
      need(JSON.stringify(s) === before, () => `refusing ${JSON.stringify(tried)} changed the state`)
    }
    if (s.phase === 'between' || s.phase === 'gameOver') {
      w.deals++
      expect([...s.scores]).toEqual(expectedScores(s.bids, s.tricks, s.taken, t.shotgunWedding))
      expect(s.totals.reduce((a, b) => a + b, 0)).toBe(s.history.flat().reduce((a, b) => a + b, 0))
      const top = Math.max(...s.totals)
      const leaders = s.totals.filter((x) => x === top).length
      if (s.phase === 'gameOver') expect(top >= t.target && leaders === 1 && s.totals[s.winner] === top).toBe(true)
      else expect(top < t.target || leaders > 1, 'the match goes on only below the target or on a tie').toBe(true)
      if (s.phase === 'gameOver' || w.deals >= maxDeals) return w
      const next = bugamiEngine.nextDeal(s)
      if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
      need(next.value.state.dealer === (s.dealer + 1) % t.players, () => 'the dealer did not move left')
      s = next.value.state
      continue
    }
    let seat: number
    let action: BugamiAction
    if (s.phase === 'bidding') {
      seat = rng.int(t.players) // anyone may bid or change a bid while bids are open
      const b = rng.pick(SUIT_BIDS)
      action = b === 'misere' ? { type: 'bid', misere: true } : { type: 'bid', suit: b }
    } else {
      seat = (s.leader + s.trick.length) % t.players
      need(same(bugamiEngine.waitingFor(s), [seat]), () => `waiting for ${bugamiEngine.waitingFor(s)}, not ${seat}`)
      const legal = legalFor(s.hands[seat]!, s.trick)
      const offered = bugamiEngine.legalActions(s, seat).map((a) => (a as { card: Card }).card)
      need(same([...offered].sort(), [...legal].sort()), () => `legal ${offered} should be ${legal}`)
      const card = rng.int(4) === 0 ? (bugamiEngine.autoAction(s, seat) as { card: Card }).card : rng.pick(legal)
      need(legal.includes(card), () => `${card} is not legal`)
      action = { type: 'play', card }
      w.plays++
    }
    const out = bugamiEngine.apply(s, seat, action)
    if (!out.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${refusalText(out.error, ENGLISH)}`)
    for (const e of out.value.events)
      if (e.type === 'bidPlaced')
        need(same(Object.keys(e).sort(), ['seat', 'type']), () => 'a bid event says more than who bid')
    if (s.phase === 'playing') {
      // The trick winner: a led joker, else the highest card of the led suit.
      const trick = out.value.events.find((e) => e.type === 'trickWon')
      if (trick && trick.type === 'trickWon') {
        const lead = trick.cards[0]!
        const best = isJoker(lead)
          ? lead
          : trick.cards
              .filter((c) => c[1] === lead[1])
              .sort((a, b) => STRENGTH.indexOf(b[0]!) - STRENGTH.indexOf(a[0]!))[0]!
        need(
          trick.seat === (s.leader + trick.cards.indexOf(best)) % t.players,
          () => `trick ${trick.cards} went to ${trick.seat}`,
        )
      }
    }
    s = out.value.state
  }
  throw new Error('the match did not end')
}

describe('Bugami properties over seeded deals', () => {
  // Generous timeouts: the machine may be shared; speed is measured in the benchmarks, not here.
  it(
    'every card in one place, every play legal, every score by the formula, illegal actions refused, changing nothing',
    { timeout: 300_000 },
    () => {
      let deals = 0
      fc.assert(
        fc.property(tables, (t) => {
          deals += walk(t, 2, { views: false, illegal: true }).deals
        }),
        { numRuns: 800 },
      )
      expect(deals).toBeGreaterThan(1200) // most tables play two deals; a low target can end a match after one
    },
  )

  it(
    "no view holds a card of another seat's hand, the face-down leftovers, or a bid before all bids are in",
    { timeout: 300_000 },
    () => {
      let deals = 0
      fc.assert(
        fc.property(tables, (t) => {
          deals += walk(t, 1, { views: true, illegal: false }).deals
        }),
        { numRuns: 200 },
      )
      expect(deals).toBe(200)
    },
  )
})
