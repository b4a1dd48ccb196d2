import { SUITS, type Card, type Suit } from '../../core/cards.js'
import { checkDeck, nextDeck, startSupply, type DeckSupply } from '../../core/decks.js'
import {
  ok,
  pointsTable,
  refuse,
  type GameEngine,
  type Outcome,
  type Progress,
  type SetupParams,
  type Transition,
} from '../../core/engine.js'
import { actionSchema } from './actions.js'
import { autoAction, randomAction } from './auto.js'
import { moveContext } from './context.js'
import { invariants } from './invariants.js'
import { optionsSchema, type BugamiOptions } from './options.js'
import { bugamiDeck, bugsIn, dealCards, dealSizes, followCode, followError, winningIndex } from './rules.js'
import { matchResult, partnerships, scoreDeal } from './scoring.js'
import type {
  Bid,
  BiddingState,
  BugamiAction,
  BugamiEvent,
  BugamiState,
  CompletedTrick,
  DealOverState,
  GameOverState,
  PlayingState,
} from './types.js'
import { hiddenFrom, summary, view, type BugamiView } from './view.js'
import { lacks, writtenMoves } from './scenario.js'

type Step = Outcome<Transition<BugamiState, BugamiEvent>>

export const MIN_PLAYERS = 3
export const MAX_PLAYERS = 7

/** The seat to play next in a trick. */
export function seatToPlay(state: PlayingState): number {
  return (state.leader + state.trick.length) % state.players
}

/** A bidding state written out field by field (one object shape, see `playingState`). */
function biddingState(s: Omit<BiddingState, 'phase' | 'bids'>, bids: readonly (Bid | null)[]): BiddingState {
  return {
    phase: 'bidding',
    players: s.players,
    options: s.options,
    supply: s.supply,
    dealer: s.dealer,
    deals: s.deals,
    totals: s.totals,
    history: s.history,
    hands: s.hands,
    leftovers: s.leftovers,
    taken: s.taken,
    tricks: s.tricks,
    bids,
  }
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0)
}

/** Deals a fresh deal with `dealer` dealing; the match so far (totals, history) is kept. */
function deal(
  base: Pick<BugamiState, 'players' | 'options' | 'totals' | 'history' | 'deals'>,
  supply: DeckSupply,
  dealer: number,
): Transition<BugamiState, BugamiEvent> {
  const { deck, supply: rest } = nextDeck(supply, bugamiDeck(base.options.jokers))
  const { hands, leftovers } = dealCards(deck, base.players, dealer)
  const state = biddingState(
    {
      players: base.players,
      options: base.options,
      supply: rest,
      dealer,
      deals: base.deals,
      totals: base.totals,
      history: base.history,
      hands,
      leftovers,
      taken: hands.map(() => []),
      tricks: zeros(base.players),
    },
    hands.map(() => null),
  )
  const { handSize } = dealSizes(deck.length, base.players)
  return { state, events: [{ type: 'dealt', deal: base.deals + 1, dealer, handSize, leftovers: leftovers.length }] }
}

export function setup(params: SetupParams<BugamiOptions>): Step {
  const { players, dealer, options } = params
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    return refuse('bugami.players', { min: MIN_PLAYERS, max: MAX_PLAYERS, n: players })
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return refuse('bugami.dealer', { last: players - 1 })
  const full = bugamiDeck(options.jokers)
  for (const [i, d] of (params.decks ?? []).entries()) {
    const problem = checkDeck(d, full)
    if (problem) return refuse('bugami.deck', { deck: i + 1, problem })
  }
  const supply = startSupply(params)
  return ok(deal({ players, options, totals: zeros(players), history: [], deals: 0 }, supply, dealer))
}

export function progress(state: BugamiState): Progress {
  return state.phase === 'between' ? 'between' : state.phase === 'gameOver' ? 'gameOver' : 'acting'
}

export function waitingFor(state: BugamiState): number[] {
  if (state.phase === 'bidding') {
    const seats: number[] = []
    for (let seat = 0; seat < state.players; seat++) if (state.bids[seat] === null) seats.push(seat)
    return seats
  }
  if (state.phase === 'playing') return [seatToPlay(state)]
  return []
}

const BID_ACTIONS: readonly BugamiAction[] = [
  ...SUITS.map((suit) => ({ type: 'bid', suit }) as const),
  { type: 'bid', misere: true } as const,
].map((a) => Object.freeze(a))

/** While bids are open every seat may bid or change its bid; in play only the seat to play has actions. */
export function legalActions(state: BugamiState, seat: number): BugamiAction[] {
  if (state.phase === 'bidding') return seat >= 0 && seat < state.players ? BID_ACTIONS.slice() : []
  if (state.phase !== 'playing' || seat !== seatToPlay(state)) return []
  const hand = state.hands[seat]!
  const code = followCode(hand, state.trick)
  const out: BugamiAction[] = []
  for (const card of hand)
    if (code < 0 || card.charCodeAt(1) === code) out.push(PLAY_ACTIONS[cardKey(card)] ?? { type: 'play', card })
  return out
}

