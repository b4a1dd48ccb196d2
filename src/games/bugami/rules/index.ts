export { bugamiEngine } from './engine.js'
export type { Bid, BugamiAction, BugamiEvent, BugamiState, CompletedTrick } from './types.js'
export type { BugamiOptions } from './options.js'
export type { BugamiSeatView, BugamiView, PlayedCard, TrickView } from './view.js'
