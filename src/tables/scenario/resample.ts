import type { Card } from '../../core/cards.js'
import type { AnyEngine, Outcome, Transition } from '../../core/engine.js'
import type { Rng } from '../../core/rng.js'
import { dealInto, type Group } from './assign.js'
import { supplyOf, withSupply, type Deal } from './deals.js'

/** One deal as the file writes it: its chance with the viewer's unseen cards dealt afresh, and its moves. */
export interface WrittenDeal {
  readonly decks: readonly (readonly Card[])[]
  readonly reshuffles: readonly (readonly Card[])[]
  readonly actions: readonly { readonly seat: number; readonly action: unknown }[]
  /** The state the written deal ends in. */
  readonly end: unknown
  /** How many of the deal's moves the file holds (fewer: cut short). */
  readonly kept: number
}

/** Where a deal is dealt from: the setup's parameters (without seed or decks), or the written game so far. */
export type Begin = { readonly setup: Record<string, unknown> } | { readonly after: unknown }

/**
 * Steps (moves applied and compared, some 25-50 µs each) one round of tries may take before the
 * deal is cut shorter: hundreds of tries of a whole deal, where one in a few fits at worst; the
 * bot's event loop waits meanwhile, so a deal gets only a few rounds.
 */
export const TRY_STEPS = 5_000
const ROUNDS = 3

/**
 * Writes one deal for `viewer`: every card the viewer never saw in it is dealt afresh by a random
 * permutation of those cards, applied alike to the deck, the reshuffled piles and every move that
 * names a card (the other decks of a Bura redeal, all unseen, are shuffled afresh), and the moves
 * are written as the engine's `writtenMoves` says. A candidate is kept only if playing it shows
 * the viewer, step by step, exactly the views and public events the table showed; otherwise
 * another is drawn (rejection sampling: the result is uniform over the deals that fit all the
 * viewer saw, and tells nothing about where the unseen cards really were). The permutation only
 * puts a card where the moves allow it (`lacks`), which keeps tries few where a game shows voids.
 *
 * When no candidate fits within the steps allowed, the deal is cut at the furthest move any
 * candidate reached and tried again with that much; null when not even its deal fits.
 */
export function writeDeal(
  engine: AnyEngine,
  deal: Deal,
  begin: Begin,
  viewer: number | null,
  rng: Rng,
  steps = TRY_STEPS,
): WrittenDeal | null {
  const moves = deal.moves.map((m) => ({ seat: m.seat!, action: m.action, before: m.before, after: m.after }))
  const written = engine.writtenMoves ? engine.writtenMoves(moves, viewer, rng) : moves.map((m) => m.action)
  written.forEach((w, i) => {
    const shownBefore = i === 0 ? deal.start.view : deal.moves[i - 1]!.view
    if (w === null && (deal.moves[i]!.events !== '[]' || deal.moves[i]!.view !== shownBefore))
      throw new Error(`${engine.id}: writtenMoves left out a move the viewer saw`)
  })
  const groups = groupsOf(engine, deal, viewer)

  const kept = deal.decks[deal.decks.length - 1]!
  /**
   * A deck nobody saw that the deal threw away (a Bura redeal): any shuffle the deal throws away
   * too, drawn on its own (whether a deck is thrown away depends on that deck alone).
   */
  const thrownAway = (deck: readonly Card[]): { deck: Card[]; cost: number } => {
    for (let cost = 1; ; cost++) {
      const candidate = rng.shuffle(deck)
      const out = dealFrom(engine, begin, [candidate, kept.slice()], [])
      if (out.ok && (supplyOf(out.value.state).record ?? []).length > 1) return { deck: candidate, cost }
    }
  }

  const attempt = (limit: number): { world: WrittenDeal } | { passed: number; cost: number } => {
    const sigma = new Map<Card, Card>()
    const dealt = dealInto(deal.hidden, groups, rng)
    if (!dealt) throw new Error(`${engine.id}: the cards as they lie do not fit the moves`)
    groups.forEach((g, j) => g.cards.forEach((c, k) => sigma.set(c, dealt[j]![k]!)))
    const map = (c: Card) => sigma.get(c) ?? c
    let cost = 0
    const decks = deal.decks.map((d, i) => {
      if (i === deal.decks.length - 1) return d.map(map)
      const away = thrownAway(d)
      cost += away.cost
      return away.deck
    })
    const reshuffles = deal.reshuffles.map((p) => p.map(map))
    const out = play(engine, deal, begin, viewer, written, limit, decks, reshuffles, map)
    return 'world' in out ? out : { passed: out.passed, cost: out.cost + cost }
  }

  let limit = written.length
  for (let round = 1; ; round++) {
    let spent = 0
    let furthest = -1
    while (spent < steps) {
      const out = attempt(limit)
      if ('world' in out) return out.world
      spent += out.cost
      furthest = Math.max(furthest, out.passed)
    }
    if (limit === 0 || furthest < 0) return null
    // Cut at the furthest move a candidate reached (one did fit that far); the last round tries the deal alone.
    limit = round < ROUNDS ? furthest : 0
  }
}

