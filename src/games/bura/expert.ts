import type { Card } from '../../core/cards.js'
import { cost, fullDeck, rankValue } from './rules/cards.js'
import { pointsOf, setBeats, type BuraAction, type BuraEvent, type BuraView } from './rules/index.js'
import type { BuraOptions } from './rules/options.js'
import type { DecideOptions } from '../../ai/budget.js'
import { lastEntryWith, type SeatHistory } from '../../ai/history.js'

export type BuraHistory = SeatHistory<BuraOptions, BuraView, BuraEvent, BuraAction>

/** What a player who counts keeps in mind during a game: read from its seat's history alone. */
export interface BuraMemory {
  /** Card points certainly in the seat's tricks (cards others laid face down into them count 0). */
  readonly points: number
  /** Cards the seat has seen played or shown this game (its own hand aside). */
  readonly seen: ReadonlySet<Card>
}

/** Why the expert (and the hint) plays a move: one sentence each, in the player's language (hint texts). */
export type BuraReason =
  | { readonly kind: 'declare'; readonly points: number }
  | { readonly kind: 'pass'; readonly points: number }
  | { readonly kind: 'beat'; readonly cards: readonly Card[]; readonly points: number }
  | { readonly kind: 'beatSure'; readonly cards: readonly Card[]; readonly gone: Card }
  | { readonly kind: 'trump'; readonly cards: readonly Card[]; readonly points: number }
  | { readonly kind: 'reach31'; readonly cards: readonly Card[]; readonly points: number }
  | { readonly kind: 'throw'; readonly cards: readonly Card[] }
  | { readonly kind: 'leadSure'; readonly cards: readonly Card[] }
  | { readonly kind: 'leadSet'; readonly cards: readonly Card[] }
  | { readonly kind: 'leadLow'; readonly cards: readonly Card[] }
  | { readonly kind: 'leadTrumps'; readonly cards: readonly Card[] }

export interface BuraAdvice {
  readonly action: BuraAction
  readonly reason: BuraReason
}

/** Reads the current game from the seat's history: the points it took for certain and the cards it saw. */
export function buraMemory(h: BuraHistory): BuraMemory {
  const start = lastEntryWith(h.entries, 'deal')
  const seen = new Set<Card>()
  let points = 0
  let trick: Card[] = []
  for (let i = Math.max(0, start); i < h.entries.length; i++) {
    const entry = h.entries[i]!
    let events = entry.events
    if (i === start) events = events.slice(events.findIndex((e) => e.type === 'deal'))
    for (const e of events) {
      if (e.type === 'play') {
        const own = e.seat === h.seat && entry.own?.type === 'play' ? entry.own.cards : null
        for (const c of e.cards ?? own ?? []) {
          seen.add(c)
          trick.push(c)
        }
      } else if (e.type === 'combination') for (const c of e.cards) seen.add(c)
      else if (e.type === 'trick') {
        if (e.winner === h.seat) points += pointsOf(trick)
        trick = []
      }
    }
  }
  return { points, seen }
}

/** Cards nobody has shown the seat: in other hands or in the pile (the turned-up trump card counts as shown). */
function unseenCards(view: BuraView, memory: BuraMemory): Card[] {
  const hand = view.hand ?? []
  return fullDeck(view.options.deck32).filter(
    (c) => !memory.seen.has(c) && !hand.includes(c) && !(c === view.trumpCard && view.trumpCardDrawnBy === null),
  )
}

function subsets(hand: readonly Card[], k: number): Card[][] {
  const out: Card[][] = []
  const walk = (from: number, chosen: Card[]) => {
    if (chosen.length === k) return void out.push(chosen.slice())
    for (let i = from; i <= hand.length - (k - chosen.length); i++) walk(i + 1, [...chosen, hand[i]!])
  }
  walk(0, [])
  return out
}

/** The leads the rules allow: one card, or 2-3 (Kozel: 3) cards of one suit. */
function leads(hand: readonly Card[], options: BuraOptions): Card[][] {
  const sizes = options.kozel ? [1, 3] : [1, 2, 3]
  return sizes.flatMap((k) => subsets(hand, k).filter((cs) => cs.every((c) => c[1] === cs[0]![1])))
}

/** Unseen cards that beat `c`: higher of its suit, or (for a plain card) any trump. */
function beaters(c: Card, unseen: readonly Card[], trump: string): Card[] {
  return unseen.filter((u) => (u[1] === c[1] ? rankValue(u) > rankValue(c) : u[1] === trump && c[1] !== trump))
}

/**
 * The chance the others beat a lead, roughly: each card of it is beaten when an opponent holds one
 * of its unseen beaters (three cards each, drawn from everything unseen), all of them together.
 */
function beatChance(cards: readonly Card[], unseen: readonly Card[], trump: string, opponents: number): number {
  if (!unseen.length) return 0
  const held = Math.min(unseen.length, 3 * opponents)
  let p = 1
  for (const c of cards) {
    const b = beaters(c, unseen, trump).length
    p *= 1 - Math.pow(1 - b / unseen.length, held)
  }
  return p
}

