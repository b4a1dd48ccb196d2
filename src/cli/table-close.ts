import { ENGLISH } from '../i18n/index.js'
import type { Clock } from '../lib/clock.js'
import { gameLookup } from '../games/registry.js'
import { refusalText } from '../render/refusals.js'
import type { Store } from '../store/index.js'
import { TableService } from '../tables/index.js'

export type CloseResult =
  { readonly ok: true; readonly summary: string } | { readonly ok: false; readonly message: string }

/**
 * `npm run tables -- close ID`: ends the table as a server's admin would, whoever opened it: the
 * pot goes back to those who paid into it and every stack to its player's balance, each through
 * the ledger (reason `closed: operator`), in one transaction (`TableService.voidTable`: a game in
 * progress is void, docs/closing.md). The change writes its effects to the outbox like any other;
 * the running bot of the table's shard finds them on its next outbox sweep and redraws the table
 * message as closed.
 */
export async function closeTable(store: Store, tableId: string, clock?: Clock): Promise<CloseResult> {
  const tables = new TableService({ store, games: gameLookup, ...(clock ? { clock } : {}), instance: 'npm run tables' })
  const before = await tables.get(tableId)
  if (!before) return { ok: false, message: `No table ${tableId}.` }
  const closed = await tables.voidTable(tableId, 'operator')
  if (!closed.ok) return { ok: false, message: `Table ${tableId}: ${refusalText(closed.error, ENGLISH)}` }
  const stacks = before.seats.filter((s) => s.stack > 0)
  const held = stacks.reduce((sum, s) => sum + s.stack, 0) + before.pot
  const chips = held
    ? `${held} chips went back to ${stacks.length === 1 ? '1 player' : `${stacks.length} players`}` +
      (before.pot ? ` (a pot of ${before.pot} refunded)` : '')
    : 'no chips were on it'
  return {
    ok: true,
    summary:
      `Closed table ${tableId} (${before.game}, server ${before.guildId}, channel ${before.channelId}): ` +
      `${chips}. The running bot shows it closed in the channel within a minute.\n`,
  }
}
