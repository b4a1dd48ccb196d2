import { z } from 'zod'
import { makeDeck, RANKS, rankOf, type Card } from '../../../src/core/cards.js'
import { checkDeck, nextDeck, type DeckSupply } from '../../../src/core/decks.js'
import { ok, pointsTable, refuse, type GameEngine, type Outcome, type Transition } from '../../../src/core/engine.js'
import { seedRng } from '../../../src/core/rng.js'
import { cardSchema } from '../../../src/core/schemas.js'

/**
 * High card, the toy fourth game that proves a game plugs in from its own folder: everyone is
 * dealt a few cards; each round every player in turn plays one, the highest rank takes a point
 * (a tie goes to whoever played it first); after the last round the most points win.
 */

const FULL_DECK: readonly Card[] = makeDeck()

export const optionsSchema = z
  .object({ rounds: z.number().int().min(1).max(5).default(3).describe('Cards each player is dealt') })
  .strict()
export type HighCardOptions = z.infer<typeof optionsSchema>

export type HighCardAction = { readonly type: 'play'; readonly card: Card }
export const actionSchema = z.object({ type: z.literal('play'), card: cardSchema }).strict() as unknown as z.ZodType<
  HighCardAction,
  z.ZodTypeDef,
  unknown
>

export interface Play {
  readonly seat: number
  readonly card: Card
}

export interface HighCardState {
  readonly players: number
  readonly options: HighCardOptions
  readonly dealer: number
  readonly supply: DeckSupply
  readonly hands: readonly (readonly Card[])[]
  /** The undealt cards: nobody sees them. */
  readonly rest: readonly Card[]
  /** Cards of the rounds already won, face up. */
  readonly played: readonly Card[]
  readonly round: number
  readonly trick: readonly Play[]
  readonly lastRound: { readonly plays: readonly Play[]; readonly winner: number } | null
  readonly points: readonly number[]
  /** The seat to play; -1 once the game is over. */
  readonly turn: number
}

export type HighCardEvent =
  | { readonly type: 'played'; readonly seat: number; readonly card: Card }
  | { readonly type: 'roundWon'; readonly seat: number; readonly card: Card }
  | { readonly type: 'gameOver'; readonly winners: readonly number[] }

export interface HighCardView {
  readonly viewer: number | null
  readonly round: number
  readonly rounds: number
  readonly turn: number
  readonly dealer: number
  readonly hand: readonly Card[] | null
  readonly handSizes: readonly number[]
  readonly trick: readonly Play[]
  readonly lastRound: HighCardState['lastRound']
  readonly points: readonly number[]
  readonly winners: readonly number[]
}

type Result = Outcome<Transition<HighCardState, HighCardEvent>>

const strength = (c: Card) => RANKS.length - RANKS.indexOf(rankOf(c)!)
const over = (s: HighCardState) => s.turn < 0

function winners(s: HighCardState): number[] {
  if (!over(s)) return []
  const best = Math.max(...s.points)
  return s.points.flatMap((p, seat) => (p === best ? [seat] : []))
}

function apply(s: HighCardState, seat: number, action: HighCardAction): Result {
  if (over(s)) return refuse('high-card.game-over')
  if (seat !== s.turn) return refuse('high-card.not-your-turn', { seat: s.turn + 1 })
  if (action.type !== 'play' || !s.hands[seat]!.includes(action.card)) return refuse('high-card.not-in-hand')
  const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== action.card) : h))
  const trick = [...s.trick, { seat, card: action.card }]
  const events: HighCardEvent[] = [{ type: 'played', seat, card: action.card }]
  if (trick.length < s.players) return ok({ state: { ...s, hands, trick, turn: (seat + 1) % s.players }, events })
  const top = trick.reduce((a, b) => (strength(b.card) > strength(a.card) ? b : a))
  const points = s.points.map((p, i) => (i === top.seat ? p + 1 : p))
  events.push({ type: 'roundWon', seat: top.seat, card: top.card })
  const last = s.round === s.options.rounds
  const next: HighCardState = {
    ...s,
    hands,
    trick: [],
    played: [...s.played, ...trick.map((p) => p.card)],
    lastRound: { plays: trick, winner: top.seat },
    points,
    round: last ? s.round : s.round + 1,
    turn: last ? -1 : top.seat,
  }
  if (last) events.push({ type: 'gameOver', winners: winners(next) })
  return ok({ state: next, events })
}

