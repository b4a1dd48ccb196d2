import type { Client } from 'discord.js'
import type { Clock } from '../clock.js'
import type { Logger } from '../log.js'
import type { TableService, TableSnapshot, TableUpdate } from '../tables/index.js'
import { renderRetiredTableMessage } from '../render/messages.js'
import { describeEvents, renderFinalStandings, renderTableMessage, renderTurnPing } from '../render/table.js'
import { SerialQueue } from '../scheduler/serial.js'
import { Lru } from '../render/images/cache.js'
import { withTablePicture } from './pictures.js'
import { postInChannel, showPublicMessage, type Sendable } from './public-message.js'

const RECENT_KEPT = 12

export interface DeskDeps {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Told about every table after a change, to arm or clear its turn timers. */
  readonly onTable: (table: TableSnapshot) => void
}

/**
 * Shows what happened at a table: the public message edited (or replaced) to the latest state,
 * one short ping for whoever must act now, and the turn timers re-armed. Work for one table runs
 * in order; the public message always shows the table as it is when the edit is made.
 */
export class TableDesk {
  private readonly queue = new SerialQueue()
  // The latest public log lines per table, shown on the table message. Kept in memory; after a
  // restart a table's lines are replayed from its action log the first time it is shown.
  private readonly recentLines = new Map<string, string[]>()
  // The file names on each table message, so an unchanged picture is not uploaded again. After a
  // restart a table's picture is uploaded once more on its next change.
  private readonly uploads = new Lru<string, readonly string[]>(1000)

  constructor(private readonly deps: DeskDeps) {}

  /** After a change: refresh the public message, ping `update.ping`, re-arm timers. */
  async show(update: TableUpdate): Promise<void> {
    if (update.duplicate) return
    const table = update.table
    this.deps.onTable(table)
    // The change is already saved: if Discord fails here, the player still gets their answer and
    // the next change shows the table again.
    await this.queue
      .run(table.id, async () => {
        // In the table's queue, so lines are added in the order the changes are shown.
        if (this.recentLines.has(table.id)) this.remember(table.id, describeEvents(table, update.events))
        else await this.restoreLines(table)
        const messageId = await this.publish(table.id)
        if (update.ping.length > 0 && table.status === 'playing') {
          await postInChannel(
            this.deps.client,
            table.channelId,
            renderTurnPing(table, update.ping, messageId) as Sendable,
          )
          this.deps.log.info({ tableId: table.id, users: update.ping.length }, 'turn ping')
        }
        for (const e of update.tableEvents)
          if (e.type === 'final') {
            await postInChannel(this.deps.client, table.channelId, renderFinalStandings(table, e) as Sendable)
            this.deps.log.info({ tableId: table.id, winners: e.winners.length }, 'final standings')
          }
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, tableId: table.id }, 'could not show the table in its channel'),
      )
  }

  /** The latest public log lines of a table, oldest first (in the table's queue, like every change shown). */
  recent(table: TableSnapshot): Promise<readonly string[]> {
    return this.queue.run(table.id, async () => {
      if (!this.recentLines.has(table.id)) await this.restoreLines(table)
      return this.lines(table.id)
    })
  }

  private lines(tableId: string): readonly string[] {
    return this.recentLines.get(tableId) ?? []
  }

  private remember(tableId: string, lines: readonly string[]): void {
    this.recentLines.set(tableId, [...this.lines(tableId), ...lines].slice(-RECENT_KEPT))
  }

  /** The lines of the game now at the table, from its log (which already holds the change being shown). */
  private async restoreLines(table: TableSnapshot): Promise<void> {
    this.remember(table.id, describeEvents(table, await this.deps.tables.currentGameEvents(table)))
  }

  /** Waits for queued Discord work (for a clean stop). */
  idle(): Promise<void> {
    return this.queue.idle()
  }

  // Reads the table afresh so a queued refresh never shows an older state than the database holds.
  private async publish(tableId: string): Promise<string | null> {
    const table = await this.deps.tables.get(tableId)
    if (!table) return null
    const { images } = await this.deps.tables.settings(table.guildId)
    const text = renderTableMessage(table, this.deps.clock.now(), this.lines(table.id))
    const messageId = await showPublicMessage(
      { ...this.deps, uploads: this.uploads },
      { channelId: table.channelId, messageId: table.messageId },
      withTablePicture(this.deps.client, table, text, images),
      (url) => renderRetiredTableMessage(url) as Sendable,
    )
    if (messageId !== table.messageId) await this.deps.tables.setMessageId(table.id, messageId)
    return messageId
  }
}
