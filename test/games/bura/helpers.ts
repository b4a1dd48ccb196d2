import { expect } from 'vitest'
import type { Card } from '../../../src/core/cards.js'
import {
  buraEngine,
  DECK_32,
  DECK_36,
  type BuraAction,
  type BuraEvent,
  type BuraOptions,
  type BuraState,
} from '../../../src/games/bura/rules/index.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

export const engine = buraEngine

export function options(over: Partial<BuraOptions> = {}): BuraOptions {
  return engine.optionsSchema.parse(over)
}

/**
 * A whole deck, top card first, that deals `hands` (by seat) one card at a time clockwise from
 * left of the dealer, turns up `trumpCard`, and then draws `pile` in that order; every other
 * card follows in a fixed order.
 */
export function deckFor(p: {
  players: number
  dealer: number
  hands: readonly (readonly string[])[]
  trumpCard: string
  pile?: readonly string[]
  deck32?: boolean
}): Card[] {
  // Test decks are written as plain strings; the engine's deck check catches a typo.
  const deck: Card[] = []
  for (let round = 0; round < 3; round++)
    for (let i = 1; i <= p.players; i++) deck.push(p.hands[(p.dealer + i) % p.players]![round]! as Card)
  deck.push(p.trumpCard as Card)
  for (const c of p.pile ?? []) deck.push(c as Card)
  const used = new Set(deck)
  for (const c of p.deck32 ? DECK_32 : DECK_36) if (!used.has(c)) deck.push(c)
  expect(new Set(deck).size).toBe(deck.length)
  return deck
}

export interface Table {
  state: BuraState
  events: BuraEvent[]
}

export function start(p: {
  players: number
  dealer: number
  hands?: readonly (readonly string[])[]
  trumpCard?: string
  pile?: readonly string[]
  options?: Partial<BuraOptions>
  stacks?: number[]
  decks?: readonly (readonly Card[])[]
  seed?: number
  pot?: number
  potShares?: number[]
}): Table {
  const opts = options(p.options)
  const decks =
    p.decks ??
    (p.hands
      ? [
          deckFor({
            players: p.players,
            dealer: p.dealer,
            hands: p.hands,
            trumpCard: p.trumpCard!,
            pile: p.pile,
            deck32: opts.deck32,
          }),
        ]
      : [])
  const out = engine.setup({
    players: p.players,
    dealer: p.dealer,
    options: opts,
    seed: p.seed ?? 1,
    decks,
    stacks: p.stacks ?? new Array<number>(p.players).fill(100),
    ...(p.pot !== undefined ? { pot: p.pot } : {}),
    ...(p.potShares ? { potShares: p.potShares } : {}),
  })
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return { state: out.value.state, events: [...out.value.events] }
}

/** Applies an action that must be legal; returns the events it caused. */
export function act(t: Table, seat: number, action: BuraAction): BuraEvent[] {
  const out = engine.apply(t.state, seat, action)
  if (!out.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${refusalText(out.error, ENGLISH)}`)
  t.state = out.value.state
  t.events.push(...out.value.events)
  return out.value.events
}

export function play(t: Table, seat: number, ...cards: Card[]): BuraEvent[] {
  return act(t, seat, { type: 'play', cards })
}

/** The refusal message for an action that must be refused; checks the state is unchanged. */
export function refused(t: Table, seat: number, action: BuraAction): string {
  const before = JSON.stringify(t.state)
  const out = engine.apply(t.state, seat, action)
  expect(out.ok, `expected ${JSON.stringify(action)} by seat ${seat} to be refused`).toBe(false)
  expect(JSON.stringify(t.state)).toBe(before)
  return out.ok ? '' : refusalText(out.error, ENGLISH)
}

export function points(t: Table): number[] {
  return engine.summary(t.state).seats.map((s) => s.points as number)
}

export function sorted(cards: readonly Card[]): Card[] {
  return [...cards].sort()
}

/**
 * The deal of the sources' two-player example (docs/rules/bura.md Bura, "Example"): hearts are trump, seat
 * 1 deals, seat 0 holds ♣K ♣9 ♦J and leads ♣K ♣9, seat 1 holds ♣A ♥6 ♠10; the pile then gives
 * ♥Q ♦7 ♠K ♠8. Tests that need another pile or options spread it and override.
 */
export const SOURCE_DEAL = {
  players: 2,
  dealer: 1,
  trumpCard: '9H',
  hands: [
    ['KC', '9C', 'JD'],
    ['AC', '6H', 'TS'],
  ],
  pile: ['QH', '7D', 'KS', '8S'],
} as const
