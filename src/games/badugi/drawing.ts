import type { Card } from '../core/cards.js'
import { ok, refuse, type Outcome, type Transition } from '../core/engine.js'
import { Rng } from '../core/rng.js'
import type { DrawAction } from './actions.js'
import { advance } from './flow.js'
import { draftOf, type BadugiEvent, type BadugiState } from './state.js'

/**
 * A seat discards 0-4 of its cards and draws as many from the pile. When the pile runs out,
 * the discards so far are shuffled into a new pile; the cards this seat is discarding now
 * are not among them (they join the discards after the draw).
 */
export function applyDraw(s: BadugiState, seat: number, action: DrawAction): Outcome<Transition<BadugiState, BadugiEvent>> {
  const hand = s.hands[seat]!
  const thrown = action.cards
  for (let i = 0; i < thrown.length; i++) {
    if (hand.indexOf(thrown[i]!) < 0) return refuse('not-in-hand', `You do not hold ${thrown[i]}.`)
    if (thrown.indexOf(thrown[i]!) !== i) return refuse('twice', `You named ${thrown[i]} twice.`)
  }
  const d = draftOf(s)
  const events: BadugiEvent[] = [{ type: 'draw', seat, count: thrown.length }]
  const kept: Card[] = []
  for (const c of hand) if (thrown.indexOf(c) < 0) kept.push(c)
  let pile = d.pile
  let fresh: Card[]
  if (pile.length >= thrown.length) {
    fresh = pile.slice(0, thrown.length)
    pile = pile.slice(thrown.length)
  } else {
    fresh = pile.slice()
    const rng = new Rng(d.supply.rng)
    pile = rng.shuffle(d.discards)
    d.supply = { rng: rng.state(), decks: d.supply.decks }
    d.discards = []
    events.push({ type: 'reshuffle', cards: pile.length })
    const more = thrown.length - fresh.length
    fresh = fresh.concat(pile.slice(0, more))
    pile = pile.slice(more)
  }
  d.pile = pile
  if (thrown.length) d.discards = d.discards.concat(thrown)
  d.hands[seat] = kept.concat(fresh)
  d.pending[seat] = false
  d.drawCounts[seat] = d.drawCounts[seat]!.concat(thrown.length)
  d.lastActions[seat] = { type: 'draw', count: thrown.length }
  advance(d, seat, events)
  return ok({ state: d, events })
}
