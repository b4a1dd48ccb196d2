import type { Card } from '../../../core/cards.js'
import { ok, refuse, type Outcome, type Transition } from '../../../core/engine.js'
import { reshuffle } from '../../../core/decks.js'
import type { DrawAction } from './actions.js'
import { advance } from './play.js'
import { appended, draftOf, type BadugiEvent, type BadugiState } from './types.js'

/**
 * A seat discards 0-4 of its cards and draws as many from the pile. When the pile runs out,
 * the discards so far are shuffled into a new pile (in a scenario's fixed order, if it gives
 * one); the cards this seat is discarding now are not among them (they join the discards after
 * the draw).
 */
export function applyDraw(
  s: BadugiState,
  seat: number,
  action: DrawAction,
): Outcome<Transition<BadugiState, BadugiEvent>> {
  const hand = s.hands[seat]!
  const thrown = action.cards
  if (!Array.isArray(thrown) || thrown.length > 4) return refuse('badugi.bad-draw')
  for (let i = 0; i < thrown.length; i++) {
    if (hand.indexOf(thrown[i]) < 0) return refuse('badugi.not-in-hand', { card: { cards: [thrown[i]!] } })
    if (thrown.indexOf(thrown[i]) !== i) return refuse('badugi.twice', { card: { cards: [thrown[i]!] } })
  }
  const d = draftOf(s)
  const events: BadugiEvent[] = [{ type: 'draw', seat, count: thrown.length }]
  const kept: Card[] = []
  for (const c of hand) if (thrown.indexOf(c) < 0) kept.push(c)
  // Plain loops and pushes: Array.prototype.concat is slow in this hot path.
  const pile = d.pile
  let next = 0
  while (next < pile.length && kept.length < 4) kept.push(pile[next++]!)
  if (kept.length === 4) d.pile = next ? pile.slice(next) : pile
  else {
    const shuffled = reshuffle(d.supply, d.discards)
    if ('problem' in shuffled) return refuse('badugi.reshuffle', { problem: shuffled.problem })
    const fresh = shuffled.pile
    d.supply = shuffled.supply
    events.push({ type: 'reshuffle', cards: fresh.length })
    next = 0
    while (kept.length < 4) kept.push(fresh[next++]!)
    d.pile = fresh.slice(next)
    d.discards = []
  }
  if (thrown.length) d.discards = appended(d.discards, thrown)
  d.hands = d.hands.slice()
  d.hands[seat] = kept
  d.pending[seat] = false
  d.drawCounts = d.drawCounts.slice()
  d.drawCounts[seat] = appended(d.drawCounts[seat]!, [thrown.length])
  d.lastActions[seat] = { type: 'draw', count: thrown.length }
  advance(d, seat, events)
  return ok({ state: d, events })
}
