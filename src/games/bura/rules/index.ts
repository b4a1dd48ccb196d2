export { buraEngine } from './engine.js'
export { beats, setBeats, cardPoints, pointsOf, DECK_36, DECK_32 } from './cards.js'
export { COMBINATION_NAME } from './combinations.js'
export { optionsSchema, type BuraOptions } from './options.js'
export type {
  BuraState,
  BuraAction,
  BuraEvent,
  BuraPhase,
  CombinationKind,
  GameEnd,
  PlaySeen,
  Trick,
  TrickPlay,
  CompletedTrick,
} from './types.js'
export type { BuraView, SeatView, TrickView, ResultView } from './view.js'
