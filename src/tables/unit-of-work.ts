import type { Clock } from '../lib/clock.js'
import { SerialQueue } from '../lib/serial-queue.js'
import { ok, refuse, type Outcome, type RuleError } from '../core/engine.js'
import { isUniqueViolation } from '../store/db.js'
import type { Repos, Store } from '../store/store.js'
import { isOpen, type TableRecord, type TableVersion } from '../store/tables.js'
import type { LogEntryInput } from '../store/actions.js'
import { TableDraft } from './draft.js'
import { LastMoves } from './last-moves.js'
import type { TableGames } from './games.js'
import { snapshot } from './snapshot.js'
import { writeDraft } from './write-draft.js'
import type { TableSnapshot, TableUpdate } from './types.js'

/** A refusal raised inside a transaction: rolls everything back, then answers the user. */
class Refused extends Error {
  constructor(readonly refusal: { ok: false; error: RuleError }) {
    super(refusal.error.code)
  }
}

/** True for the refusal a change's transaction rolls back with (an answer to the user, no fault). */
export function isRefusal(error: unknown): boolean {
  return error instanceof Refused
}

export const STALE = refuse('stale')

/** How a change starts: who asks, and which interaction / version it answers. */
export interface ChangeRequest {
  readonly interactionId?: string
  readonly expectedVersion?: number
}

/** What a change does to the table: refused, it rolls back and writes nothing. */
export type Change = (d: TableDraft, repos: Repos) => Promise<Outcome<void>> | Outcome<void>

/**
 * The table service's unit of work: every change is one transaction that reads the table (or
 * takes the copy it remembers), changes it through the engine in a draft, and writes state,
 * version, log, chips, stats and the outbox together. The parts of the service (lifecycle, moves,
 * cash, reads) go through it to the store.
 */
export class UnitOfWork {
  /**
   * The record each open table had after this service's last committed change to it, so the
   * next change skips the read. Safe with other writers: every write to a table or its seats
   * is guarded by the version, so a change judged on an outdated copy fails that guard (or is
   * refused) and is judged again on a fresh read.
   */
  private readonly known = new Map<string, TableRecord>()
  private readonly perTable = new SerialQueue()
  /** The players' latest log entries at the tables this service changed (the private views ask). */
  readonly lastMoves = new LastMoves()

  constructor(
    readonly store: Store,
    readonly clock: Clock,
    readonly games: TableGames,
  ) {}

  /** The bot's view of a stored table. */
  snapshot(rec: TableRecord): TableSnapshot {
    return snapshot(rec, this.games.engine(rec.game))
  }

  /**
   * The table as stored, from the record this service committed last when the table is still at
   * that version (`seen`: read with the columns a version does not cover, which are taken from it),
   * else read. Every change bumps the version, whichever process makes it. A record another
   * process's change made stale is dropped: the next change or view reads the table afresh anyway.
   */
  async tableAt(tableId: string, seen: TableVersion | null): Promise<TableSnapshot | null> {
    const known = this.known.get(tableId)
    if (known && seen && known.version === seen.version)
      return this.snapshot({ ...known, messageId: seen.messageId, remindedFor: seen.remindedFor })
    if (known && (!seen || seen.version > known.version)) this.known.delete(tableId)
    const rec = await this.store.tables.get(tableId)
    return rec ? this.snapshot(rec) : null
  }

  /**
   * The table as stored now. For a table this service changed last (the record kept), only its
   * version is read, a row of three columns instead of the table with its state once per seat.
   */
  async current(tableId: string): Promise<TableSnapshot | null> {
    if (this.known.has(tableId)) return this.tableAt(tableId, await this.store.tables.versionOf(tableId))
    const rec = await this.store.tables.get(tableId)
    return rec ? this.snapshot(rec) : null
  }

  /** A column written without a version bump is copied into the remembered record too. */
  amendKnown(tableId: string, change: Partial<Pick<TableRecord, 'messageId' | 'remindedFor'>>): void {
    const rec = this.known.get(tableId)
    if (rec) this.known.set(tableId, { ...rec, ...change })
  }

  /**
   * Forgets what is kept of tables no longer open (the upkeep sweep): a table closed by another
   * process (another shard, `npm run tables -- close`) is never written here, so it would be
   * kept for ever. Both are caches: a table forgotten while still changing is only read again.
   * The number of tables forgotten.
   */
  forgetClosed(open: ReadonlySet<string>): number {
    const closed = new Set([...this.known.keys(), ...this.lastMoves.tableIds()].filter((id) => !open.has(id)))
    for (const id of closed) {
      this.known.delete(id)
      this.lastMoves.forget(id)
    }
    return closed.size
  }