// One shared, frozen action object per card, found by the card's two character codes: legalActions runs
// for every move, and this allocates less and looks up faster than a Map keyed by the card string.
// The table is allocated at full size: filled index by index from empty, V8 would keep such a sparse
// array as a dictionary and every lookup would be a hash probe (that was 15% of the bench).
const cardKey = (card: Card) => card.charCodeAt(0) * 128 + card.charCodeAt(1)
const PLAY_ACTIONS = new Array<BugamiAction | undefined>(128 * 128).fill(undefined)
for (const card of bugamiDeck(2)) PLAY_ACTIONS[cardKey(card)] = Object.freeze({ type: 'play', card })

function bidOf(action: BugamiAction & { type: 'bid' }): Bid | null {
  if ('misere' in action && action.misere === true) return 'misere'
  const suit = (action as { suit?: unknown }).suit
  return typeof suit === 'string' && (SUITS as readonly string[]).includes(suit) ? (suit as Suit) : null
}

export function apply(state: BugamiState, seat: number, action: BugamiAction): Step {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) return refuse('bugami.seat', { seat })
  switch (action.type) {
    case 'bid':
      return placeBid(state, seat, action)
    case 'play':
      return playCard(state, seat, action.card)
    default:
      return refuse('bugami.action')
  }
}

function placeBid(state: BugamiState, seat: number, action: BugamiAction & { type: 'bid' }): Step {
  if (state.phase !== 'bidding')
    return refuse(state.phase === 'playing' ? 'bugami.bids-revealed' : 'bugami.nothing-to-bid-on')
  const bid = bidOf(action)
  if (bid === null) return refuse('bugami.bad-bid')
  const first = state.bids[seat] === null
  const bids = state.bids.slice()
  bids[seat] = bid
  const events: BugamiEvent[] = first ? [{ type: 'bidPlaced', seat }] : []
  if (bids.includes(null)) return ok({ state: biddingState(state, bids), events })
  // The last bid is in: every bid is revealed at once and the player left of the dealer leads.
  const revealed = bids as Bid[]
  const playing = playingState(
    state,
    revealed,
    state.hands,
    state.taken,
    state.tricks,
    (state.dealer + 1) % state.players,
    [],
    null,
    state.leftovers,
  )
  events.push({
    type: 'bidsRevealed',
    bids: revealed,
    partnerships: partnerships(revealed, state.options.shotgunWedding),
  })
  return ok({ state: playing, events })
}

function playCard(state: BugamiState, seat: number, card: Card): Step {
  if (state.phase === 'bidding') return refuse('bugami.bidding-open')
  if (state.phase !== 'playing') return refuse('bugami.deal-over')
  if (seat !== seatToPlay(state)) return refuse('bugami.not-your-turn')
  const hand = state.hands[seat]!
  const at = hand.indexOf(card)
  if (at < 0)
    return typeof card === 'string'
      ? refuse('bugami.not-in-hand', { card: { cards: [card] } })
      : refuse('bugami.not-in-hand-unknown')
  const problem = followError(hand, state.trick, card)
  if (problem) return { ok: false, error: problem }

  // Slices and small array spreads: concat, splice and spreading whole states were several times slower.
  // The hand loses the card by moving its last card into the gap (hands are unordered; views sort).
  const hands = state.hands.slice()
  const rest = hand.slice()
  rest[at] = rest[rest.length - 1]!
  rest.pop()
  hands[seat] = rest
  const trick = withCard(state.trick, card)
  const events: BugamiEvent[] = [{ type: 'played', seat, card }]
  if (trick.length < state.players)
    return ok({
      state: playingState(
        state,
        state.bids,
        hands,
        state.taken,
        state.tricks,
        state.leader,
        trick,
        state.lastTrick,
        state.leftovers,
      ),
      events,
    })

  // The trick is complete: its winner takes it (with the leftovers on the last trick) and leads next.
  const winner = (state.leader + winningIndex(trick)) % state.players
  let number = 1
  for (const t of state.tricks) number += t
  const last = rest.length === 0
  const leftovers = last ? state.leftovers : []
  const taken = state.taken.slice()
  taken[winner] = [...taken[winner]!, ...trick, ...leftovers]
  const tricks = state.tricks.slice()
  tricks[winner] = tricks[winner]! + 1
  const lastTrick: CompletedTrick = { number, leader: state.leader, cards: trick, winner, leftovers }
  events.push({ type: 'trickWon', seat: winner, trick: number, cards: trick, leftovers })
  const next = playingState(state, state.bids, hands, taken, tricks, winner, [], lastTrick, last ? [] : state.leftovers)
  if (!last) return ok({ state: next, events })
  return ok(finishDeal(next, lastTrick, events))
}