/**
 * The rule-based Bura player (docs/ai.md, "Experts"): counts the points it took, keeps its trumps
 * for the end, leads cheap cards to draw trumps or sets the others cannot beat, declares exactly
 * when 31 is certain and passes otherwise.
 */
export function adviseBura(view: BuraView, memory: BuraMemory, seat: number): BuraAdvice | null {
  const o = view.options
  const points = memory.points
  const maySay = view.canDeclare && !o.kozel
  if (view.phase === 'finalCall') {
    if (!view.waitingFor.includes(seat)) return null
    return maySay && points >= 31
      ? { action: { type: 'declare' }, reason: { kind: 'declare', points } }
      : { action: { type: 'pass' }, reason: { kind: 'pass', points } }
  }
  if (maySay && points >= 31) return { action: { type: 'declare' }, reason: { kind: 'declare', points } }
  const hand = view.hand
  if (view.phase !== 'play' || view.turn !== seat || !hand || !hand.length) return null
  const trump = view.trump
  const unseen = unseenCards(view, memory)
  const trick = view.trick
  const endgame = view.pileCount === 0
  if (trick && trick.plays.length > 0) {
    const front = trick.plays.find((p) => p.seat === trick.winning)?.cards ?? trick.plays[0]!.cards!
    let onTable = 0
    for (const p of trick.plays) onTable += pointsOf(p.cards ?? [])
    const options = subsets(hand, trick.size)
    const beating = options.filter((cs) => setBeats(cs, front, trump))
    const trumps = (cs: readonly Card[]) => cs.filter((c) => c[1] === trump).length
    const gain = (cs: readonly Card[]) => onTable + pointsOf(cs)
    // Beat with plain cards whenever possible, taking the most points and keeping the better cards.
    const plain = beating.filter((cs) => trumps(cs) === 0)
    const best = (list: Card[][], score: (cs: Card[]) => number) =>
      list.reduce<Card[] | null>((a, b) => (a === null || score(b) > score(a) ? b : a), null)
    const byGain = best(plain, (cs) => gain(cs) * 100 - cost(cs, trump))
    if (byGain) {
      // Last to answer, a single card that beats is sure: say which higher card is gone, if one is.
      const last = trick.plays.length === view.seats.filter((s) => s.inGame).length - 1
      const boss = last && byGain.length === 1 ? higherGone(byGain[0]!, unseen, memory) : null
      return {
        action: { type: 'play', cards: byGain },
        reason: boss
          ? { kind: 'beatSure', cards: byGain, gone: boss }
          : { kind: 'beat', cards: byGain, points: gain(byGain) },
      }
    }
    // Trumps are for the end: spend them on a rich trick, on 31, or once the pile is gone.
    const withTrump = best(beating, (cs) => -trumps(cs) * 1000 - cost(cs, trump) + gain(cs))
    if (withTrump) {
      const g = gain(withTrump)
      if (!o.kozel && points + g >= 31 && points < 31)
        return { action: { type: 'play', cards: withTrump }, reason: { kind: 'reach31', cards: withTrump, points: g } }
      if (g >= 10 || endgame)
        return { action: { type: 'play', cards: withTrump }, reason: { kind: 'trump', cards: withTrump, points: g } }
    }
    const cheap = best(options, (cs) => -cost(cs, trump))!
    return { action: { type: 'play', cards: cheap }, reason: { kind: 'throw', cards: cheap } }
  }
  // Leading: the lead worth most on average, counting a trump spent before the end as a loss.
  const opponents = view.seats.filter((s) => s.inGame && s.seat !== seat).length
  let chosen: { cards: Card[]; value: number; risk: number } | null = null
  for (const cards of leads(hand, o)) {
    const risk = beatChance(cards, unseen, trump, opponents)
    const at = pointsOf(cards)
    const spent = endgame ? 0 : cards.filter((c) => c[1] === trump).length * 8
    // A lead nobody beats takes its points; a beaten one gives them away; a cheap one draws trumps.
    const value = at * (1 - 2 * risk) - spent + (at === 0 ? risk * 3 : 0) - rankValue(cards[0]!) * 0.01
    if (!chosen || value > chosen.value) chosen = { cards, value, risk }
  }
  const { cards, risk } = chosen!
  const reason: BuraReason =
    risk === 0
      ? { kind: 'leadSure', cards }
      : cards.every((c) => c[1] === trump) && endgame
        ? { kind: 'leadTrumps', cards }
        : cards.length > 1
          ? { kind: 'leadSet', cards }
          : { kind: 'leadLow', cards }
  return { action: { type: 'play', cards }, reason }
}

/** The card that could have beaten `c` and is gone (played), when none of them is left unseen. */
function higherGone(c: Card, unseen: readonly Card[], memory: BuraMemory): Card | null {
  if (unseen.some((u) => u[1] === c[1] && rankValue(u) > rankValue(c))) return null
  for (const s of memory.seen) if (s[1] === c[1] && rankValue(s) > rankValue(c)) return s
  return null
}

/** The expert as a player: the seat's history in, its move out (level and seed play no part). */
export function expertBura(h: BuraHistory, _opts: DecideOptions): BuraAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view) return null
  return adviseBura(view, buraMemory(h), h.seat)?.action ?? null
}
