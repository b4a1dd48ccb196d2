import type { Card } from '../../core/cards.js'
import { Rng, seedRng } from '../../core/rng.js'
import {
  countingCards,
  type BadugiAction,
  type BadugiEvent,
  type BadugiOptions,
  type BadugiView,
} from './rules/index.js'
import type { DecideOptions } from '../../ai/budget.js'
import type { SeatHistory } from '../../ai/history.js'

export type BadugiHistory = SeatHistory<BadugiOptions, BadugiView, BadugiEvent, BadugiAction>

/** Why the expert (and the hint) plays a move. */
export type BadugiReason =
  | { readonly kind: 'standPat'; readonly high: number }
  | { readonly kind: 'draw'; readonly count: number; readonly kept: number }
  | { readonly kind: 'breakHigh'; readonly card: Card }
  | { readonly kind: 'valueBet'; readonly high: number }
  | { readonly kind: 'goodDraw'; readonly high: number }
  | { readonly kind: 'potOdds'; readonly chance: number }
  | { readonly kind: 'weak' }
  | { readonly kind: 'free' }
  | { readonly kind: 'bluff'; readonly drew: number }

export interface BadugiAdvice {
  readonly action: BadugiAction
  readonly reason: BadugiReason
}

/** Ace low: 1 up to 13 for a king. */
export function lowRank(c: Card): number {
  return 'A23456789TJQK'.indexOf(c[0]!) + 1
}

/** How many cards of a badugi the hand holds and the highest of them. */
export function shape(hand: readonly Card[]): { size: number; high: number; counting: Card[] } {
  const counting = countingCards(hand)
  return { size: counting.length, high: Math.max(0, ...counting.map(lowRank)), counting }
}

/** Live seats still to act after `seat` in this round's order (clockwise up to the dealer's seat). */
export function seatsBehind(view: BadugiView, seat: number): number {
  const n = view.seats.length
  let count = 0
  for (let s = (seat + 1) % n; s !== (view.dealer + 1) % n; s = (s + 1) % n) if (view.seats[s]!.status === 'in') count++
  return count
}

/** Share of bluffs: when everyone checked to a seat last to act on the last round. */
const BLUFF = 0.08

/**
 * The rule-based Badugi player (docs/ai.md, "Experts"): draws to its badugi keeping only low cards
 * while draws remain, plays starting hands and later rounds by how many cards of a badugi it holds
 * and how high they are, calls a draw on pot odds, bets a made hand for value, and bluffs now and
 * then when checked to on the last round.
 */
export function adviseBadugi(view: BadugiView, seat: number, seed: number): BadugiAdvice | null {
  const you = view.you
  if (!you || !you.yourTurn || view.toAct !== seat) return null
  const hand = you.hand
  const { size, high, counting } = shape(hand)
  if (view.phase === 'drawing') {
    const drawsLeft = 4 - view.round
    let keep = counting
    let broken: Card | null = null
    // While draws remain, a high card is not worth keeping: a rough badugi is broken, a draw trimmed.
    const top = counting.reduce<Card | null>((a, c) => (a === null || lowRank(c) > lowRank(a) ? c : a), null)
    if (top && drawsLeft >= 2 && ((size === 4 && high >= 12) || (size < 4 && size >= 2 && high >= 10))) {
      keep = counting.filter((c) => c !== top)
      broken = top
    }
    const cards = hand.filter((c) => !keep.includes(c))
    const reason: BadugiReason = broken
      ? { kind: 'breakHigh', card: broken }
      : cards.length === 0
        ? { kind: 'standPat', high }
        : { kind: 'draw', count: cards.length, kept: keep.length }
    return { action: { type: 'draw', cards }, reason }
  }
  if (view.phase !== 'betting') return null
  const rng = new Rng(seedRng(seed))
  const free = you.toCall === 0
  const wager: BadugiAction | null = you.wager
    ? view.limit === 'fixed'
      ? { type: you.wager.kind }
      : { type: you.wager.kind, amount: Math.max(you.wager.min, Math.min(you.wager.max, view.currentBet + view.pot)) }
    : null
  const passive: BadugiAction = free ? { type: 'check' } : { type: 'fold' }
  const call: BadugiAction = { type: 'call' }
  const late = seatsBehind(view, seat) === 0
  const drawsLeft = 4 - view.round
  const opponents = view.seats.filter((s) => s.seat !== seat && (s.status === 'in' || s.status === 'allIn'))
  // What the others drew last: a seat still drawing several cards is weak; a pat one is made.
  const theirDraw = Math.min(...opponents.map((o) => (o.draws.length ? o.draws[o.draws.length - 1]! : 4)))
  const aggressive = (reason: BadugiReason): BadugiAdvice =>
    wager ? { action: wager, reason } : { action: free ? { type: 'check' } : call, reason }
  const made = size === 4
  if (view.round === 1) {
    if ((made && high <= 10) || (size === 3 && high <= (late ? 7 : 5))) return aggressive({ kind: 'goodDraw', high })
    if (free) return { action: passive, reason: { kind: 'free' } }
    const cheap = you.toCall <= view.bigBlindSize
    if (made || (size === 3 && high <= 9) || (cheap && size === 3 && high <= 11))
      return { action: call, reason: { kind: 'goodDraw', high } }
    return { action: passive, reason: { kind: 'weak' } }
  }
  if (made) {
    // A smooth badugi bets; a rough one bets only against seats still drawing, else calls.
    if (high <= 9 || (high <= 12 && theirDraw >= 1)) return aggressive({ kind: 'valueBet', high })
    if (free) return { action: passive, reason: { kind: 'free' } }
    if (drawsLeft > 0 || theirDraw >= 1 || high <= 11) return { action: call, reason: { kind: 'valueBet', high } }
    return { action: passive, reason: { kind: 'weak' } }
  }
  if (drawsLeft === 0) {
    if (free && late && rng.int(1000) < BLUFF * 1000 && wager && theirDraw >= 1)
      return { action: wager, reason: { kind: 'bluff', drew: theirDraw } }
    if (free) return { action: passive, reason: { kind: 'free' } }
    // Against seats that drew two or more at the end, a low three-card hand is often best.
    if (size === 3 && high <= 6 && theirDraw >= 2) return { action: call, reason: { kind: 'valueBet', high } }
    return { action: passive, reason: { kind: 'weak' } }
  }
  if (free) {
    if (size === 3 && high <= 4 && late && theirDraw >= 1) return aggressive({ kind: 'goodDraw', high })
    return { action: passive, reason: { kind: 'free' } }
  }
  // A draw: call when the chance to make a badugi pays for the call.
  // Three cards: the ten cards of the missing suit that pair none of them; two cards: rarely there.
  const chance = size === 3 ? 1 - Math.pow(1 - 10 / 48, drawsLeft) : size === 2 ? 0.08 * drawsLeft : 0
  const price = you.toCall / (view.pot + you.toCall)
  return chance >= price
    ? { action: call, reason: { kind: 'potOdds', chance: Math.round(chance * 100) } }
    : { action: passive, reason: { kind: 'weak' } }
}

/** The expert as a player: the seat's history in, its move out (the seed only times its bluffs). */
export function expertBadugi(h: BadugiHistory, opts: DecideOptions): BadugiAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view) return null
  return adviseBadugi(view, h.seat, opts.seed)?.action ?? null
}
