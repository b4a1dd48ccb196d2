import type { Card } from '../../../core/cards.js'
import { CAP, fixedBetSize, toCall, wagerRange, type WagerRange } from './betting.js'
import { countingCards, handValue, valueName } from './hand.js'
import type { Limit } from './options.js'
import { levelAt, type LevelClock } from './tournament.js'
import { buildPots, type Pot } from './pots.js'
import { inHand, type BadugiState, type HandResult, type LastAction, type Phase, type SeatStatus } from './types.js'

/** One seat as a viewer may see it. `hand` is the viewer's own hand, or a hand shown at showdown. */
export interface BadugiSeatView {
  readonly seat: number
  readonly stack: number
  readonly status: SeatStatus
  /** The player stood up: out of later hands, stack cashed out. */
  readonly left: boolean
  readonly dealer: boolean
  readonly smallBlind: boolean
  readonly bigBlind: boolean
  /** Chips put in during the current betting round. */
  readonly bet: number
  /** Chips put in during this hand. */
  readonly inPot: number
  /** Cards held (4 while in the hand). */
  readonly cards: number
  readonly hand: readonly Card[] | null
  /** "8-7-5-4 badugi", "3-card 7-4-2" when `hand` is known to the viewer. */
  readonly handName: string | null
  /** Cards drawn in each draw so far (public: "watch how many the others draw"). */
  readonly draws: readonly number[]
  readonly lastAction: LastAction | null
}

export interface BadugiYouView {
  readonly seat: number
  readonly hand: readonly Card[]
  readonly handName: string | null
  /** The cards that count toward the hand's value (the rest are the natural discards). */
  readonly counting: readonly Card[]
  readonly yourTurn: boolean
  /** Chips needed to call now (0: checking is free). */
  readonly toCall: number
  /** The "raise to" range open to you now, or null. */
  readonly wager: WagerRange | null
}

export interface BadugiView {
  readonly game: 'badugi'
  readonly viewer: number | null
  readonly handNo: number
  readonly phase: Phase
  /** Betting round 1-4 while betting; the draw 1-3 while drawing; the last round when over. */
  readonly round: number
  readonly limit: Limit
  readonly smallBlindSize: number
  readonly bigBlindSize: number
  /** A tournament's blind level at this hand, else null. */
  readonly tournament: LevelClock | null
  /** Fixed limit: this round's bet size; null in pot and no limit. */
  readonly betSize: number | null
  /** Fixed limit: bets and raises still allowed this round. */
  readonly raisesLeft: number | null
  readonly dealer: number
  readonly toAct: number | null
  /** The bet to match in this round. */
  readonly currentBet: number
  /** Every chip put in this hand (0 once it is over). */
  readonly pot: number
  /** Main pot first, then side pots, with the seats that can win each. */
  readonly pots: readonly Pot[]
  readonly pileCount: number
  readonly discardCount: number
  readonly seats: readonly BadugiSeatView[]
  readonly you: BadugiYouView | null
  /** When the hand is over: who won which pot, and the showdown (if any). */
  readonly result: (HandResult & { readonly handNames: readonly (string | null)[] }) | null
}

export function view(s: BadugiState, viewer: number | null): BadugiView {
  const sees = (seat: number) => seat === viewer || s.shown[seat]!
  const live = s.status.map(inHand)
  const seats: BadugiSeatView[] = s.status.map((status, seat) => {
    const hand = s.hands[seat]!
    const known = sees(seat) && hand.length > 0
    return {
      seat,
      stack: s.stacks[seat]!,
      status,
      left: s.left[seat]!,
      dealer: seat === s.dealer,
      smallBlind: seat === s.smallBlindSeat,
      bigBlind: seat === s.bigBlindSeat,
      bet: s.roundBets[seat]!,
      inPot: s.committed[seat]!,
      cards: hand.length,
      hand: known ? hand : null,
      handName: known ? valueName(handValue(hand)) : null,
      draws: s.drawCounts[seat]!,
      lastAction: s.lastActions[seat]!,
    }
  })
  let pot = 0
  for (const c of s.committed) pot += c
  const fixed = s.options.limit === 'fixed'
  let you: BadugiYouView | null = null
  if (viewer !== null && viewer >= 0 && viewer < s.players) {
    const hand = s.hands[viewer]!
    you = {
      seat: viewer,
      hand,
      handName: hand.length ? valueName(handValue(hand)) : null,
      counting: hand.length ? countingCards(hand) : [],
      yourTurn: s.toAct === viewer,
      toCall: s.phase === 'betting' && s.status[viewer] === 'in' ? toCall(s, viewer) : 0,
      wager: wagerRange(s, viewer),
    }
  }
  return {
    game: 'badugi',
    viewer,
    handNo: s.handNo,
    phase: s.phase,
    round: s.street + 1,
    limit: s.options.limit,
    smallBlindSize: s.options.smallBlind,
    bigBlindSize: s.options.bigBlind,
    tournament: s.options.format === 'tournament' ? levelAt(s.options.structure, s.options.levelHands, s.handNo) : null,
    betSize: fixed ? fixedBetSize(s) : null,
    raisesLeft: fixed && s.phase === 'betting' ? CAP - s.fullRaises : null,
    dealer: s.dealer,
    toAct: s.toAct >= 0 ? s.toAct : null,
    currentBet: s.level,
    pot,
    pots: pot > 0 ? buildPots(s.committed, live) : [],
    pileCount: s.pile.length,
    discardCount: s.discards.length,
    seats,
    you,
    result: s.result && {
      ...s.result,
      handNames: s.hands.map((h, seat) => (s.shown[seat] && h.length ? valueName(handValue(h)) : null)),
    },
  }
}

/** Other seats' hands until shown at showdown, the pile and the discards. */
export function hiddenFrom(s: BadugiState, viewer: number | null): Card[] {
  const out: Card[] = []
  for (let seat = 0; seat < s.players; seat++) if (seat !== viewer && !s.shown[seat]) out.push(...s.hands[seat]!)
  out.push(...s.pile, ...s.discards)
  return out
}
