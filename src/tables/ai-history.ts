import type { AnySeatHistory } from '../ai/index.js'
import { SeatRecorder } from '../ai/record.js'
import type { AnyEngine } from '../core/engine.js'
import type { LogEntry } from '../store/actions.js'
import { rebuildState } from './rebuild.js'
import { readSetup } from './setup-entry.js'

/**
 * What an AI seat at `position` has been shown since the game now at its table began, rebuilt
 * from that game's action log (`actions.currentGame`): after every entry, the public events, the
 * seat's own move if it made it, and its own view. The same history a `SeatRecorder` would have
 * kept live, so it survives a restart; the AI gets this and never the state.
 */
export function seatHistory(
  engine: AnyEngine,
  log: readonly Pick<LogEntry, 'kind' | 'seat' | 'payload'>[],
  position: number,
  options: unknown,
): AnySeatHistory {
  let recorder: SeatRecorder | null = null
  rebuildState(engine, log, undefined, undefined, (entry, state, events) => {
    if (entry.kind === 'setup') recorder = new SeatRecorder(engine, position, readSetup(entry.payload).players, options)
    const moved = entry.kind === 'action' || entry.kind === 'auto'
    recorder?.record(state, events, moved ? entry.seat : null, moved ? entry.payload : null)
  })
  if (!recorder) throw new Error(`${engine.id}: the game's log does not begin with its setup`)
  return (recorder as SeatRecorder).history()
}
