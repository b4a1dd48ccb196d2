import { isJoker, SUITS, type Card, type Suit } from '../../core/cards.js'
import type { Bid, BugamiAction, BugamiEvent, BugamiOptions, BugamiView } from './rules/index.js'
import type { DecideOptions } from '../../ai/budget.js'
import { lastEntryWith, type SeatHistory } from '../../ai/history.js'

export type BugamiHistory = SeatHistory<BugamiOptions, BugamiView, BugamiEvent, BugamiAction>

/** What a careful player remembers of the deal: the cards played and the suits each seat showed it lacks. */
export interface BugamiMemory {
  readonly played: ReadonlySet<Card>
  readonly voids: readonly ReadonlySet<string>[]
}

/** Why the expert (and the hint) plays a move. */
export type BugamiReason =
  | { readonly kind: 'bidSuit'; readonly suit: Suit }
  | { readonly kind: 'bidMisere' }
  | { readonly kind: 'leadBug'; readonly card: Card }
  | { readonly kind: 'leadBoss'; readonly card: Card }
  | { readonly kind: 'leadLow'; readonly card: Card }
  | { readonly kind: 'duck'; readonly card: Card }
  | { readonly kind: 'takeClean'; readonly card: Card }
  | { readonly kind: 'forced'; readonly card: Card }
  | { readonly kind: 'pushBug'; readonly card: Card; readonly seat: number }
  | { readonly kind: 'shedBug'; readonly card: Card }
  | { readonly kind: 'shedHigh'; readonly card: Card }

export interface BugamiAdvice {
  readonly action: BugamiAction
  readonly reason: BugamiReason
}

const ORDER = '23456789TJQKA'

/** 0 for a two up to 12 for an ace; a joker ranks above all (it wins only when led). */
function rank(c: Card): number {
  return isJoker(c) ? 13 : ORDER.indexOf(c[0]!)
}

function suitOf(c: Card): string | null {
  return isJoker(c) ? null : c[1]!
}

export function bugamiMemory(h: BugamiHistory): BugamiMemory {
  const start = lastEntryWith(h.entries, 'dealt')
  const played = new Set<Card>()
  const voids = Array.from({ length: h.players }, () => new Set<string>())
  let led: Card | null = null
  let inTrick = 0
  for (let i = Math.max(0, start); i < h.entries.length; i++)
    for (const e of h.entries[i]!.events) {
      if (e.type === 'dealt') {
        played.clear()
        for (const v of voids) v.clear()
        inTrick = 0
      } else if (e.type === 'played') {
        if (inTrick % h.players === 0) led = e.card
        else if (led && !isJoker(led) && suitOf(e.card) !== led[1]) voids[e.seat]!.add(led[1]!)
        inTrick++
        played.add(e.card)
      }
    }
  return { played, voids }
}

/**
 * How many bugs a suit is likely to bring its bidder: its honours win tricks of that suit full of
 * it, a long suit's last cards win late, and what the others hold can be thrown onto its tricks.
 */
function danger(hand: readonly Card[], suit: Suit, players: number): number {
  const mine = hand.filter((c) => suitOf(c) === suit)
  const weight: Record<string, number> = { A: 1, K: 0.75, Q: 0.5, J: 0.3, T: 0.15 }
  let winners = 0
  for (const c of mine) winners += weight[c[0]!] ?? 0
  const low = mine.filter((c) => rank(c) <= 4).length
  return winners * players + (13 - mine.length) * 0.15 + Math.max(0, mine.length - 4 - low) * 0.6
}

/** Misère only with a safe hand: no joker, nothing above a nine, and a low card in every suit held. */
function safeForMisere(hand: readonly Card[]): boolean {
  if (hand.some((c) => isJoker(c) || rank(c) > 7)) return false
  return SUITS.every((s) => {
    const mine = hand.filter((c) => c[1] === s)
    return mine.length === 0 || mine.some((c) => rank(c) <= 2)
  })
}

/** The card in front of the trick so far and who laid it (a led joker wins; else the highest of the suit led). */
function front(view: BugamiView): { card: Card; seat: number } | null {
  const trick = view.trick
  if (!trick.length) return null
  const lead = trick[0]!
  if (isJoker(lead.card)) return lead
  let best = lead
  for (const p of trick) if (suitOf(p.card) === lead.card[1] && rank(p.card) > rank(best.card)) best = p
  return best
}

const highest = (cards: readonly Card[]) => cards.reduce((a, b) => (rank(b) > rank(a) ? b : a))
const lowest = (cards: readonly Card[]) => cards.reduce((a, b) => (rank(b) < rank(a) ? b : a))

