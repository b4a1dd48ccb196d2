import { describeRuleError, type AnyEngine } from '../core/engine.js'
import type { LogEntry } from '../store/actions.js'
import { readSetup } from './setup-entry.js'

type Entry = Pick<LogEntry, 'kind' | 'seat' | 'payload'>

/**
 * Folds a table's action log through its engine: setup entries deal from their parameters
 * (seed included), actions and automatic moves are applied, nextDeal entries start the next
 * deal. The result equals the stored state when nothing was lost or half-written. `events`, when
 * given, collects every entry's engine events in order: the same ones the table saw live;
 * `automatic` the indexes in `events` of those automatic moves produced; `observe`, when given,
 * sees every entry with the state after it and its events.
 */
export function rebuildState(
  engine: AnyEngine,
  log: readonly Entry[],
  events?: unknown[],
  automatic?: number[],
  observe?: (entry: Entry, state: unknown, events: readonly unknown[]) => void,
): unknown {
  let state: unknown = null
  for (const [i, e] of log.entries()) {
    const out =
      e.kind === 'setup'
        ? engine.setup(readSetup(e.payload))
        : e.kind === 'nextDeal'
          ? engine.nextDeal(state)
          : engine.apply(state, e.seat!, e.payload)
    if (!out.ok) throw new Error(`log entry ${i} (${e.kind}) was refused on replay: ${describeRuleError(out.error)}`)
    state = out.value.state
    if (e.kind === 'auto' && events)
      for (let j = 0; j < out.value.events.length; j++) automatic?.push(events.length + j)
    events?.push(...out.value.events)
    observe?.(e, state, out.value.events)
  }
  return state
}
