import { DiscordAPIError, RESTJSONErrorCodes, type Client } from 'discord.js'
import { doubling } from '../lib/backoff.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import type { CloseReason, TableService, TableSnapshot, TableUpdate } from '../tables/index.js'

/**
 * Tables whose place is gone: their channel or thread deleted, the bot removed from the server,
 * or its access to the channel lost. Nobody could play them or stand up from them, so they close
 * at once (`voidTable`): a game in progress is void and every chip goes back to its wallet, in
 * ledger rows naming the reason (`/chips balance` tells the member). Found on the gateway's
 * events, on Discord's answers about a table's messages, and by a sweep at start-up for what
 * happened while the bot was down. A closing that fails (the database dropped mid-commit) is tried
 * again with backoff: the event that found it does not come twice.
 */

/** The first retry of a failed closing; each further one waits twice as long, at most MAX_RETRY_MS. */
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 15_000

/** Discord's answers that mean the bot will not reach a table's channel again. */
const LOST: ReadonlyMap<number, CloseReason> = new Map<number, CloseReason>([
  [RESTJSONErrorCodes.UnknownChannel, 'channel-deleted'],
  [RESTJSONErrorCodes.MissingAccess, 'no-access'],
  [RESTJSONErrorCodes.MissingPermissions, 'no-access'],
])

/** Why a table must close after Discord answered a request about its channel with `error`; null: it need not. */
export function lostChannelReason(error: unknown): CloseReason | null {
  return error instanceof DiscordAPIError && typeof error.code === 'number' ? (LOST.get(error.code) ?? null) : null
}

export interface LostTablesDeps {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Whether this process's shards serve a guild: only those guilds' tables are closed here. */
  readonly owns: (guildId: string) => boolean
  /** Shows a closing (the table message, where Discord still takes it) and clears the table's timers. */
  readonly show: (update: TableUpdate) => Promise<void>
}

export class LostTables {
  private readonly running = new Set<Promise<void>>()
  /** Retries waiting for their time, each by its cancel function. */
  private readonly retries = new Set<() => void>()
  private stopped = false

  constructor(private readonly deps: LostTablesDeps) {}

  /** Closes a table in the background (a delivery found its channel lost); `idle` waits for it. */
  report(tableId: string, reason: CloseReason): void {
    this.keep(() => this.close(tableId, reason))
  }

  /**
   * Runs a closing found on a gateway event in the background; `idle` waits for it. A run that
   * fails runs again after a backoff, whole: what it closed already is refused the second time.
   */
  keep(work: () => Promise<void>, failed = 0): void {
    if (this.stopped) return
    const tracked = work().catch((error: unknown) => {
      const wait = doubling(FIRST_RETRY_MS, failed + 1, MAX_RETRY_MS)
      this.deps.log.error(
        { err: error, failed: failed + 1, retryInMs: wait },
        'could not close a table whose place is gone; trying again',
      )
      this.retryAt(this.deps.clock.now() + wait, work, failed + 1)
    })
    this.running.add(tracked)
    void tracked.finally(() => this.running.delete(tracked))
  }

  /** Resolves when no closing is in progress (a retry waiting for its time is not in progress). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }

  /** No retry runs any more; a closing in progress finishes (`idle` waits for it). */
  stop(): void {
    this.stopped = true
    for (const cancel of this.retries) cancel()
    this.retries.clear()
  }

  private retryAt(at: number, work: () => Promise<void>, failed: number): void {
    if (this.stopped) return
    const cancel = this.deps.clock.schedule(at, () => {
      this.retries.delete(cancel)
      this.keep(work, failed)
    })
    this.retries.add(cancel)
  }

  /** Closes one table for `reason`; one closed already (by another path or shard) is left as it is. */
  async close(tableId: string, reason: CloseReason): Promise<void> {
    const closed = await this.deps.tables.voidTable(tableId, reason)
    if (!closed.ok) return
    this.deps.log.info({ tableId, reason }, 'table closed: its place is gone')
    // Shown in the background: the closing may have been found while the table's delivery runs.
    void this.deps.show(closed.value)
  }

  /** GUILD_DELETE without `unavailable` (discord.js's GuildDelete): the bot left the server, or it is gone. */
  async guildGone(guildId: string): Promise<void> {
    if (!this.deps.owns(guildId)) return
    for (const t of await this.deps.tables.openTablesIn(guildId)) await this.close(t.id, 'server-left')
  }

  /** THREAD_DELETE: the table in that thread. */
  async threadGone(guildId: string, threadId: string): Promise<void> {
    if (!this.deps.owns(guildId)) return
    for (const t of await this.deps.tables.openTablesIn(guildId))
      if (t.channelId === threadId) await this.close(t.id, 'thread-deleted')
  }

  /**
   * CHANNEL_DELETE: the table in that channel, and those in its threads (Discord deletes them with
   * it, without a THREAD_DELETE each). A table whose channel the bot does not know any more is
   * looked up once.
   */
  async channelGone(guildId: string, channelId: string): Promise<void> {
    if (!this.deps.owns(guildId)) return
    for (const t of await this.deps.tables.openTablesIn(guildId)) {
      if (t.channelId === channelId) await this.close(t.id, 'channel-deleted')
      else {
        const known = this.deps.client.channels.cache.get(t.channelId)
        if (known && known.isThread() && known.parentId === channelId) await this.close(t.id, 'channel-deleted')
        else if (!known) await this.check(t.id, t.channelId)
      }
    }
  }

  /**
   * After start-up: the open tables of servers the bot is no longer in close; the others' channels
   * are checked by the desk's message check (`checkMessages`), which reports a lost one here.
   */
  async sweep(active: readonly TableSnapshot[]): Promise<number> {
    let closed = 0
    for (const t of active) {
      if (!this.deps.owns(t.guildId) || this.deps.client.guilds.cache.has(t.guildId)) continue
      await this.close(t.id, 'server-left')
      closed++
    }
    return closed
  }

  /** Looks a table's channel up on Discord; a channel gone or out of reach closes the table. */
  private async check(tableId: string, channelId: string): Promise<void> {
    try {
      await this.deps.client.channels.fetch(channelId, { force: true })
    } catch (error) {
      const reason = lostChannelReason(error)
      if (reason) await this.close(tableId, reason)
      else this.deps.log.info({ tableId, err: error }, 'could not check the table channel')
    }
  }
}
