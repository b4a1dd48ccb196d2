import type { Client } from 'discord.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { waitAtMost } from '../lib/wait-at-most.js'
import { isOpen, type CloseReason, type TableService, type TableSnapshot, type TableUpdate } from '../tables/index.js'
import type { GuildSettingsValue } from '../store/index.js'
import { renderRetiredTableMessage } from '../render/retired-message.js'
import { describeEvents, describeTableEvents } from '../messages/event-lines.js'
import { renderTableMessage } from '../messages/table-message.js'
import { crashPoint } from '../lib/crash-points.js'
import { SerialQueue } from '../lib/serial-queue.js'
import { Gate } from '../lib/gate.js'
import { Lru } from '../lib/lru.js'
import { doubling } from '../lib/backoff.js'
import { deliverEffects, previousResult, type LatestResult } from './outbox.js'
import { withTablePicture } from './pictures.js'
import { withCardEmojiText, type CardEmojis } from '../render/emojis.js'
import { editsInPlace, messageExists, showPublicMessage } from './public-message.js'
import { keepUploaded } from '../render/images/attach.js'
import type { Payload } from '../render/payload.js'
import { lostChannelReason } from './lost-tables.js'
import { serverLang, serverLangOf } from './lang.js'
import type { Lang, Locale } from '../i18n/index.js'

const RECENT_KEPT = 12
/** Start-up's background check of table messages: one every this many real ms (5 a second). */
const MESSAGE_CHECK_MS = 200
/**
 * A check Discord failed (an outage, a rate limit) is asked again on the clock after this, twice as
 * long after each further failure up to MESSAGE_RECHECK_MAX_MS, at most MESSAGE_RECHECKS times.
 */
const MESSAGE_RECHECK_MS = 5_000
const MESSAGE_RECHECK_MAX_MS = 10 * 60_000
const MESSAGE_RECHECKS = 10
/** Tables caught up with at once after a restart (each waits its turn for the global budget anyway). */
const CATCH_UP_TABLES_AT_ONCE = 4

/** How fast a busy table is drawn, and how long an answer waits for its change in the channel. */
export interface Pace {
  /**
   * At most one table-message edit per table this often (ms on the bot's clock): the changes
   * meanwhile are drawn together, at the latest state, when it is over. 0: every change at once.
   */
  readonly tableEditMs: number
  /**
   * Real ms an answer waits for its change to be shown in the channel (table message, ping), so the
   * user reads both together; then it goes regardless. Infinity: always after the channel.
   */
  readonly answerWaitMs: number
}

/** A change being shown in its channel. */
export interface Showing {
  readonly done: Promise<void>
  /** Nothing held it back when it started: it should be in the channel in a moment. */
  readonly prompt: boolean
}

/** A change made by a control on the table message, which that control's callback may draw (`showInPlace`). */
export interface ShowingInPlace extends Showing {
  /** True once the control's message shows the change, false once it will not (the channel shows it). */
  readonly placed: Promise<boolean>
  /** No work of its table ahead: `placed` settles in a moment, not after the table's earlier deliveries. */
  readonly placesPromptly: boolean
}

/**
 * One edit a second per table: a player sees the table follow within a second, and a busy server's
 * tables share Discord's 50 requests a second with their pings.
 */
export const DEFAULT_PACE: Pace = { tableEditMs: 1000, answerWaitMs: 250 }

export interface DeskDeps {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Told about every table after a change, to arm or clear its turn timers. */
  readonly onTable: (table: TableSnapshot) => void
  /** Whether this process's shards serve a guild: start-up catches up only with those tables. */
  readonly owns: (guildId: string) => boolean
  /** The uploaded card emojis of a language, or null (not uploaded yet, or the upload failed): then text. */
  readonly emojis: (locale: Locale) => CardEmojis | null
  readonly pace?: Pace
  /** Channel requests waiting for Discord's global budget (SplitRest's); 0: a request goes at once. */
  readonly channelBacklog: () => number
  /** A table's channel is gone or out of reach (Discord said so): the table must close (lost-tables.ts). */
  readonly onLost?: (tableId: string, reason: CloseReason) => void
}

