import {
  bugamiEngine,
  type BugamiAction,
  type BugamiOptions,
  type BugamiState,
} from '../../../src/games/bugami/rules/index.js'
import { makeDeck, type Card } from '../../../src/core/cards.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/** Shared helpers for the Bugami tests: build decks from the hands a test wants, and play. */

export function options(o: Partial<BugamiOptions> = {}): BugamiOptions {
  return bugamiEngine.optionsSchema.parse(o)
}

/**
 * The deck (top card first) that deals `hands` with `dealer` dealing: card i goes to seat
 * (dealer + 1 + i) mod n. Hands may be given in part; they and the leftovers are filled up
 * with the remaining cards in deck order (leftovers last).
 */
export function deckFor(players: number, dealer: number, hands: Card[][], leftovers: Card[] = [], jokers = 0): Card[] {
  const full = makeDeck(undefined, jokers)
  const handSize = Math.floor(full.length / players)
  const used = new Set<Card>([...hands.flat(), ...leftovers])
  const spare = full.filter((c) => !used.has(c))
  const filled = Array.from({ length: players }, (_, s) => {
    const h = [...(hands[s] ?? [])]
    while (h.length < handSize) h.push(spare.shift()!)
    if (h.length !== handSize) throw new Error(`seat ${s} is given ${h.length} cards; a hand has ${handSize}`)
    return h
  })
  const deck: Card[] = []
  for (let k = 0; k < handSize; k++)
    for (let i = 0; i < players; i++) deck.push(filled[(dealer + 1 + i) % players]![k]!)
  return [...deck, ...leftovers, ...spare]
}

export function start(
  players: number,
  dealer: number,
  decks: Card[][] = [],
  opts: Partial<BugamiOptions> = {},
  seed = 1,
): BugamiState {
  const out = bugamiEngine.setup({ players, dealer, options: options(opts), seed, decks })
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return out.value.state
}

export function act(state: BugamiState, seat: number, action: BugamiAction): BugamiState {
  const out = bugamiEngine.apply(state, seat, action)
  if (!out.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${refusalText(out.error, ENGLISH)}`)
  return out.value.state
}

/** The message of a refused action; throws if it was accepted or the state changed. */
export function refused(state: BugamiState, seat: number, action: BugamiAction): string {
  const before = JSON.stringify(state)
  const out = bugamiEngine.apply(state, seat, action)
  if (JSON.stringify(state) !== before) throw new Error('a refused action changed the state')
  if (out.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was accepted`)
  return refusalText(out.error, ENGLISH)
}

export const bid = (suit: 'S' | 'H' | 'D' | 'C' | 'misere'): BugamiAction =>
  suit === 'misere' ? { type: 'bid', misere: true } : { type: 'bid', suit }
export const play = (card: Card): BugamiAction => ({ type: 'play', card })

/** Every seat bids (seat 0 first). */
export function bidAll(state: BugamiState, bids: ('S' | 'H' | 'D' | 'C' | 'misere')[]): BugamiState {
  return bids.reduce((s, b, seat) => act(s, seat, bid(b)), state)
}

export type Policy = (state: BugamiState, seat: number, legal: Card[]) => Card

/** Plays the deal out: each seat to play chooses by `policy`. Returns the end state and the plays. */
export function playOut(
  state: BugamiState,
  policy: Policy,
): { state: BugamiState; plays: { seat: number; card: Card }[] } {
  const plays: { seat: number; card: Card }[] = []
  while (state.phase === 'playing') {
    const seat = bugamiEngine.waitingFor(state)[0]!
    const legal = bugamiEngine.legalActions(state, seat).map((a) => (a as { card: Card }).card)
    const card = policy(state, seat, legal)
    plays.push({ seat, card })
    state = act(state, seat, play(card))
  }
  return { state, plays }
}

const STRENGTH = '23456789TJQKA'
export const strengthOf = (c: Card) => (c.startsWith('X') ? -1 : STRENGTH.indexOf(c[0]!))
export const highest: Policy = (_s, _seat, legal) => legal.reduce((a, b) => (strengthOf(b) > strengthOf(a) ? b : a))
export const lowest: Policy = (_s, _seat, legal) => legal.reduce((a, b) => (strengthOf(b) < strengthOf(a) ? b : a))
