import type { GameEngine } from '../core/engine.js'
import { actionSchema } from './actions.js'
import { autoAction } from './auto.js'
import { moveContext } from './context.js'
import { apply, legalActions, MAX_PLAYERS, MIN_PLAYERS, nextDeal, progress, setup, waitingFor } from './engine.js'
import { invariants } from './invariants.js'
import { optionsSchema, type BugamiOptions } from './options.js'
import type { BugamiAction, BugamiEvent, BugamiState } from './types.js'
import { hiddenFrom, summary, view, type BugamiView } from './view.js'

export type { Bid, BugamiAction, BugamiEvent, BugamiState, CompletedTrick } from './types.js'
export type { BugamiOptions } from './options.js'
export type { BugamiSeatView, BugamiView, PlayedCard, TrickView } from './view.js'

export const bugami: GameEngine<BugamiState, BugamiAction, BugamiOptions, BugamiView, BugamiEvent> = {
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
  view,
  hiddenFrom,
  invariants,
  chipTotals: () => null,
  summary,
}