/**
 * Shows what happened at a table: the table's pending effects (the outbox the service wrote with
 * the change: table message, result, turn ping) delivered in order, retried with backoff when
 * Discord fails, and the turn timers re-armed. Work for one table runs in order; the public
 * message always shows the table as it is when the edit is made.
 */
export class TableDesk {
  private readonly queue = new SerialQueue()
  // The latest public log lines per table, shown on the table message. Kept in memory; after a
  // restart a table's lines are replayed from its action log the first time it is shown. They are
  // in the server's language; after the server picks another one they are replayed in it.
  private readonly recentLines = new Map<string, { readonly locale: Locale; readonly lines: readonly string[] }>()
  // The file names on each table message, so an unchanged picture is not uploaded again. A message
  // not in it (after a restart, or fallen out) is read once before its next edit with a picture.
  private readonly uploads = new Lru<string, readonly string[]>(10_000)
  private readonly retries = new Map<string, () => void>()
  /** Message checks Discord failed, waiting to be asked again (their cancel functions). */
  private readonly rechecks = new Set<() => void>()
  // When each table message was last edited (bot clock), for the pace's one edit per interval; a
  // table fallen out of it is simply not held back once.
  private readonly editedAt = new Lru<string, number>(10_000)
  // The version each table message was last drawn at: a change whose lines come after its state
  // was drawn is drawn again (noteLines).
  private readonly drawnVersion = new Lru<string, number>(10_000)
  private readonly pace: Pace
  private stopped = false

  constructor(private readonly deps: DeskDeps) {
    this.pace = deps.pace ?? DEFAULT_PACE
  }

  /**
   * Shows a change, then `answer`s once it is shown or after the pace's answer wait, whichever
   * comes first (a busy channel never holds an answer up for long); resolves once answered. The
   * showing goes on in the table's queue (`idle` waits for it): a handler never holds its place
   * among the bot's moves while the channel waits for Discord's global budget.
   */
  showThenAnswer(update: TableUpdate, answer: () => Promise<void>): Promise<void> {
    return this.answerWhenShown(this.startShowing(update), answer)
  }

  /**
   * `answer`s once `showing` is done or after the pace's answer wait. Only a change the channel can
   * show at once is waited for: behind other work of its table, an edit the pace holds back, or
   * other tables' requests waiting for the global budget, it would not be shown within the wait
   * anyway.
   */
  async answerWhenShown(showing: Showing, answer: () => Promise<void>): Promise<void> {
    if (!Number.isFinite(this.pace.answerWaitMs)) await showing.done
    else if (showing.prompt) await waitAtMost(showing.done, this.pace.answerWaitMs)
    await answer()
  }

  /**
   * Starts showing a change; `prompt` when nothing holds it back (no work of its table ahead, no
   * paced edit, no backlog of channel requests).
   */
  startShowing(update: TableUpdate): Showing {
    const id = update.table.id
    const prompt =
      !this.queue.busy(id) && this.editableAt(id) <= this.deps.clock.now() && this.deps.channelBacklog() === 0
    return { done: this.show(update), prompt }
  }

