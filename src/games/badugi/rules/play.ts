import { handValue, valueName } from './hand.js'
import { awardPots, buildPots } from './pots.js'
import { appended, inHand, nextSeat, type BadugiEvent, type BadugiState, type Draft } from './types.js'

/** How a hand moves on: betting rounds, draws, showdown or a win by folds. */

export const BETTING_ROUNDS = 4

/** Moves chips from a seat's stack into the pot (this round's bet). */
export function pay(d: Draft, seat: number, amount: number, reason: string, events: BadugiEvent[]): void {
  if (amount <= 0) return
  d.stacks[seat] = d.stacks[seat]! - amount
  d.committed[seat] = d.committed[seat]! + amount
  d.roundBets[seat] = d.roundBets[seat]! + amount
  if (d.stacks[seat] === 0) d.status[seat] = 'allIn'
  events.push({ type: 'chips', from: { seat }, to: 'pot', amount, reason })
}

export function liveCount(d: Pick<BadugiState, 'status'>): number {
  let n = 0
  for (const st of d.status) if (inHand(st)) n++
  return n
}

/** After a seat acted (or left): the next seat to act, or the end of the round, draw or hand. */
export function advance(d: Draft, from: number, events: BadugiEvent[]): void {
  if (liveCount(d) === 1) return finishByFold(d, events)
  const next = nextSeat(d.players, from, (s) => d.pending[s]!)
  if (next >= 0 && !(d.phase === 'betting' && nobodyToBetAgainst(d, next))) {
    d.toAct = next
    return
  }
  d.pending.fill(false)
  d.toAct = -1
  if (d.phase === 'betting') closeRound(d, events)
  else startBettingRound(d, d.street + 1, events)
}

/**
 * docs/rules/badugi.md "A betting round ends without an action": the seat to act is the only one left who
 * can still bet, and it faces no bet (the big blind's option too, when everyone else folded or
 * is all-in for no more than the blind).
 */
/** After a fold out of turn (a player standing up): the seat to act may now have nobody to bet against. */
export function recheckToAct(d: Draft, events: BadugiEvent[]): void {
  if (d.phase !== 'betting' || d.toAct < 0 || !nobodyToBetAgainst(d, d.toAct)) return
  d.pending[d.toAct] = false
  advance(d, d.toAct, events)
}

function nobodyToBetAgainst(d: Draft, seat: number): boolean {
  if (d.roundBets[seat]! < d.level) return false
  for (let s = 0; s < d.players; s++) if (s !== seat && d.status[s] === 'in') return false
  return true
}

export function closeRound(d: Draft, events: BadugiEvent[]): void {
  returnUncalled(d, events)
  if (d.street === BETTING_ROUNDS - 1) showdown(d, events)
  else startDraw(d, events)
}

/** A bet nobody matched goes back to its owner (that is not a win). */
function returnUncalled(d: Draft, events: BadugiEvent[]): void {
  let top = -1
  for (let s = 0; s < d.players; s++)
    if (inHand(d.status[s]!) && (top < 0 || d.committed[s]! > d.committed[top]!)) top = s
  if (top < 0) return
  let others = 0
  for (let s = 0; s < d.players; s++) if (s !== top) others = Math.max(others, d.committed[s]!)
  const excess = d.committed[top]! - others
  if (excess <= 0) return
  d.committed[top] = d.committed[top]! - excess
  d.roundBets[top] = Math.max(0, d.roundBets[top]! - excess)
  d.stacks[top] = d.stacks[top]! + excess
  if (d.status[top] === 'allIn') d.status[top] = 'in'
  events.push({ type: 'chips', from: 'pot', to: { seat: top }, amount: excess, reason: 'uncalled bet returned' })
}

/** Draw `street + 1` opens with the first seat in the hand left of the dealer; all-in seats draw too. */
export function startDraw(d: Draft, events: BadugiEvent[]): void {
  d.phase = 'drawing'
  for (let s = 0; s < d.players; s++) d.pending[s] = inHand(d.status[s]!)
  d.toAct = nextSeat(d.players, d.dealer, (s) => d.pending[s]!)
  events.push({ type: 'drawRound', draw: d.street + 1 })
}

