import { makeDeck, type Card } from '../../../core/cards.js'
import type { DeckSupply } from '../../../core/decks.js'
import { nextDeck } from '../../../core/decks.js'
import { handOptions, playsToOneWinner, type BadugiOptions } from './options.js'
import { closeRound, finishByFold, foldSeat, liveCount, pay } from './play.js'
import { nextSeat, type BadugiEvent, type BadugiState, type Draft, type SeatStatus } from './types.js'

/** Who is dealt in, the blinds and the deal that open a hand. */

export const FULL_DECK: readonly Card[] = makeDeck()

/** What carries from one hand to the next at a table. */
export interface TableSeating {
  readonly options: BadugiOptions
  readonly players: number
  readonly handNo: number
  readonly dealer: number
  readonly supply: DeckSupply
  readonly chips: number
  readonly stacks: readonly number[]
  readonly left: readonly boolean[]
}

/**
 * A seat is dealt in when it has chips and its player is seated, or, in a freeze-out, stood
 * up: that seat stays in play (posting blinds, folding every hand) until its chips are gone.
 */
export function hasChips(t: Pick<TableSeating, 'stacks' | 'left' | 'options'>, seat: number): boolean {
  return t.stacks[seat]! > 0 && (!t.left[seat] || playsToOneWinner(t.options))
}

/** A freeze-out (or tournament) is over when one seat holds every chip at the table: that seat, else null. */
export function freezeoutWinner(s: Pick<BadugiState, 'options' | 'stacks' | 'chips'>): number | null {
  if (!playsToOneWinner(s.options)) return null
  const seat = s.stacks.findIndex((c) => c === s.chips)
  return seat >= 0 ? seat : null
}

/** Posts the blinds, deals 4 cards each and opens betting round 1. `t.dealer` must have chips. */
export function startHand(seating: TableSeating): { state: BadugiState; events: BadugiEvent[] } {
  // A tournament's hand carries the blinds of its level in its options.
  const t = { ...seating, options: handOptions(seating.options, seating.handNo) }
  const n = t.players
  const { deck, supply } = nextDeck(t.supply, FULL_DECK)
  const dealtIn: number[] = []
  for (let i = 1; i <= n; i++) {
    const s = (t.dealer + i) % n
    if (hasChips(t, s)) dealtIn.push(s)
  }
  // Heads-up the dealer posts the small blind; otherwise the two seats left of the dealer.
  const smallBlindSeat = dealtIn.length === 2 ? t.dealer : dealtIn[0]!
  const bigBlindSeat = dealtIn.length === 2 ? dealtIn[0]! : dealtIn[1]!
  // Plain loops: Array.from is slow in this hot path.
  const status: SeatStatus[] = []
  const hands: Card[][] = []
  const drawCounts: number[][] = []
  for (let s = 0; s < n; s++) {
    status.push(hasChips(t, s) ? 'in' : 'out')
    hands.push([])
    drawCounts.push([])
  }
  let next = 0
  for (let round = 0; round < 4; round++) for (const s of dealtIn) hands[s]!.push(deck[next++]!)

  const d: Draft = {
    game: 'badugi',
    options: t.options,
    players: n,
    handNo: t.handNo,
    dealer: t.dealer,
    smallBlindSeat,
    bigBlindSeat,
    supply,
    chips: t.chips,
    stacks: t.stacks.slice(),
    left: t.left.slice(),
    status,
    hands,
    pile: deck.slice(next),
    discards: [],
    committed: new Array(n).fill(0),
    phase: 'betting',
    street: 0,
    toAct: -1,
    pending: new Array(n).fill(false),
    roundBets: new Array(n).fill(0),
    level: t.options.bigBlind,
    fullRaises: 1,
    lastRaise: t.options.bigBlind,
    actedAt: new Array(n).fill(-1),
    aggressor: -1,
    drawCounts,
    lastActions: new Array(n).fill(null),
    shown: new Array(n).fill(false),
    result: null,
  }
  const events: BadugiEvent[] = [
    {
      type: 'handStarted',
      handNo: t.handNo,
      dealer: t.dealer,
      smallBlind: smallBlindSeat,
      bigBlind: bigBlindSeat,
      seats: dealtIn,
    },
  ]
  postBlind(d, smallBlindSeat, t.options.smallBlind, 'small blind', events)
  postBlind(d, bigBlindSeat, t.options.bigBlind, 'big blind', events)
  // Freeze-out: a seat whose player stood up has posted its blind and now folds its hand.
  for (const s of dealtIn)
    if (t.left[s]) {
      events.push({ type: 'fold', seat: s })
      foldSeat(d, s)
    }
  if (liveCount(d) === 1) {
    finishByFold(d, events)
    return { state: d, events }
  }

  // Round 1: the big blind is the bet; play starts left of the big blind.
  let ins = 0
  let facing = false
  for (let s = 0; s < n; s++) {
    if (d.status[s] !== 'in') continue
    ins++
    if (d.roundBets[s]! < d.level) facing = true
  }
  if (ins < 2 && !facing) {
    events.push({ type: 'bettingRound', round: 1, skipped: true })
    closeRound(d, events)
  } else {
    for (let s = 0; s < n; s++) d.pending[s] = d.status[s] === 'in'
    d.toAct = nextSeat(n, bigBlindSeat, (s) => d.pending[s]!)
    events.push({ type: 'bettingRound', round: 1, skipped: false })
  }
  return { state: d, events }
}

/** A blind larger than the stack is posted all-in. */
function postBlind(d: Draft, seat: number, blind: number, reason: string, events: BadugiEvent[]): void {
  const amount = Math.min(blind, d.stacks[seat]!)
  pay(d, seat, amount, reason, events)
  d.lastActions[seat] = { type: 'blind', amount, allIn: d.status[seat] === 'allIn' }
}