  /** After a change: deliver its effects (and any still pending), re-arm timers. */
  async show(update: TableUpdate): Promise<void> {
    if (update.duplicate) return
    const table = update.table
    this.deps.onTable(table)
    crashPoint('committed')
    // The change and its effects are already saved: if Discord fails here, the player still gets
    // their answer and the effects are retried (and caught up with after a restart).
    await this.queue
      .run(table.id, async () => {
        await this.noteLines(update)
        await this.deliver(table.id)
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, tableId: table.id }, 'could not show the table in its channel'),
      )
    crashPoint('shown')
  }

  /**
   * Shows a change made by a control on the table message itself (`messageId`, with the files it
   * shows now) by updating that message in the control's own interaction callback (`respond`): the
   * member's answer, sent after it, then speaks of what the message already shows, and the update
   * costs no channel request and waits for no pace. The change's other effects (results, pings)
   * follow as usual. `placed` resolves to false when the message could not be updated this way
   * (not the table's current message, too old to edit, a duplicate, `respond` failed): the change
   * is then shown by the channel as `show` does. `done` resolves once the channel shows the rest,
   * which may wait long for Discord's global budget: an answer never waits for it unbounded
   * (`answerWhenShown`).
   */
  showInPlace(
    update: TableUpdate,
    message: { readonly id: string; readonly files: readonly string[] },
    respond: (payload: Payload) => Promise<void>,
  ): ShowingInPlace {
    const id = update.table.id
    const placesPromptly = !this.queue.busy(id)
    const prompt = placesPromptly && this.deps.channelBacklog() === 0
    let settle!: (updated: boolean) => void
    const placed = new Promise<boolean>((resolve) => (settle = resolve))
    // Whatever happens to the showing, `placed` settles (a second settle changes nothing).
    const done = this.placeThenShow(update, message, respond, settle).finally(() => settle(false))
    return { done, prompt, placed, placesPromptly }
  }

  private async placeThenShow(
    update: TableUpdate,
    message: { readonly id: string; readonly files: readonly string[] },
    respond: (payload: Payload) => Promise<void>,
    placed: (updated: boolean) => void,
  ): Promise<void> {
    if (update.duplicate) return
    const table = update.table
    this.deps.onTable(table)
    crashPoint('committed')
    await this.queue
      .run(table.id, async () => {
        await this.noteLines(update)
        placed(await this.respondInPlace(table.id, message, respond))
        await this.deliver(table.id)
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, tableId: table.id }, 'could not show the table in its channel'),
      )
    crashPoint('shown')
  }

  /**
   * Adds a change's lines to the table's recent lines (in the table's queue, so they are added in
   * the order the changes are shown). Another delivery of the table (a reminder's) may have drawn
   * the change's state already, before its lines were known: then it is drawn again with them.
   */
  private async noteLines(update: TableUpdate): Promise<void> {
    const table = update.table
    const lang = await serverLang(this.deps, table.guildId)
    if (this.recentLines.get(table.id)?.locale !== lang.locale) return this.restoreLines(lang, table)
    const lines = [
      ...describeEvents(lang, table, update.events, update.automatic),
      ...describeTableEvents(lang, update.tableEvents),
    ]
    this.remember(lang, table.id, lines)
    if (lines.length > 0 && (this.drawnVersion.get(table.id) ?? -1) >= table.version)
      await this.deps.tables.outbox.addRefresh(table.id, table.version)
  }

  /** Draws the table's committed state into `respond` and settles its pending refreshes; false when it cannot. */
  private async respondInPlace(
    tableId: string,
    message: { readonly id: string; readonly files: readonly string[] },
    respond: (payload: Payload) => Promise<void>,
  ): Promise<boolean> {
    const effects = this.deps.tables.outbox
    // The table as of the effects' read (or later): every refresh settled here was written before the state drawn.
    const read = await effects.read(tableId)
    const refreshes = read.pending.filter((e) => e.kind === 'refresh')
    const table = await read.table()
    const now = this.deps.clock.now()
    if (!table || table.messageId !== message.id || !editsInPlace(now, message.id)) return false
    const settings = await this.deps.tables.settings(table.guildId)
    const payload = await this.render(table, settings, read.latestResult)
    try {
      await respond(keepUploaded(payload, message.files))
    } catch (error) {
      this.deps.log.info({ err: error, tableId }, 'could not update the table message in place')
      return false
    }
    this.editedAt.set(tableId, now)
    this.drawnVersion.set(tableId, table.version)
    // What the message holds now is not known without a read: the next edit reads it once.
    this.uploads.delete(message.id)
    await effects.done(
      refreshes.map((e) => e.id),
      message.id,
    )
    return true
  }

  /**
   * At start-up, beside the interactions: every table with pending effects is brought up to date,
   * and every open table whose message was never posted gets one, a few tables at a time, so that
   * the requests of moves made meanwhile never queue behind the whole catch-up for the global
   * budget. A table whose change is being shown is skipped: that delivery takes every pending
   * effect of the table with it (a move supersedes what was owed). (Messages deleted while the
   * bot was down are found afterwards, by `checkMessages`.)
   */
  async catchUp(active: readonly TableSnapshot[]): Promise<number> {
    const effects = this.deps.tables.outbox
    const byId = new Map(active.map((t) => [t.id, t]))
    const pending = new Set<string>()
    for (const id of await effects.pendingTables()) {
      const table = byId.get(id) ?? (await this.deps.tables.get(id))
      if (table && this.deps.owns(table.guildId)) pending.add(id)
    }
    for (const table of active) {
      if (!this.deps.owns(table.guildId) || table.messageId !== null) continue
      await effects.addRefresh(table.id, table.version)
      pending.add(table.id)
    }
    const gate = new Gate(CATCH_UP_TABLES_AT_ONCE)
    await Promise.all(
      [...pending].map((id) =>
        gate.run(async () => {
          if (this.stopped || this.queue.busy(id)) return
          await this.queue.run(id, () => this.deliver(id))
        }),
      ),
    )
    return pending.size
  }

  /**
   * After start-up, in the background: an open table whose message someone deleted while the bot
   * was down gets a fresh one. One check every MESSAGE_CHECK_MS, so that thousands of tables leave
   * Discord's global budget to the tables in play; stops with the desk.
   */
  async checkMessages(active: readonly TableSnapshot[], failures = 0): Promise<void> {
    const again: TableSnapshot[] = []
    for (const table of active) {
      if (this.stopped) return
      if (!this.deps.owns(table.guildId) || table.messageId === null) continue
      // A channel gone or out of reach closes the table. Any other failure (Discord down, a rate
      // limit) says nothing: the table is checked again later, since a channel deleted while the
      // bot was down is found only here or at the table's next change, which may be hours away
      // (simulator seed 208). Meanwhile the message counts as shown: the next change redraws it anyway.
      const shown = await messageExists(this.deps.client, table.channelId, table.messageId).catch((error: unknown) => {
        const lost = lostChannelReason(error)
        if (lost) this.deps.onLost?.(table.id, lost)
        else again.push(table)
        return true
      })
      if (!shown && !this.stopped) {
        await this.deps.tables.outbox.addRefresh(table.id, table.version)
        await this.deliverNow(table.id)
      }
      await new Promise((resolve) => setTimeout(resolve, MESSAGE_CHECK_MS))
    }
    if (again.length > 0 && failures + 1 < MESSAGE_RECHECKS) this.recheck(again, failures + 1)
  }

  /** Checks again, after a backoff on the clock, the tables still open of those whose check Discord failed. */
  private recheck(tables: readonly TableSnapshot[], failures: number): void {
    if (this.stopped) return
    const wait = doubling(MESSAGE_RECHECK_MS, failures, MESSAGE_RECHECK_MAX_MS)
    const cancel = this.deps.clock.schedule(this.deps.clock.now() + wait, () => {
      this.rechecks.delete(cancel)
      void (async () => {
        const open: TableSnapshot[] = []
        for (const t of tables) {
          const current = await this.deps.tables.get(t.id)
          if (current && isOpen(current.status)) open.push(current)
        }
        await this.checkMessages(open, failures)
      })().catch((error: unknown) => this.deps.log.error({ err: error }, 'table message check failed'))
    })
    this.rechecks.add(cancel)
  }

  /** Delivers a table's pending effects written outside a change (a reminder). */
  deliverNow(tableId: string): Promise<void> {
    return this.queue.run(tableId, () => this.deliver(tableId))
  }

  /** Stops retrying (for a clean stop); effects still pending are delivered after the next start. */
  stop(): void {
    this.stopped = true
    for (const cancel of this.retries.values()) cancel()
    this.retries.clear()
    for (const cancel of this.rechecks) cancel()
    this.rechecks.clear()
  }

  /** One delivery attempt (in the table's queue); a failure is retried on the clock. */
  private async deliver(tableId: string): Promise<void> {
    this.retries.get(tableId)?.()
    this.retries.delete(tableId)
    const done = await deliverEffects(
      {
        ...this.deps,
        publish: (table, nonce, settings, latestResult) => this.publish(table, nonce, settings, latestResult),
        editableAt: (id) => this.editableAt(id),
      },
      tableId,
    ).catch((error: unknown) => {
      // The database itself failed: the effects stay pending for the next change or start.
      this.deps.log.error({ err: error, tableId }, 'could not show the table in its channel')
      return null
    })
    if (done?.settled && done.lost) this.deps.onLost?.(tableId, done.lost)
    if (!done || done.settled || this.stopped) return
    this.retries.set(
      tableId,
      this.deps.clock.schedule(done.retryAt, () => {
        this.retries.delete(tableId)
        if (!this.stopped) void this.queue.run(tableId, () => this.deliver(tableId))
      }),
    )
  }

  /**
   * The latest public log lines of a table, oldest first, in the server's language (in the table's
   * queue, like every change shown).
   */
  recent(table: TableSnapshot): Promise<readonly string[]> {
    return this.queue.run(table.id, async () => this.linesIn(await serverLang(this.deps, table.guildId), table))
  }

  private async linesIn(lang: Lang, table: TableSnapshot): Promise<readonly string[]> {
    if (this.recentLines.get(table.id)?.locale !== lang.locale) await this.restoreLines(lang, table)
    return this.recentLines.get(table.id)?.lines ?? []
  }

  private remember(lang: Lang, tableId: string, lines: readonly string[]): void {
    const kept = this.recentLines.get(tableId)
    const before = kept?.locale === lang.locale ? kept.lines : []
    this.recentLines.set(tableId, { locale: lang.locale, lines: [...before, ...lines].slice(-RECENT_KEPT) })
  }

  /** The lines of the game now at the table, from its log (which already holds the change being shown). */
  private async restoreLines(lang: Lang, table: TableSnapshot): Promise<void> {
    const { events, automatic } = await this.deps.tables.currentGameEvents(table)
    this.recentLines.delete(table.id)
    this.remember(lang, table.id, describeEvents(lang, table, events, automatic))
  }

  /** The earliest time the table's message may be edited again (the pace). */
  private editableAt(tableId: string): number {
    return (this.editedAt.get(tableId) ?? -Infinity) + this.pace.tableEditMs
  }

  /**
   * Forgets the recent lines of tables that are no longer open, except a table whose work is still
   * queued (the upkeep pass; the last edit times are an LRU, bounded already). The number forgotten.
   */
  forgetClosed(open: ReadonlySet<string>): number {
    let forgotten = 0
    for (const id of [...this.recentLines.keys()]) {
      if (open.has(id) || this.queue.busy(id)) continue
      this.recentLines.delete(id)
      forgotten++
    }
    return forgotten
  }

  /** Waits for queued Discord work (for a clean stop). */
  idle(): Promise<void> {
    return this.queue.idle()
  }

  /** While a game runs, the result of the one before it in one line (null before the first ends). */
  previousResult(lang: Lang, table: TableSnapshot): Promise<string | null> {
    return previousResult(lang, table, (t) => this.deps.tables.outbox.latestResult(t.id))
  }

  // `table` was read in the table's queue after the change committed: the latest state.
  private async publish(
    table: TableSnapshot,
    nonce: string,
    settings: GuildSettingsValue,
    latestResult: LatestResult,
  ): Promise<string | null> {
    const lang = serverLangOf(this.deps.client, table.guildId, settings)
    const messageId = await showPublicMessage(
      { ...this.deps, uploads: this.uploads },
      { channelId: table.channelId, messageId: table.messageId },
      await this.render(table, settings, latestResult),
      (url) => renderRetiredTableMessage(url, lang),
      nonce,
    )
    this.editedAt.set(table.id, this.deps.clock.now())
    this.drawnVersion.set(table.id, table.version)
    if (messageId !== table.messageId) await this.deps.tables.setMessageId(table.id, messageId)
    return messageId
  }

  /**
   * The table message of a table's committed state, in the server's language, with its picture;
   * `latestResult` as the delivery's read has it (the line on the game before).
   */
  private async render(
    table: TableSnapshot,
    settings: GuildSettingsValue,
    latestResult: LatestResult,
  ): Promise<Payload> {
    const lang = serverLangOf(this.deps.client, table.guildId, settings)
    const lines = await this.linesIn(lang, table)
    const { images, emojis } = settings
    const text = withCardEmojiText(
      renderTableMessage(lang, table, this.deps.clock.now(), lines, await previousResult(lang, table, latestResult)),
      emojis ? this.deps.emojis(lang.locale) : null,
    )
    return withTablePicture(lang, this.deps.client, table, text, images)
  }
}
