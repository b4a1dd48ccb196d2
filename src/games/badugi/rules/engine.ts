import type { Card } from '../../../core/cards.js'
import { checkDeck, startSupply } from '../../../core/decks.js'
import {
  DEFAULT_STACK,
  ok,
  refuse,
  type GameEngine,
  type Outcome,
  type SetupParams,
  type Transition,
} from '../../../core/engine.js'
import { actionSchema, type BadugiAction } from './actions.js'
import { applyBetting } from './betting.js'
import { legalActions } from './legal.js'
import { moveContext } from './context.js'
import { applyDraw } from './drawing.js'
import { freezeoutWinner, FULL_DECK, hasChips, startHand } from './deal.js'
import { advance, foldSeat, liveCount, recheckToAct } from './play.js'
import { handValue, valueName } from './hand.js'
import { autoAction, randomAction } from './auto.js'
import { invariants } from './invariants.js'
import { optionsSchema, playsToOneWinner, smallBlindFor, type BadugiOptions } from './options.js'
import { prizeSplit } from './tournament.js'
import { draftOf, inHand, nextSeat, type BadugiEvent, type BadugiState } from './types.js'
import { hiddenFrom, view, type BadugiView } from './view.js'

type Result = Outcome<Transition<BadugiState, BadugiEvent>>

function setup(p: SetupParams<BadugiOptions>): Result {
  const n = p.players
  if (!Number.isInteger(n) || n < 2 || n > 8) return refuse('badugi.players', { n })
  if (!Number.isInteger(p.dealer) || p.dealer < 0 || p.dealer >= n) return refuse('badugi.dealer', { last: n - 1 })
  const stacks = p.stacks ? p.stacks.slice() : new Array<number>(n).fill(DEFAULT_STACK)
  if (stacks.length !== n) return refuse('badugi.stack-count', { n })
  if (stacks.some((c) => !Number.isSafeInteger(c) || c < 0)) return refuse('badugi.stacks')
  if ((p.pot ?? 0) > 0) return refuse('badugi.pot')
  for (const deck of p.decks ?? []) {
    const problem = checkDeck(deck, FULL_DECK)
    if (problem) return refuse('badugi.deck', { problem })
  }
  if (playsToOneWinner(p.options) && stacks.some((c) => c !== stacks[0])) return refuse('badugi.freezeout-stacks')
  const left = new Array<boolean>(n).fill(false)
  const seated = { stacks, left, options: p.options }
  if (stacks.filter((_, s) => hasChips(seated, s)).length < 2) return refuse('badugi.chips')
  // The button sits with a player who is dealt in.
  const dealer = hasChips(seated, p.dealer) ? p.dealer : nextSeat(n, p.dealer, (s) => hasChips(seated, s))
  return ok(
    startHand({
      options: p.options,
      players: n,
      handNo: p.gameNo ?? 1,
      dealer,
      supply: startSupply(p),
      chips: stacks.reduce((a, b) => a + b, 0),
      stacks,
      left,
    }),
  )
}

function apply(s: BadugiState, seat: number, action: BadugiAction): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return refuse('badugi.seat', { seat })
  if (action.type === 'leave') return leave(s, seat)
  if (s.phase === 'handOver') return refuse('badugi.hand-over')
  if (s.toAct !== seat) return refuse('badugi.not-your-turn', { seat: s.toAct })
  if (s.phase === 'drawing') {
    if (action.type !== 'draw') return refuse('badugi.draw-now')
    return applyDraw(s, seat, action)
  }
  switch (action.type) {
    case 'fold':
    case 'check':
    case 'call':
    case 'bet':
    case 'raise':
      return applyBetting(s, seat, action)
    case 'draw':
      return refuse('badugi.betting-now')
    default:
      return refuse('badugi.unknown-action', { type: String((action as { type: unknown }).type) })
  }
}

/**
 * Standing up: any seat, any time, also out of turn. A hand in play is folded (the chips it
 * put in stay in the pot). At a cash table the seat sits out every later hand and its stack is
 * frozen for the table layer to cash out; in a freeze-out it stays in play, posting its blinds
 * and folding every hand it is dealt, until its chips are gone.
 */
