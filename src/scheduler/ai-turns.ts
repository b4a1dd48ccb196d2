import type { AnyDecide } from '../ai/index.js'
import type { Clock } from '../lib/clock.js'
import { engineFor } from '../games/registry.js'
import { actionForLog, type Logger } from '../lib/log.js'
import { isAiSeat, parseAiSeat } from '../tables/ai-seats.js'
import type { TableService, TableSnapshot, TableUpdate } from '../tables/index.js'

export interface AiTurnsDeps {
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /** Shows an AI's move like any other change (table message, pings, timers). */
  readonly show: (update: TableUpdate) => Promise<void>
  /** The pause before an AI moves, so that people can follow (AI_MOVE_DELAY_MS). */
  readonly moveDelayMs: number
  /** The wall-clock cap on one AI decision (AI_THINK_MS). */
  readonly thinkMs: number
  /** The game's AI player (src/games/registry.ts `aiFor`). */
  readonly aiFor: (game: string) => AnyDecide | undefined
}

/**
 * Plays the AI seats of the tables this process shows. After every change (and at start-up, for
 * every open table) `track` looks at whether the game waits for an AI seat; if so, after the
 * pause, that seat's history is rebuilt from the action log, the AI decides from it alone, and the
 * move goes through `TableService.act` like a member's (one transaction, version guard, outbox).
 * Only the database says whose turn it is, so a restart simply tracks the table again.
 */
export class AiTurns {
  private readonly pending = new Map<string, { version: number; cancel: () => void }>()
  private readonly running = new Set<Promise<void>>()
  private stopped = false

  constructor(private readonly deps: AiTurnsDeps) {}

  track(table: TableSnapshot): void {
    if (this.stopped) return
    const current = this.pending.get(table.id)
    // An older version shown late changes nothing: the newer one is already tracked.
    if (current && current.version >= table.version) return
    current?.cancel()
    this.pending.delete(table.id)
    const due = table.status === 'playing' && table.progress === 'acting' && table.waitingFor.some(isAiSeat)
    if (!due) return
    const fire = () => {
      this.pending.delete(table.id)
      this.keep(this.play(table.id, table.version))
    }
    if (this.deps.moveDelayMs > 0) {
      const cancel = this.deps.clock.schedule(this.deps.clock.now() + this.deps.moveDelayMs, fire)
      this.pending.set(table.id, { version: table.version, cancel })
      return
    }
    // No pause: at once, counted as work in progress so that idle() waits for it.
    let cancelled = false
    this.pending.set(table.id, { version: table.version, cancel: () => (cancelled = true) })
    this.keep(Promise.resolve().then(() => (cancelled ? undefined : fire())))
  }

  /** Resolves once no AI move is being decided or shown (a move's follow-up included, without a pause). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running])
  }

  stop(): void {
    this.stopped = true
    for (const p of this.pending.values()) p.cancel()
    this.pending.clear()
  }

  private keep(work: Promise<void>): void {
    this.running.add(work)
    void work.finally(() => this.running.delete(work))
  }

  /** One AI move at a table that waited for an AI seat at `version`. */
  private async play(tableId: string, version: number): Promise<void> {
    if (this.stopped) return
    try {
      const table = await this.deps.tables.get(tableId)
      if (!table) return
      // The table moved on meanwhile: look again at it as it is now.
      if (table.version !== version) return this.track(table)
      const seat = table.seats.find(
        (s) => s.position !== null && isAiSeat(s.userId) && table.waitingFor.includes(s.userId),
      )
      if (!seat || seat.position === null) return
      // Never expected (a game without an AI refuses AI seats); the turn deadline then plays the seat.
      const decide = this.deps.aiFor(table.game)
      if (!decide) throw new Error(`${table.game} has no AI player`)
      const level = parseAiSeat(seat.userId)!.level
      const history = await this.deps.tables.aiHistory(table, seat.position)
      const action: unknown = decide(history, {
        level,
        seed: decisionSeed(`${table.id}:${table.version}:${seat.position}`),
        deadline: performance.now() + this.deps.thinkMs,
      })
      let result = await this.deps.tables.act(tableId, seat.userId, action, { expectedVersion: version })
      if (!result.ok && result.error.code !== 'stale') {
        // Never expected (the AI plays legal moves only): the seat still moves, automatically.
        this.deps.log.error({ tableId, seat: seat.position, code: result.error.code }, 'AI move refused')
        const auto = engineFor(table.game)!.autoAction(table.state, seat.position)
        result = await this.deps.tables.act(tableId, seat.userId, auto, { expectedVersion: version })
      }
      if (!result.ok) {
        // Someone else's change came first; it is shown (and tracked) by whoever made it.
        this.deps.log.info({ tableId, code: result.error.code }, 'AI move not played')
        return
      }
      this.deps.log.info(
        {
          tableId,
          seat: seat.position,
          action: actionForLog(action as Record<string, unknown>),
          version: result.value.table.version,
        },
        'AI move',
      )
      await this.deps.show(result.value)
    } catch (error) {
      this.deps.log.error({ err: error, tableId }, 'AI move failed')
    }
  }
}

/** A decision's seed from where it is taken (FNV-1a): the same table, version and seat decide alike. */
function decisionSeed(where: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < where.length; i++) h = Math.imul(h ^ where.charCodeAt(i), 0x01000193)
  return h >>> 1
}
