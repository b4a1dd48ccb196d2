import type { AnySeatHistory, HistoryEntry } from './index.js'
import type { AnyEngine } from '../core/engine.js'

/**
 * Keeps one AI seat's history the way the table shows it to that seat: after every transition,
 * the public events, its own action (if it acted) and its own view. This is the table's side:
 * it holds the engine state; the AI only ever receives the entries built here.
 */
export class SeatRecorder {
  private readonly entries: HistoryEntry<unknown, unknown, unknown>[] = []

  constructor(
    private readonly engine: AnyEngine,
    readonly seat: number,
    private readonly players: number,
    private readonly options: unknown,
  ) {}

  record(state: unknown, events: readonly unknown[], actor: number | null, action: unknown): void {
    this.entries.push({
      events,
      own: actor === this.seat ? action : null,
      view: this.engine.view(state, this.seat),
    })
  }

  history(): AnySeatHistory {
    return { seat: this.seat, players: this.players, options: this.options, entries: this.entries }
  }
}