function leave(s: BadugiState, seat: number): Result {
  if (s.left[seat]) return refuse('badugi.already-left')
  const d = draftOf(s)
  const events: BadugiEvent[] = []
  d.left = d.left.slice()
  d.left[seat] = true
  const folds = s.phase !== 'handOver' && inHand(s.status[seat]!)
  if (folds) {
    events.push({ type: 'fold', seat })
    foldSeat(d, seat)
  }
  events.push({ type: 'leave', seat, stack: d.stacks[seat]! })
  if (folds && (liveCount(d) === 1 || s.toAct === seat)) advance(d, seat, events)
  else if (folds) recheckToAct(d, events)
  return ok({ state: d, events })
}

function nextDeal(s: BadugiState): Result {
  if (s.phase !== 'handOver') return refuse('badugi.hand-in-play')
  const winner = freezeoutWinner(s)
  if (winner !== null) return refuse('badugi.match-over', { seat: winner })
  if (playsToOneWinner(s.options) && s.stacks.every((c, seat) => c === 0 || s.left[seat]))
    return refuse('badugi.nobody-seated')
  const can = (seat: number) => hasChips(s, seat)
  let count = 0
  for (let seat = 0; seat < s.players; seat++) if (can(seat)) count++
  if (count < 2) return refuse('badugi.too-few')
  return ok(
    startHand({
      options: s.options,
      players: s.players,
      handNo: s.handNo + 1,
      dealer: nextSeat(s.players, s.dealer, can),
      supply: s.supply,
      chips: s.chips,
      stacks: s.stacks,
      left: s.left,
    }),
  )
}

function potOf(s: BadugiState): number {
  let pot = 0
  for (const c of s.committed) pot += c
  return pot
}

export const badugiEngine: GameEngine<BadugiState, BadugiAction, BadugiOptions, BadugiView, BadugiEvent> = {
  id: 'badugi',
  title: 'Badugi',
  minPlayers: 2,
  maxPlayers: 8,
  usesChips: true,
  optionsSchema,
  actionSchema,
  setup,
  progress: (s) => (s.phase === 'handOver' ? 'gameOver' : 'acting'),
  waitingFor: (s) => (s.toAct >= 0 ? [s.toAct] : []),
  legalActions,
  apply,
  nextDeal,
  moveContext,
  autoAction,
  randomAction,
  view,
  hiddenFrom,
  invariants,
  chipTotals: (s) => ({ stacks: s.stacks, pot: potOf(s) }),
  summary: (s) => ({
    phase: s.phase,
    over: s.phase === 'handOver',
    handNo: s.handNo,
    dealer: s.dealer,
    round: s.street + 1,
    seats: s.hands.map((hand: readonly Card[], seat) => ({
      stack: s.stacks[seat]!,
      hand,
      handValue: hand.length === 4 ? valueName(handValue(hand)) : null,
      status: s.status[seat]!,
    })),
    pot: potOf(s),
    winners: s.result ? s.result.winners : [],
    ...(playsToOneWinner(s.options) ? { matchWinner: freezeoutWinner(s) } : {}),
  }),
  table: {
    betweenGames: true,
    carriesPot: false,
    leaveAction: { type: 'leave' },
    stakeOptions: ['smallBlind', 'bigBlind', 'smallBet', 'bigBet'],
    stakes: (stakes) => ({
      smallBlind: smallBlindFor(stakes),
      bigBlind: stakes,
      smallBet: stakes,
      bigBet: stakes * 2,
    }),
    freezeout: playsToOneWinner,
    tournament: (o) =>
      o.format === 'tournament' ? { prizes: (pool, entrants) => prizeSplit(pool, entrants, o.prizes) } : null,
  },
  playedIn: (s, seat) => s.status[seat] !== 'out',
  // Mid-hand, each seat's chips in the pot are what it committed this hand.
  potShares: (s) => s.committed,
  nextDealer: (s) => (s.dealer + 1) % s.players,
}
