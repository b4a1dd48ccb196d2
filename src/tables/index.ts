import type { Clock } from '../clock.js'
import type { AnyEngine, GameId } from '../games/core/engine.js'
import { openStore } from '../store/store.js'
import { TableService } from './service.js'

export { TableService, type TableServiceDeps, type WalletView, type LeaderboardView } from './service.js'
export { rebuildState } from './rebuild.js'
export type * from './types.js'

export interface OpenTableServiceOptions {
  /** SQLite `file:` URL; default `DATABASE_URL`, else `file:./data/bot.db`. */
  readonly databaseUrl?: string
  readonly clock?: Clock
  readonly engines?: Partial<Record<GameId, AnyEngine>>
  readonly seeds?: () => number
}

/** Opens (and migrates) the database and returns the service; `close()` closes the database. */
export async function openTableService(
  opts: OpenTableServiceOptions = {},
): Promise<TableService & { close(): Promise<void> }> {
  const store = await openStore({
    ...(opts.databaseUrl ? { url: opts.databaseUrl } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  })
  const service = new TableService({
    store,
    ...(opts.engines ? { engines: opts.engines } : {}),
    ...(opts.seeds ? { seeds: opts.seeds } : {}),
  })
  return Object.assign(service, { close: () => store.close() })
}
