import { parseCard, type Card } from '../../core/cards.js'
import type { DeckSupply, Shuffle } from '../../core/decks.js'
import { describeRuleError, type AnyEngine } from '../../core/engine.js'
import { readSetup } from '../setup-entry.js'

/** One step of a game as a viewer lived it: a deal starting, or a move. */
export interface Step {
  /** The seat that moved and its move; null for the start of a deal. */
  readonly seat: number | null
  readonly action: unknown
  readonly before: unknown
  readonly after: unknown
  /** The step's public events and the viewer's view after it, as JSON (what a resampled game must match). */
  readonly events: string
  readonly view: string
}

/** One deal of a game (a Bugami deal, a Bura game, a Badugi hand) and the chance in it. */
export interface Deal {
  readonly start: Step
  /** The decks the deal took, in order: a Bura redeal takes several, the last one is dealt. */
  readonly decks: readonly (readonly Card[])[]
  /** Piles shuffled from the discards during the deal (Badugi), top card first. */
  readonly reshuffles: readonly (readonly Card[])[]
  readonly moves: readonly Step[]
  /** The cards the viewer never saw in this deal: in no view of theirs, in no public event. */
  readonly hidden: readonly Card[]
}

/** A log entry reduced to what folding needs. */
export interface Entry {
  readonly kind: 'setup' | 'action' | 'auto' | 'nextDeal'
  readonly seat: number | null
  readonly payload: unknown
}

/**
 * Every engine keeps its deck supply as `supply` in its state (src/core/decks.ts): the
 * scenario writer reads the shuffles recorded there and gives a deal its decks through it.
 */
export function supplyOf(state: unknown): DeckSupply {
  const supply = (state as { supply?: DeckSupply }).supply
  if (!supply) throw new Error('a game state without its deck supply')
  return supply
}

export function withSupply(state: unknown, supply: DeckSupply): unknown {
  return { ...(state as object), supply }
}

/** Every card code in a JSON value (events name cards as codes). */
export function cardsIn(value: unknown, out = new Set<Card>()): Set<Card> {
  if (typeof value === 'string') {
    if (parseCard(value) === value) out.add(value)
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out)
  return out
}

/**
 * Folds a game's log entries (a setup, then moves and next deals) into its deals, as `viewer`
 * (a seat, or null for a spectator) lived them: every step with its events and the viewer's view,
 * every deck and reshuffle the deals took (the setup asks the engine to record them), and the
 * cards of each deal the viewer never saw.
 */
export function foldDeals(engine: AnyEngine, entries: readonly Entry[], viewer: number | null): Deal[] {
  const deals: { start: Step; shuffles: Shuffle[]; moves: Step[]; hidden: Set<Card>; shown: Set<Card> }[] = []
  let state: unknown = null
  let recorded = 0
  for (const e of entries) {
    const out =
      e.kind === 'setup'
        ? engine.setup({ ...readSetup(e.payload), record: true })
        : e.kind === 'nextDeal'
          ? engine.nextDeal(state)
          : engine.apply(state, e.seat!, e.payload)
    if (!out.ok) throw new Error(`log entry (${e.kind}) was refused: ${describeRuleError(out.error)}`)
    const step: Step = {
      seat: e.kind === 'setup' || e.kind === 'nextDeal' ? null : e.seat,
      action: e.payload,
      before: state,
      after: out.value.state,
      events: JSON.stringify(out.value.events),
      view: JSON.stringify(engine.view(out.value.state, viewer)),
    }
    state = out.value.state
    const record = supplyOf(state).record ?? []
    const shuffles = record.slice(recorded)
    recorded = record.length
    const hiddenNow = engine.hiddenFrom(state, viewer)
    if (step.seat === null) {
      deals.push({ start: step, shuffles, moves: [], hidden: new Set(hiddenNow), shown: cardsIn(out.value.events) })
      continue
    }
    const deal = deals[deals.length - 1]
    if (!deal) throw new Error('a move before the first deal')
    deal.moves.push(step)
    deal.shuffles.push(...shuffles)
    const now = new Set(hiddenNow)
    for (const c of deal.hidden) if (!now.has(c)) deal.hidden.delete(c)
    cardsIn(out.value.events, deal.shown)
  }
  return deals.map((d) => ({
    start: d.start,
    decks: d.shuffles.filter((s) => s.kind === 'deck').map((s) => s.cards),
    reshuffles: d.shuffles.filter((s) => s.kind === 'reshuffle').map((s) => s.cards),
    moves: d.moves,
    hidden: [...d.hidden].filter((c) => !d.shown.has(c)),
  }))
}