/**
 * `cards` and then `card`, as a new array filled by index at its final size. Runs on every play:
 * `[...cards, card]` goes through the generic spread machinery and was the costliest line of a play
 * (this made the bench ~5% faster).
 */
function withCard(cards: readonly Card[], card: Card): Card[] {
  const out = new Array<Card>(cards.length + 1)
  for (let i = 0; i < cards.length; i++) out[i] = cards[i]!
  out[cards.length] = card
  return out
}

/**
 * The next play state, written out field by field: one object shape keeps `apply` fast (no spread of a
 * whole state).
 */
function playingState(
  s: Pick<BugamiState, 'players' | 'options' | 'supply' | 'dealer' | 'deals' | 'totals' | 'history'>,
  bids: readonly Bid[],
  hands: readonly (readonly Card[])[],
  taken: readonly (readonly Card[])[],
  tricks: readonly number[],
  leader: number,
  trick: readonly Card[],
  lastTrick: CompletedTrick | null,
  leftovers: readonly Card[],
): PlayingState {
  return {
    phase: 'playing',
    players: s.players,
    options: s.options,
    supply: s.supply,
    dealer: s.dealer,
    deals: s.deals,
    totals: s.totals,
    history: s.history,
    hands,
    leftovers,
    taken,
    tricks,
    bids,
    leader,
    trick,
    lastTrick,
  }
}

/** Scores the deal, adds it to the totals and decides whether the match is won. */
function finishDeal(
  state: PlayingState,
  lastTrick: CompletedTrick,
  events: BugamiEvent[],
): Transition<BugamiState, BugamiEvent> {
  const totalTricks = lastTrick.number
  const scores = scoreDeal(state.bids, state.tricks, state.taken, totalTricks, state.options.shotgunWedding)
  const totals = state.totals.map((t, i) => t + scores[i]!)
  const deals = state.deals + 1
  const { winner, tiedAtTop } = matchResult(totals, state.options.target)
  events.push({
    type: 'dealScored',
    deal: deals,
    tricks: state.tricks,
    bugs: state.bids.map((bid, s) => bugsIn(state.taken[s]!, bid)),
    scores,
    totals,
    tiedAtTop,
  })
  if (winner === null)
    return { state: scoredState('between', state, deals, totals, lastTrick, scores) satisfies DealOverState, events }
  events.push({ type: 'gameWon', seat: winner, totals })
  return {
    state: Object.assign(scoredState('gameOver', state, deals, totals, lastTrick, scores), {
      winner,
    }) satisfies GameOverState,
    events,
  }
}

/**
 * The state once a deal is scored, written out (phase first) rather than spread: one object shape per
 * phase keeps this fast. A module-level function, not a closure in finishDeal: tsx compiles with
 * keepNames, which gives every named closure its name with a defineProperty call each time it is created.
 */
function scoredState<P extends 'between' | 'gameOver'>(
  phase: P,
  state: PlayingState,
  deals: number,
  totals: readonly number[],
  lastTrick: CompletedTrick,
  scores: readonly number[],
) {
  return {
    phase,
    players: state.players,
    options: state.options,
    supply: state.supply,
    dealer: state.dealer,
    deals,
    totals,
    history: [...state.history, scores],
    hands: state.hands,
    leftovers: state.leftovers,
    taken: state.taken,
    tricks: state.tricks,
    bids: state.bids,
    lastTrick,
    scores,
  }
}

export function nextDeal(state: BugamiState): Step {
  if (state.phase === 'gameOver') return refuse('bugami.game-over')
  if (state.phase !== 'between') return refuse('bugami.deal-in-progress')
  return ok(deal(state, state.supply, (state.dealer + 1) % state.players))
}

export const bugamiEngine: GameEngine<BugamiState, BugamiAction, BugamiOptions, BugamiView, BugamiEvent> = {
  id: 'bugami',
  title: 'Bugami',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  usesChips: false,
  optionsSchema,
  actionSchema,
  setup,
  progress,
  waitingFor,
  legalActions,
  apply,
  nextDeal,
  moveContext,
  autoAction,
  randomAction,
  lacks,
  writtenMoves,
  view,
  hiddenFrom,
  invariants,
  chipTotals: () => null,
  summary,
  // A match is the whole game: the table finishes with it.
  table: pointsTable(),
  playedIn: () => true,
  potShares: (s) => new Array<number>(s.players).fill(0),
  nextDealer: (s) => (s.dealer + 1) % s.players,
}
