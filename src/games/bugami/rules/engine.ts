import { checkDeck, startSupply } from '../../../core/decks.js'
import { placesByScore } from '../../../core/placings.js'
import {
  ok,
  pointsTable,
  refuse,
  type GameEngine,
  type Outcome,
  type Progress,
  type SetupParams,
  type Transition,
} from '../../../core/engine.js'
import { actionSchema } from './actions.js'
import { autoAction, randomAction } from './auto.js'
import { moveContext } from './context.js'
import { invariants } from './invariants.js'
import { legalActions, waitingFor } from './legal.js'
import { optionsSchema, type BugamiOptions } from './options.js'
import { deal, placeBid, playCard } from './play.js'
import { bugamiDeck } from './rules.js'
import { lacks, writtenMoves } from './scenario.js'
import { zeros } from './states.js'
import type { BugamiAction, BugamiEvent, BugamiState } from './types.js'
import { hiddenFrom, summary, view, type BugamiView } from './view.js'

/** The Bugami engine: setup, a move, the next deal, and the object that ties the rules files together. */

type Step = Outcome<Transition<BugamiState, BugamiEvent>>

export const MIN_PLAYERS = 3
export const MAX_PLAYERS = 7

export function setup(params: SetupParams<BugamiOptions>): Step {
  const { players, dealer, options } = params
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    return refuse('bugami.players', { min: MIN_PLAYERS, max: MAX_PLAYERS, n: players })
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return refuse('bugami.dealer', { last: players - 1 })
  const full = bugamiDeck(options.jokers)
  for (const [i, d] of (params.decks ?? []).entries()) {
    const problem = checkDeck(d, full)
    if (problem) return refuse('bugami.deck', { deck: i + 1, problem })
  }
  const supply = startSupply(params)
  return ok(deal({ players, options, totals: zeros(players), history: [], deals: 0 }, supply, dealer))
}

export function progress(state: BugamiState): Progress {
  return state.phase === 'between' ? 'between' : state.phase === 'gameOver' ? 'gameOver' : 'acting'
}

export function apply(state: BugamiState, seat: number, action: BugamiAction): Step {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) return refuse('bugami.seat', { seat })
  switch (action.type) {
    case 'bid':
      return placeBid(state, seat, action)
    case 'play':
      return playCard(state, seat, action.card)
    default:
      return refuse('bugami.action')
  }
}

export function nextDeal(state: BugamiState): Step {
  if (state.phase === 'gameOver') return refuse('bugami.game-over')
  if (state.phase !== 'between') return refuse('bugami.deal-in-progress')
  return ok(deal(state, state.supply, (state.dealer + 1) % state.players))
}

export const bugamiEngine: GameEngine<BugamiState, BugamiAction, BugamiOptions, BugamiView, BugamiEvent> = {
  id: 'bugami',
  title: 'Bugami',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  usesChips: false,
  optionsSchema,
  actionSchema,
  setup,
  progress,
  waitingFor,
  legalActions,
  apply,
  nextDeal,
  moveContext,
  autoAction,
  randomAction,
  lacks,
  writtenMoves,
  view,
  hiddenFrom,
  invariants,
  chipTotals: () => null,
  summary,
  // A match is the whole game: the table finishes with it.
  table: pointsTable(),
  playedIn: () => true,
  potShares: (s) => new Array<number>(s.players).fill(0),
  nextDealer: (s) => (s.dealer + 1) % s.players,
  // The match, by final points (equal points tie).
  placings: (s) => (s.phase === 'gameOver' ? placesByScore(s.totals) : null),
}
