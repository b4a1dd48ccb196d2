export { TableService, type TableServiceDeps, type WalletView, type LeaderboardView } from './service.js'
export { rebuildState } from './rebuild.js'
export type { TableOutbox } from './outbox.js'
export type * from './types.js'
