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
import { fullDeck, pointsOf } from './cards.js'
import { actionSchema } from './actions.js'
import { autoAction, randomAction } from './auto.js'
import { moveContext } from './context.js'
import { startGame } from './deal.js'
import { draftOf, type Draft } from './draft.js'
import { gamesMatchWinner } from './game-end.js'
import { declare31, passCall, playCards } from './play.js'
import { invariants } from './invariants.js'
import { declareRefusal, legalActions, playRefusal, waitingFor } from './legal.js'
import { optionsSchema, PENALTY_LIMIT, type BuraOptions } from './options.js'
import { buraPlacings } from './placings.js'
import type { BuraAction, BuraEvent, BuraState } from './types.js'
import { gameWinners, hiddenFrom, view, type BuraView } from './view.js'
import { writtenMoves } from './scenario.js'

type Result = Outcome<Transition<BuraState, BuraEvent>>

function wholeChips(values: readonly number[]): boolean {
  return values.every((v) => Number.isSafeInteger(v) && v >= 0)
}

function setup(p: SetupParams<BuraOptions>): Result {
  const n = p.players
  const options = p.options
  if (!Number.isInteger(n) || n < 2 || n > 6) return refuse('bura.players', { n })
  if (!Number.isInteger(p.dealer) || p.dealer < 0 || p.dealer >= n) return refuse('bura.dealer', { last: n - 1 })
  const stacks = p.stacks ? p.stacks.slice() : new Array<number>(n).fill(DEFAULT_STACK)
  if (stacks.length !== n || !wholeChips(stacks)) return refuse('bura.stacks', { n })
  const pot = p.pot ?? 0
  if (!Number.isSafeInteger(pot) || pot < 0) return refuse('bura.pot')
  if (pot > 0 && !p.potShares) return refuse('bura.pot-shares-missing')
  const potShares = p.potShares ? p.potShares.slice() : new Array<number>(n).fill(0)
  if (potShares.length !== n || !wholeChips(potShares)) return refuse('bura.pot-shares', { n })
  if (potShares.reduce((a, b) => a + b, 0) !== pot)
    return refuse('bura.pot-shares-sum', { sum: potShares.reduce((a, b) => a + b, 0), pot })
  const full = fullDeck(options.deck32)
  for (const deck of p.decks ?? []) {
    const problem = checkDeck(deck, full)
    if (problem) return refuse('bura.deck', { problem })
  }
  if (options.scoring === 'chips') {
    const payers = stacks.filter((s) => s >= options.ante).length
    if (payers < 2) return refuse('bura.ante', { count: payers, ante: options.ante })
  }
  const d: Draft = {
    game: 'bura',
    players: n,
    options,
    phase: 'play',
    gameNumber: 0,
    dealer: p.dealer,
    supply: startSupply(p),
    inGame: [],
    trump: 'S',
    trumpCard: 'AS',
    trumpCardDrawnBy: null,
    hands: [],
    pile: [],
    trick: null,
    lastTrick: null,
    taken: [],
    tricks: [],
    faceDownBy: [],
    passed: [],
    callTurn: null,
    stacks,
    pot,
    potShares,
    chipTotal: stacks.reduce((a, b) => a + b, 0) + pot,
    penalties: new Array<number>(n).fill(0),
    games: new Array<number>(n).fill(0),
    end: null,
    nextDealer: null,
  }
  const events: BuraEvent[] = []
  startGame(d, p.dealer, events)
  return ok({ state: d, events })
}

function apply(s: BuraState, seat: number, action: BuraAction): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return refuse('bura.seat', { seat })
  if (s.phase === 'over') return refuse('bura.game-over')
  if (!s.inGame[seat]) return refuse('bura.not-in-game')
  const type = action && typeof action === 'object' ? action.type : undefined
  const events: BuraEvent[] = []
  if (type === 'declare') {
    const refusal = declareRefusal(s, seat)
    if (refusal) return { ok: false, error: refusal }
    const d = draftOf(s)
    declare31(d, seat, events)
    return ok({ state: d, events })
  }
  if (type === 'pass') {
    if (s.phase !== 'finalCall') return refuse('bura.no-final-call')
    const refusal = declareRefusal(s, seat)
    if (refusal) return { ok: false, error: refusal }
    const d = draftOf(s)
    passCall(d, seat, events)
    return ok({ state: d, events })
  }
  if (type === 'play') {
    const play = action as Extract<BuraAction, { type: 'play' }>
    const refusal = playRefusal(s, seat, play.cards, play.faceDown)
    if (refusal) return { ok: false, error: refusal }
    const d = draftOf(s)
    playCards(d, seat, play.cards.slice(), play.faceDown === true, events)
    return ok({ state: d, events })
  }
  return refuse('bura.unknown-action')
}

function nextDeal(s: BuraState): Result {
  if (s.phase !== 'over') return refuse('bura.game-running')
  if (s.options.scoring === 'points') {
    const loser = s.penalties.findIndex((p) => p >= PENALTY_LIMIT)
    if (loser >= 0) return refuse('bura.match-lost', { seat: loser + 1, points: s.penalties[loser]! })
  } else if (s.options.scoring === 'games') {
    const winner = gamesMatchWinner(s.games, s.options.gamesTarget)
    if (winner !== null) return refuse('bura.match-won', { seat: winner + 1, games: s.games[winner]! })
  } else {
    const payers = s.stacks.filter((st) => st >= s.options.ante).length
    if (payers < 2) return refuse('bura.ante', { count: payers, ante: s.options.ante })
  }
  const d = draftOf(s)
  const events: BuraEvent[] = []
  startGame(d, s.nextDealer!, events)
  return ok({ state: d, events })
}

export const buraEngine: GameEngine<BuraState, BuraAction, BuraOptions, BuraView, BuraEvent> = {
  id: 'bura',
  title: 'Bura',
  minPlayers: 2,
  maxPlayers: 6,
  usesChips: true,
  optionsSchema: optionsSchema,
  actionSchema,
  setup,
  progress: (s) => (s.phase === 'over' ? 'gameOver' : 'acting'),
  waitingFor,
  legalActions,
  apply,
  nextDeal,
  moveContext,
  autoAction,
  randomAction,
  writtenMoves,
  view,
  hiddenFrom,
  invariants,
  chipTotals: (s) => ({ stacks: s.stacks, pot: s.pot }),
  summary: (s) => ({
    phase: s.phase,
    over: s.phase === 'over',
    seats: s.taken.map((cards, seat) => ({
      points: pointsOf(cards),
      stack: s.stacks[seat]!,
      tricks: s.tricks[seat]!,
      inGame: s.inGame[seat]!,
      ...(s.options.scoring === 'points' ? { penalty: s.penalties[seat]! } : {}),
      ...(s.options.scoring === 'games' ? { games: s.games[seat]! } : {}),
    })),
    pot: s.pot,
    winners: gameWinners(s),
    gameNumber: s.gameNumber,
    dealer: s.dealer,
    trump: s.trump,
    end: s.end,
  }),
  table: {
    betweenGames: true,
    carriesPot: true,
    leaveAction: null,
    stakeOptions: ['ante'],
    stakes: (stakes) => ({ ante: stakes }),
    freezeout: () => false,
  },
  playedIn: (s, seat) => s.inGame[seat] ?? true,
  potShares: (s) => s.potShares,
  nextDealer: (s) => s.nextDealer ?? (s.dealer + 1) % s.players,
  placings: buraPlacings,
}