export const highCardEngine: GameEngine<HighCardState, HighCardAction, HighCardOptions, HighCardView, HighCardEvent> = {
  id: 'highcard',
  title: 'High card',
  minPlayers: 2,
  maxPlayers: 6,
  usesChips: false,
  optionsSchema,
  actionSchema,
  setup(p) {
    if (!Number.isInteger(p.players) || p.players < 2 || p.players > 6) return refuse('high-card.players')
    for (const deck of p.decks ?? []) {
      const problem = checkDeck(deck, FULL_DECK)
      if (problem) return refuse('high-card.deck', { problem })
    }
    const { deck, supply } = nextDeck({ rng: seedRng(p.seed), decks: p.decks ?? [] }, FULL_DECK)
    const n = p.players
    const size = p.options.rounds
    const hands = Array.from({ length: n }, (_, seat) => deck.slice(seat * size, (seat + 1) * size))
    const state: HighCardState = {
      players: n,
      options: p.options,
      dealer: p.dealer,
      supply,
      hands,
      rest: deck.slice(n * size),
      played: [],
      round: 1,
      trick: [],
      lastRound: null,
      points: new Array<number>(n).fill(0),
      turn: (p.dealer + 1) % n,
    }
    return ok({ state, events: [] })
  },
  progress: (s) => (over(s) ? 'gameOver' : 'acting'),
  waitingFor: (s) => (over(s) ? [] : [s.turn]),
  legalActions: (s, seat) => (seat === s.turn ? s.hands[seat]!.map((card) => ({ type: 'play', card })) : []),
  apply,
  nextDeal: () => refuse('high-card.one-deal'),
  // A card belongs to one turn: the round and the cards already in it.
  moveContext: (s) => `play:${s.round}:${s.trick.length}:${s.turn}`,
  autoAction: (s, seat) => (seat === s.turn ? { type: 'play', card: s.hands[seat]![0]! } : null),
  // Every play is as sensible as any other: a uniform card plays the game out.
  randomAction: (s, seat, rng) => (seat === s.turn ? { type: 'play', card: rng.pick(s.hands[seat]!) } : null),
  view: (s, viewer) => ({
    viewer,
    round: s.round,
    rounds: s.options.rounds,
    turn: s.turn,
    dealer: s.dealer,
    hand: viewer === null ? null : s.hands[viewer]!,
    handSizes: s.hands.map((h) => h.length),
    trick: s.trick,
    lastRound: s.lastRound,
    points: s.points,
    winners: winners(s),
  }),
  hiddenFrom: (s, viewer) => [...s.rest, ...s.hands.flatMap((h, seat) => (seat === viewer ? [] : h))],
  invariants: (s) => {
    const all = [...s.rest, ...s.played, ...s.trick.map((p) => p.card), ...s.hands.flat()]
    const out: string[] = []
    if (checkDeck(all, FULL_DECK)) out.push(`cards not conserved: ${checkDeck(all, FULL_DECK)}`)
    if (s.points.reduce((a, b) => a + b, 0) !== s.played.length / s.players) out.push('one point per round played')
    return out
  },
  chipTotals: () => null,
  summary: (s) => ({
    phase: over(s) ? 'over' : 'playing',
    over: over(s),
    seats: s.points.map((total, seat) => ({ total, hand: s.hands[seat]! })),
    winners: winners(s),
  }),
  table: pointsTable(),
  playedIn: () => true,
  potShares: (s) => new Array<number>(s.players).fill(0),
  nextDealer: (s) => (s.dealer + 1) % s.players,
}