/** Rounds 2-4 open with the first seat left of the dealer that can still bet; skipped when fewer than two can. */
function startBettingRound(d: Draft, street: number, events: BadugiEvent[]): void {
  d.phase = 'betting'
  d.street = street
  d.level = 0
  d.fullRaises = 0
  d.lastRaise = d.options.bigBlind
  d.aggressor = -1
  let ins = 0
  for (let s = 0; s < d.players; s++) {
    d.roundBets[s] = 0
    d.actedAt[s] = -1
    d.pending[s] = d.status[s] === 'in'
    if (d.pending[s]) ins++
  }
  if (ins < 2) {
    d.pending.fill(false)
    events.push({ type: 'bettingRound', round: street + 1, skipped: true })
    closeRound(d, events)
    return
  }
  d.toAct = nextSeat(d.players, d.dealer, (s) => d.pending[s]!)
  events.push({ type: 'bettingRound', round: street + 1, skipped: false })
}

function endHand(d: Draft, byFold: boolean, events: BadugiEvent[]): void {
  d.phase = 'handOver'
  d.toAct = -1
  d.pending.fill(false)
  d.committed.fill(0)
  d.roundBets.fill(0)
  events.push({ type: 'handOver', winners: d.result!.winners, byFold })
}

/** Everybody else folded: the last seat takes every pot and shows nothing. */
export function finishByFold(d: Draft, events: BadugiEvent[]): void {
  returnUncalled(d, events)
  const winner = d.status.findIndex(inHand)
  let amount = 0
  for (const c of d.committed) amount += c
  if (amount > 0) {
    d.stacks[winner] = d.stacks[winner]! + amount
    events.push({ type: 'chips', from: 'pot', to: { seat: winner }, amount, reason: 'pot' })
  }
  d.result = {
    byFold: true,
    pots: [{ amount, seats: [winner], winners: [winner], shares: [amount] }],
    winners: amount > 0 ? [winner] : [],
    showOrder: [],
  }
  endHand(d, true, events)
}

/**
 * Showdown: the last to bet or raise in the final round shows first, else the first seat in
 * the hand left of the dealer; then clockwise. Every pot goes to its best hand.
 */
function showdown(d: Draft, events: BadugiEvent[]): void {
  const live = d.status.map(inHand)
  const first =
    d.street === BETTING_ROUNDS - 1 && d.aggressor >= 0 && live[d.aggressor]
      ? d.aggressor
      : nextSeat(d.players, d.dealer, (s) => live[s]!)
  const showOrder: number[] = []
  d.shown = d.shown.slice()
  const values: number[] = new Array(d.players).fill(-1)
  for (let i = 0; i < d.players; i++) {
    const s = (first + i) % d.players
    if (!live[s]) continue
    showOrder.push(s)
    d.shown[s] = true
    values[s] = handValue(d.hands[s]!)
    events.push({ type: 'show', seat: s, cards: d.hands[s]!, value: valueName(values[s]) })
  }
  const { results, events: awards } = awardPots(buildPots(d.committed, live), values, d.dealer, d.players)
  for (const e of awards) {
    const seat = (e.to as { seat: number }).seat
    d.stacks[seat] = d.stacks[seat]! + e.amount
    events.push(e)
  }
  const winners = [...new Set(awards.map((e) => (e.to as { seat: number }).seat))].sort((a, b) => a - b)
  d.result = { byFold: false, pots: results, winners, showOrder }
  endHand(d, false, events)
}

/** The seat gives up its hand: its cards go face down onto the discards. */
export function foldSeat(d: Draft, seat: number): void {
  d.status[seat] = 'folded'
  d.pending[seat] = false
  d.discards = appended(d.discards, d.hands[seat]!)
  d.hands = d.hands.slice()
  d.hands[seat] = []
  d.lastActions[seat] = { type: 'fold' }
}
