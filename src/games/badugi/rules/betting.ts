import { ok, refuse, type Outcome, type RuleError, type Transition } from '../../../core/engine.js'
import type { BettingAction } from './actions.js'
import { advance, foldSeat, pay } from './play.js'
import { draftOf, type BadugiEvent, type BadugiState } from './types.js'

/** Fixed limit: a bet and three raises per round (in round 1 the big blind is the bet). */
export const CAP = 4

/** The bets and raises a seat may make now, as "raise to" totals for this round. */
export interface WagerRange {
  readonly kind: 'bet' | 'raise'
  readonly min: number
  readonly max: number
}

export function toCall(s: BadugiState, seat: number): number {
  return Math.max(0, s.level - s.roundBets[seat]!)
}

/** The fixed-limit bet size this round: small bet in rounds 1-2, big bet in rounds 3-4. */
export function fixedBetSize(s: BadugiState): number {
  return s.street < 2 ? s.options.smallBet : s.options.bigBet
}

function potTotal(s: BadugiState): number {
  let pot = 0
  for (const c of s.committed) pot += c
  return pot
}

/** Why `seat` may not bet or raise now, or null when it may (its range from `wagerRange`). */
export function wagerBlock(s: BadugiState, seat: number): RuleError | null {
  if (s.options.limit === 'fixed' && s.fullRaises >= CAP) return refuse('badugi.capped').error
  if (s.actedAt[seat]! >= s.fullRaises) return refuse('badugi.not-reopened').error
  let others = false
  for (let o = 0; o < s.players; o++) if (o !== seat && s.status[o] === 'in') others = true
  if (!others) return refuse('badugi.nobody-to-bet-against').error
  if (s.roundBets[seat]! + s.stacks[seat]! <= s.level) return refuse('badugi.short-to-raise').error
  return null
}

/** The range of "raise to" totals open to `seat` (bets when nobody has bet); null when it may not. */
export function wagerRange(s: BadugiState, seat: number): WagerRange | null {
  if (s.phase !== 'betting' || s.toAct !== seat || s.status[seat] !== 'in' || wagerBlock(s, seat) !== null) return null
  const kind = s.level === 0 ? 'bet' : 'raise'
  const allIn = s.roundBets[seat]! + s.stacks[seat]!
  if (s.options.limit === 'fixed') {
    const to = Math.min(s.level + fixedBetSize(s), allIn)
    return { kind, min: to, max: to }
  }
  const fullMin = s.level === 0 ? s.options.bigBlind : s.level + s.lastRaise
  // Pot limit: at most the pot after calling, on top of the call.
  const max = s.options.limit === 'pot' ? Math.min(allIn, s.level + potTotal(s) + toCall(s, seat)) : allIn
  return { kind, min: Math.min(fullMin, max), max }
}

/** Fold, check, call, bet or raise by the seat to act. */
export function applyBetting(
  s: BadugiState,
  seat: number,
  action: BettingAction,
): Outcome<Transition<BadugiState, BadugiEvent>> {
  const owe = toCall(s, seat)
  const allIn = s.roundBets[seat]! + s.stacks[seat]!
  if ('amount' in action && action.amount !== undefined && !(Number.isSafeInteger(action.amount) && action.amount > 0))
    return refuse('badugi.bad-amount')
  switch (action.type) {
    case 'fold': {
      if (owe === 0) return refuse('badugi.fold-for-free')
      const d = draftOf(s)
      const events: BadugiEvent[] = [{ type: 'fold', seat }]
      foldSeat(d, seat)
      d.actedAt[seat] = d.fullRaises
      advance(d, seat, events)
      return ok({ state: d, events })
    }
    case 'check': {
      if (owe > 0) return refuse('badugi.facing-bet', { owe })
      const d = draftOf(s)
      const events: BadugiEvent[] = [{ type: 'check', seat }]
      d.pending[seat] = false
      d.actedAt[seat] = d.fullRaises
      d.lastActions[seat] = { type: 'check' }
      advance(d, seat, events)
      return ok({ state: d, events })
    }
    case 'call': {
      if (owe === 0) return refuse('badugi.nothing-to-call')
      const to = Math.min(s.level, allIn)
      if (action.amount !== undefined && action.amount !== to && action.amount !== s.level)
        return refuse('badugi.call-amount', { to })
      return ok(putIn(s, seat, 'call', to))
    }
    case 'bet':
    case 'raise': {
      if (action.type === 'bet' && s.level > 0) return refuse('badugi.already-bet')
      if (action.type === 'raise' && s.level === 0) return refuse('badugi.no-bet')
      const blocked = wagerBlock(s, seat)
      if (blocked) return { ok: false, error: blocked }
      const range = wagerRange(s, seat)!
      const what = action.type
      let to: number
      if (s.options.limit === 'fixed') {
        const fixed = s.level + fixedBetSize(s)
        if (action.amount !== undefined && action.amount !== fixed && action.amount !== range.max)
          return refuse(`badugi.fixed-amount.${what}`, { to: fixed, size: fixedBetSize(s) })
        to = range.max
      } else {
        if (action.amount === undefined)
          return refuse(`badugi.amount-needed.${what}`, { min: range.min, max: range.max })
        // A bet for more than the stack holds is an all-in for the stack.
        to = Math.min(action.amount, allIn)
        if (to < range.min) return refuse(`badugi.too-small.${what}`, { min: range.min })
        if (to > range.max) return refuse(`badugi.too-large.${what}`, { max: range.max })
      }
      return ok(putIn(s, seat, what, to))
    }
  }
}

/** Puts the seat's bet this round up to `to`; a bet or raise also makes everyone else answer it. */
function putIn(
  s: BadugiState,
  seat: number,
  type: 'call' | 'bet' | 'raise',
  to: number,
): Transition<BadugiState, BadugiEvent> {
  const d = draftOf(s)
  const events: BadugiEvent[] = []
  const size = to - d.level
  pay(d, seat, to - d.roundBets[seat]!, type, events)
  const allIn = d.status[seat] === 'allIn'
  events.unshift({ type, seat, to, allIn })
  if (type !== 'call') {
    const fullSize = d.options.limit === 'fixed' ? fixedBetSize(d) : d.level === 0 ? d.options.bigBlind : d.lastRaise
    // An all-in for less than a full bet or raise neither reopens the betting nor counts toward the cap.
    if (size >= fullSize) {
      d.fullRaises++
      if (d.options.limit !== 'fixed') d.lastRaise = size
    }
    d.level = to
    d.aggressor = seat
    for (let o = 0; o < d.players; o++) if (o !== seat && d.status[o] === 'in') d.pending[o] = true
  }
  d.pending[seat] = false
  d.actedAt[seat] = d.fullRaises
  d.lastActions[seat] = { type, to, allIn }
  advance(d, seat, events)
  return { state: d, events }
}