  transaction<T>(fn: (repos: Repos) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    return this.store
      .transaction(async (repos) => {
        const out = await fn(repos)
        // A refusal rolls back whatever the change wrote before it was refused.
        if (!out.ok) throw new Refused(out)
        return out
      })
      .catch((e: unknown) => {
        if (e instanceof Refused) return e.refusal
        throw e
      })
  }

  /**
   * A change in one transaction. A repeated interaction id is caught without an extra query
   * on the happy path: it either fails the version check (answered from the interactions
   * table) or, applied again, collides with its unique row, which rolls everything back.
   */
  change(tableId: string, req: ChangeRequest, fn: Change): Promise<Outcome<TableUpdate>> {
    // One change at a time per table: on PostgreSQL tables change side by side (a connection
    // each), and two changes of one table at once would only have the later refused as stale.
    return this.perTable.run(tableId, () => this.changeNow(tableId, req, fn))
  }

  private async changeNow(tableId: string, req: ChangeRequest, fn: Change): Promise<Outcome<TableUpdate>> {
    const known = this.known.get(tableId)
    this.known.delete(tableId)
    if (known) {
      const out = await this.changeFrom(tableId, req, fn, known)
      if (out.ok) return out
    }
    return this.changeFrom(tableId, req, fn, null)
  }

  /** One attempt, on `known` (the copy after this service's last change) or on a fresh read. */
  private async changeFrom(
    tableId: string,
    req: ChangeRequest,
    fn: Change,
    known: TableRecord | null,
  ): Promise<Outcome<TableUpdate>> {
    try {
      let after: TableRecord | null = null
      let log: readonly LogEntryInput[] = []
      const out = await this.transaction(async (repos) => {
        const rec = known ?? (await repos.tables.get(tableId))
        if (!rec) return refuse('no-table')
        if (req.expectedVersion !== undefined && req.expectedVersion !== rec.version) return STALE
        return this.changeIn(
          repos,
          rec,
          fn,
          (r, l) => {
            after = r
            log = l
          },
          req.interactionId,
        )
      })
      // Committed: remember the table while it is open.
      const written = after as TableRecord | null
      if (out.ok && written) {
        const open = isOpen(written.status)
        if (open) this.known.set(tableId, written)
        this.lastMoves.wrote(tableId, written.version, log, open)
      }
      if (!out.ok && known) return out
      if (!out.ok && req.interactionId) return (await this.duplicateOf(req.interactionId)) ?? out
      return out
    } catch (e) {
      // A change judged on the remembered copy is judged again on a fresh read (change()).
      if (known) return STALE
      if (req.interactionId && isUniqueViolation(e)) {
        const dup = await this.duplicateOf(req.interactionId)
        if (dup) return dup
      }
      throw e
    }
  }

  /** The answer to an interaction applied before (null if it was not). */
  private async duplicateOf(interactionId: string): Promise<Outcome<TableUpdate> | null> {
    const seen = await this.store.actions.interaction(interactionId)
    const rec = seen && (await this.store.tables.get(seen.tableId))
    if (!rec) return null
    const table = this.snapshot(rec)
    return ok({
      table,
      events: [],
      automatic: [],
      tableEvents: [],
      ping: [],
      deadlineAt: table.deadlineAt,
      duplicate: true,
    })
  }

  /**
   * Applies `fn` to the table `rec` inside the open transaction `repos` and writes what it did;
   * `remember` gets the record as written (for the next change) and the log entries it appended.
   */
  async changeIn(
    repos: Repos,
    rec: TableRecord,
    fn: Change,
    remember: (after: TableRecord, log: readonly LogEntryInput[]) => void = () => {},
    interactionId?: string,
  ): Promise<Outcome<TableUpdate>> {
    const engine = this.games.engine(rec.game)
    if (!engine) return refuse('game-unavailable', { game: rec.game })
    const d = new TableDraft(rec, engine)
    const changed = await fn(d, repos)
    if (!changed.ok) return changed
    const update = await writeDraft(repos, d, this.clock.now(), interactionId)
    if (!update) return STALE
    remember(update.after, d.log)
    return ok(update.value)
  }
}
