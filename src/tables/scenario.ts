import type { AnyEngine } from '../games/core/engine.js'
import type { LogEntry } from '../store/actions.js'
import { rebuildState } from './rebuild.js'
import { readSetup, type TableSetup } from './setup-entry.js'

/** A scenario file (RULES.md, "Scenario files") as `/table log` writes it. */
export interface Scenario {
  readonly game: string
  readonly players: number
  readonly dealer: number
  readonly options: unknown
  readonly seed: number
  readonly stacks?: readonly number[]
  /** A pot carried into the first game from earlier games at the table (Bura), and who paid it. */
  readonly pot?: number
  readonly potShares?: readonly number[]
  /** The table's number of the first game ("Hand 14"). */
  readonly gameNo?: number
  readonly actions: readonly Record<string, unknown>[]
}

/** The last game of a table's log that is over, as a scenario file, and the state it ended in. */
export interface FinishedGame {
  readonly scenario: Scenario
  /** The state the game ended in (what a replay of `scenario` ends in). */
  readonly state: unknown
}

type Entry = Pick<LogEntry, 'kind' | 'seat' | 'payload'>

/**
 * The last finished game of a table, as a scenario file that the replay command plays to the
 * same end. A file starts at a fresh deal (a `setup` entry, which names the seed) and lists every
 * move since, so a game the engine dealt on from the one before (the next Bugami deal, the next
 * hand with the same players) comes with the games before it since that deal: replay deals the
 * next game exactly when the next action needs it, as the table did.
 *
 * The seed deals every game of its run, the ones still to come included. So while the table is
 * open (`open`), only a run that a later fresh deal closed is written out: the file of a game the
 * table may still deal on from would show the cards of the next one. Null when there is no such
 * game, or when the game ran through a move made between games, which a scenario cannot hold
 * (a player standing up between the hands of a freeze-out).
 */
export function lastFinishedGame(engine: AnyEngine, log: readonly Entry[], open: boolean): FinishedGame | null {
  let chain: { setup: TableSetup; actions: Record<string, unknown>[]; writable: boolean } | null = null
  let found: FinishedGame | null = null
  // The last game of a run that a later fresh deal closed.
  let closed: FinishedGame | null = null
  let before: unknown = null
  rebuildState(engine, log, undefined, undefined, (e, state) => {
    if (e.kind === 'setup') {
      closed = found
      chain = { setup: readSetup(e.payload), actions: [], writable: true }
    } else if (e.kind !== 'nextDeal' && chain) {
      // A replay deals the next game before any move made while the table waits between games.
      if (engine.progress(before) !== 'acting') chain.writable = false
      chain.actions.push({ seat: e.seat, ...(e.payload as Record<string, unknown>) })
    }
    // A game that a nextDeal entry ended at once (nobody moved) is not the end of a move: skipped.
    if (chain?.writable && e.kind !== 'nextDeal' && engine.progress(state) === 'gameOver')
      found = { scenario: scenarioOf(engine, chain.setup, chain.actions), state }
    before = state
  })
  return open ? closed : found
}

function scenarioOf(engine: AnyEngine, setup: TableSetup, actions: readonly Record<string, unknown>[]): Scenario {
  return {
    game: engine.id,
    players: setup.players,
    dealer: setup.dealer,
    options: setup.options,
    seed: setup.seed,
    ...(setup.stacks ? { stacks: setup.stacks } : {}),
    ...(setup.pot !== undefined && setup.pot > 0 ? { pot: setup.pot, potShares: setup.potShares } : {}),
    ...(setup.gameNo !== undefined ? { gameNo: setup.gameNo } : {}),
    actions: [...actions],
  }
}