/**
 * The rule-based Bugami player (docs/ai.md, "Experts"): bids the suit likely to bring it the
 * fewest bugs (misère only with a safe hand), leads its bug suit low, takes clean tricks with sure
 * winners, ducks tricks that hold its bugs, and throws each seat's bugs onto the trick it is winning.
 */
export function adviseBugami(view: BugamiView, memory: BugamiMemory, seat: number): BugamiAdvice | null {
  const hand = view.hand
  if (!hand || !view.waitingFor.includes(seat)) return null
  if (view.phase === 'bidding') {
    if (safeForMisere(hand)) return { action: { type: 'bid', misere: true }, reason: { kind: 'bidMisere' } }
    let suit: Suit = SUITS[0]
    for (const s of SUITS) if (danger(hand, s, view.players) < danger(hand, suit, view.players)) suit = s
    return { action: { type: 'bid', suit }, reason: { kind: 'bidSuit', suit } }
  }
  const playable = view.playable
  if (!playable.length) return null
  const play = (card: Card, reason: BugamiReason): BugamiAdvice => ({ action: { type: 'play', card }, reason })
  const bids = view.seats.map((s) => s.bid)
  const mine: Bid | null = bids[seat] ?? view.myBid
  const misere = mine === 'misere'
  const isBug = (c: Card) => isJoker(c) || suitOf(c) === mine
  const suited = playable.filter((c) => !isJoker(c))
  // Cards of a suit still out there, above a card (not played, not in the hand).
  const higherOut = (c: Card) => {
    for (const r of ORDER.slice(rank(c) + 1)) {
      const other = `${r}${c[1]}` as Card
      if (!memory.played.has(other) && !hand.includes(other)) return true
    }
    return false
  }
  const lead = front(view)
  if (!lead) {
    if (misere) {
      const c = lowest(suited.length ? suited : playable)
      return play(c, { kind: 'leadLow', card: c })
    }
    // A low card of the bug suit that someone else will have to take.
    const bugLow = suited.filter((c) => isBug(c) && higherOut(c))
    if (bugLow.length) {
      const c = lowest(bugLow)
      return play(c, { kind: 'leadBug', card: c })
    }
    // A sure winner in a suit nobody has shown void: a clean trick.
    const boss = suited.filter((c) => !isBug(c) && !higherOut(c) && !memory.voids.some((v) => v.has(c[1]!)))
    if (boss.length) {
      const c = highest(boss)
      return play(c, { kind: 'leadBoss', card: c })
    }
    const plain = suited.filter((c) => !isBug(c))
    const c = lowest(plain.length ? plain : suited.length ? suited : playable)
    return play(c, { kind: 'leadLow', card: c })
  }
  const ledSuit = view.ledSuit
  const following = ledSuit !== null && playable.some((c) => suitOf(c) === ledSuit)
  const last = view.trick.length === view.players - 1
  const beats = (c: Card) => !isJoker(lead.card) && suitOf(c) === lead.card[1] && rank(c) > rank(lead.card)
  if (following) {
    const trickBugs = view.trick.some((p) => isBug(p.card)) || ledSuit === mine
    const under = playable.filter((c) => !beats(c))
    if (misere || trickBugs) {
      if (under.length) {
        const c = highest(under)
        return play(c, { kind: 'duck', card: c })
      }
      const c = highest(playable)
      return play(c, { kind: 'forced', card: c })
    }
    const winning = playable.filter(beats)
    if (winning.length && (last || winning.some((c) => !higherOut(c)))) {
      const c = last ? lowest(winning) : highest(winning)
      return play(c, { kind: 'takeClean', card: c })
    }
    const c = lowest(playable)
    return play(c, { kind: under.length ? 'duck' : 'forced', card: c })
  }
  // Void in the suit led: throw the bugs of whoever is winning onto the trick, else shed our own.
  const winnerBid = lead.seat !== seat ? bids[lead.seat] : null
  if (lead.seat !== seat) {
    const theirs = playable.filter(
      (c) => isJoker(c) || (winnerBid && winnerBid !== 'misere' && suitOf(c) === winnerBid),
    )
    if (theirs.length) {
      const c = highest(theirs)
      return play(c, { kind: 'pushBug', card: c, seat: lead.seat })
    }
  }
  const own = playable.filter((c) => !isJoker(c) && isBug(c))
  if (own.length) {
    const c = highest(own)
    return play(c, { kind: 'shedBug', card: c })
  }
  const c = highest(suited.length ? suited : playable)
  return play(c, { kind: 'shedHigh', card: c })
}

/** The expert as a player: the seat's history in, its move out. */
export function expertBugami(h: BugamiHistory, _opts: DecideOptions): BugamiAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view) return null
  return adviseBugami(view, bugamiMemory(h), h.seat)?.action ?? null
}
