import { makeDeck, parseCard, type Card } from '../../../src/core/cards.js'
import {
  badugiEngine,
  type BadugiAction,
  type BadugiEvent,
  type BadugiOptions,
  type BadugiState,
} from '../../../src/games/badugi/rules/index.js'
import { refusalText } from '../../../src/render/refusals.js'
import { ENGLISH } from '../../../src/i18n/index.js'

/** Card codes from a space-separated string: `c('8H 7D 5C 4S')`. */
export function c(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const card = parseCard(t)
      if (!card) throw new Error(`bad card ${t}`)
      return card
    })
}

/**
 * A whole 52-card deck, top first, that deals `hands` (by seat; seats without chips get [])
 * one card at a time clockwise from the dealer's left, then puts `pile` on top of the rest.
 */
export function deckFor(dealer: number, hands: readonly (readonly Card[])[], pile: readonly Card[] = []): Card[] {
  const n = hands.length
  const order: number[] = []
  for (let i = 1; i <= n; i++) if (hands[(dealer + i) % n]!.length) order.push((dealer + i) % n)
  const deck: Card[] = []
  for (let k = 0; k < 4; k++) for (const s of order) deck.push(hands[s]![k]!)
  deck.push(...pile)
  const used = new Set(deck)
  if (used.size !== deck.length) throw new Error('a card is used twice')
  return deck.concat(makeDeck().filter((x) => !used.has(x)))
}

export interface Table {
  state: BadugiState
  events: BadugiEvent[]
}

export function table(p: {
  hands: Card[][]
  pile?: Card[]
  dealer?: number
  stacks?: number[]
  options?: Partial<BadugiOptions>
  seed?: number
}): Table {
  const dealer = p.dealer ?? 0
  const out = badugiEngine.setup({
    players: p.hands.length,
    dealer,
    options: badugiEngine.optionsSchema.parse(p.options ?? {}),
    seed: p.seed ?? 1,
    decks: [deckFor(dealer, p.hands, p.pile)],
    stacks: p.stacks ?? p.hands.map(() => 100),
  })
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return { state: out.value.state, events: [...out.value.events] }
}

/** Applies actions in order; a refusal fails the test with its message. */
export function act(t: Table, ...moves: [number, BadugiAction][]): Table {
  for (const [seat, action] of moves) {
    const out = badugiEngine.apply(t.state, seat, action)
    if (!out.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${refusalText(out.error, ENGLISH)}`)
    t = { state: out.value.state, events: [...t.events, ...out.value.events] }
  }
  return t
}

/** The refusal message for an action, checking the state did not change. */
export function refused(t: Table, seat: number, action: BadugiAction): string {
  const before = JSON.stringify(t.state)
  const out = badugiEngine.apply(t.state, seat, action)
  if (out.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was accepted`)
  if (JSON.stringify(t.state) !== before) throw new Error('a refused action changed the state')
  return refusalText(out.error, ENGLISH)
}

export function chipMoves(events: readonly BadugiEvent[], reason?: string) {
  return events.flatMap((e) => (e.type === 'chips' && (reason === undefined || e.reason === reason) ? [e] : []))
}
