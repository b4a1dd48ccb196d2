export { TableService, type TableServiceDeps, type WalletView, type LeaderboardView } from './service.js'
export { rebuildState } from './rebuild.js'
export { writeGameFile, type GameLogInput } from './reads.js'
export type { TableOutbox } from './outbox.js'
export type * from './types.js'
// What callers hand the service or check before it: its settings patch, and the turn time it allows.
export type { SettingsPatch } from '../store/index.js'
export { MIN_TURN_MS, MAX_TURN_MS, SETTINGS_BOUNDS, MAX_AMOUNT } from '../store/index.js'
