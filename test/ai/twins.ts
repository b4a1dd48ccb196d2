import type { AnySeatHistory } from '../../src/ai/index.js'
import { SeatRecorder } from '../../src/ai/record.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { aiFor } from '../../src/games/registry.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

export interface TwinRun {
  /** The AI seat's history and its decision at each of its turns. */
  readonly turns: { history: AnySeatHistory; decision: unknown }[]
  readonly state: unknown
}

/**
 * Plays a table from `deck`: the AI at `aiSeat` (normal level, seed per turn), everyone else the
 * automatic move, unless `script` gives the moves to repeat; stops after `steps` moves.
 */
export function playTable(
  engine: AnyEngine,
  setup: Record<string, unknown>,
  aiSeat: number,
  steps: number,
  script?: readonly { seat: number; action: unknown }[],
): TwinRun & { moves: { seat: number; action: unknown }[] } {
  const out = engine.setup(setup as never)
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  let state = out.value.state
  const rec = new SeatRecorder(engine, aiSeat, setup.players as number, setup.options)
  rec.record(state, out.value.events, null, null)
  const decide = aiFor(engine.id)!
  const turns: { history: AnySeatHistory; decision: unknown }[] = []
  const moves: { seat: number; action: unknown }[] = []
  for (let i = 0; i < steps && engine.progress(state) === 'acting'; i++) {
    const seat = script ? script[i]!.seat : engine.waitingFor(state)[0]!
    let action: unknown
    if (seat === aiSeat) {
      const history = rec.history()
      action = decide(history, { level: 'normal', seed: 1000 + i })
      turns.push({ history: structuredClone(history), decision: action })
    } else action = script ? script[i]!.action : engine.autoAction(state, seat)
    const next = engine.apply(state, seat, action)
    if (!next.ok) throw new Error(`move ${i} refused: ${refusalText(next.error, ENGLISH)}`)
    state = next.value.state
    moves.push({ seat, action })
    rec.record(state, next.value.events, seat, action)
    if (!script && moves.length >= steps) break
  }
  return { turns, state, moves }
}