interface HeldGroup extends Group {
  /** The unseen cards this group holds in the real game, in order. */
  readonly cards: readonly Card[]
}

/**
 * Who holds each unseen card at the end of the deal: the one other seat that sees it (its hand),
 * or nobody (the pile, the leftovers, folded cards). A seat takes only cards its moves allow.
 */
function groupsOf(engine: AnyEngine, deal: Deal, viewer: number | null): HeldGroup[] {
  const last = deal.moves.length ? deal.moves[deal.moves.length - 1]!.after : deal.start.after
  const players = engine.summary(last).seats.length
  const holders: number[] = []
  const seesCard: Set<Card>[] = []
  for (let seat = 0; seat < players; seat++) {
    if (seat === viewer) continue
    holders.push(seat)
    const hidden = new Set(engine.hiddenFrom(last, seat))
    seesCard.push(new Set(deal.hidden.filter((c) => !hidden.has(c))))
  }
  const lacking = new Map<number, ((card: Card) => boolean)[]>()
  for (const m of deal.moves) {
    const test = m.seat !== viewer ? engine.lacks?.(m.before, m.seat!, m.action) : null
    if (test) lacking.set(m.seat!, [...(lacking.get(m.seat!) ?? []), test])
  }
  const byGroup = new Map<number, Card[]>()
  for (const c of deal.hidden) {
    const g = seesCard.findIndex((s) => s.has(c))
    byGroup.set(g, [...(byGroup.get(g) ?? []), c])
  }
  return [...byGroup.entries()].map(([g, cards]) => {
    const tests = g < 0 ? [] : (lacking.get(holders[g]!) ?? [])
    return { cards, size: cards.length, allows: (c: Card) => !tests.some((t) => t(c)) }
  })
}

/** Every card code in a JSON value replaced through `map`. */
function mapCards(value: unknown, map: (c: Card) => Card): unknown {
  if (typeof value === 'string') return map(value as Card)
  if (Array.isArray(value)) return value.map((v) => mapCards(v, map))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapCards(v, map)]))
  return value
}

/** Deals from `begin` with these decks and piles, the supply recording what it takes. */
function dealFrom(
  engine: AnyEngine,
  begin: Begin,
  decks: Card[][],
  reshuffles: Card[][],
): Outcome<Transition<unknown, unknown>> {
  if ('setup' in begin) return engine.setup({ ...begin.setup, seed: 0, decks, reshuffles, record: true } as never)
  const supply = { ...supplyOf(begin.after), decks, reshuffles, record: [] }
  return engine.nextDeal(withSupply(begin.after, supply))
}

/**
 * Plays a candidate deal and compares it with the real one step by step. `passed`: how many moves
 * matched before one did not (-1: the deal itself did not); `cost`: the steps it took.
 */
function play(
  engine: AnyEngine,
  deal: Deal,
  begin: Begin,
  viewer: number | null,
  written: readonly unknown[],
  limit: number,
  decks: Card[][],
  reshuffles: Card[][],
  map: (c: Card) => Card,
): { world: WrittenDeal } | { passed: number; cost: number } {
  const out = dealFrom(engine, begin, decks, reshuffles)
  let cost = 1
  const same = (o: Outcome<Transition<unknown, unknown>>, step: { events: string; view: string }) =>
    o.ok &&
    JSON.stringify(o.value.events) === step.events &&
    JSON.stringify(engine.view(o.value.state, viewer)) === step.view
  if (!same(out, deal.start) || !out.ok) return { passed: -1, cost }
  let state = out.value.state
  const actions: { seat: number; action: unknown }[] = []
  for (let i = 0; i < limit; i++) {
    const w = written[i]
    if (w === null) continue
    const seat = deal.moves[i]!.seat!
    const action = mapCards(w, map)
    const next = engine.apply(state, seat, action)
    cost++
    if (!same(next, deal.moves[i]!) || !next.ok) return { passed: i, cost }
    state = next.value.state
    actions.push({ seat, action })
  }
  const record = supplyOf(state).record ?? []
  // Every shuffle came from the file's decks and piles: a replay never needs the seed.
  if (record.some((s) => !s.fixed)) return { passed: limit, cost }
  const used = record.filter((s) => s.kind === 'reshuffle').length
  return { world: { decks, reshuffles: reshuffles.slice(0, used), actions, end: state, kept: limit } }
}
