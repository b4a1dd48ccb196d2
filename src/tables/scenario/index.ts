import type { Card } from '../../core/cards.js'
import type { AnyEngine } from '../../core/engine.js'
import type { Rng } from '../../core/rng.js'
import type { LogEntry } from '../../store/actions.js'
import { rebuildState } from '../rebuild.js'
import { foldDeals } from './deals.js'
import { writeDeal, type Begin } from './resample.js'

/**
 * A scenario file (docs/rules/scenarios.md) as `/table log` writes it. It names no seed: its
 * decks (and Badugi's reshuffled piles) fix every deal it plays.
 */
export interface Scenario {
  readonly game: string
  readonly players: number
  readonly dealer: number
  readonly options: unknown
  readonly stacks?: readonly number[]
  /** A pot carried into the first game from earlier games at the table (Bura), and who paid it. */
  readonly pot?: number
  readonly potShares?: readonly number[]
  /** The table's number of the first game ("Hand 14"). */
  readonly gameNo?: number
  readonly decks: readonly (readonly Card[])[]
  readonly reshuffles?: readonly (readonly Card[])[]
  readonly actions: readonly Record<string, unknown>[]
}

/** What `/table log` gives: the file and what it holds. */
export interface GameFile {
  readonly scenario: Scenario
  /** The file ends with its last game over (else it is the game in play, up to its last move). */
  readonly over: boolean
  /** Moves of the table's log the file covers, and how many of them it holds (fewer: cut short). */
  readonly moves: number
  readonly kept: number
}

type Entry = Pick<LogEntry, 'kind' | 'seat' | 'payload'> & { readonly userId?: string | null }

/** Who asks: their user id, and their seat at the table now (null: not seated). */
export interface Asker {
  readonly userId: string
  readonly seatNow: number | null
}

/**
 * The table's current or last game as a scenario file for `asker`, which `npm run replay` plays
 * to the table's end (or to where the game in play stands). It starts at the table's last fresh
 * deal before that game (a `setup` entry) and lists every move since up to the game's last move,
 * automatic ones included; a game dealt on from the one before (the next Bugami deal, the next
 * hand with the same players) comes with the games since that deal, and replay deals each next
 * one when the next action needs it, as the table did.
 *
 * The file holds no card the asker has not seen: every deal is written with those cards dealt
 * afresh at random where they fit all the asker saw (`writeDeal`, with `rng`, a random source of
 * its own, never the table's seed), and secret choices written as the engine says. Null when there
 * is no game to write: a game run through a move made between games, which a scenario cannot
 * hold (a player standing up between the hands of a freeze-out), is not written, and the game
 * before it is given instead.
 */
export function gameFile(
  engine: AnyEngine,
  log: readonly Entry[],
  asker: Asker,
  rng: Rng,
  steps?: number,
): GameFile | null {
  const part = partToWrite(engine, log)
  if (!part) return null
  const entries = log.slice(part.from, part.to + 1)
  const lastChain = !log.slice(part.from + 1).some((e) => e.kind === 'setup')
  const viewer =
    entries.find((e) => e.userId === asker.userId && e.seat !== null)?.seat ?? (lastChain ? asker.seatNow : null)
  const deals = foldDeals(engine, entries, viewer)
  const setup = entries[0]!.payload as Record<string, unknown>
  const { seed: _seed, decks: _decks, ...params } = setup
  let begin: Begin = { setup: params }
  const decks: (readonly Card[])[] = []
  const reshuffles: (readonly Card[])[] = []
  const actions: Record<string, unknown>[] = []
  let end: unknown = null
  let kept = 0
  for (const deal of deals) {
    const written = writeDeal(engine, deal, begin, viewer, rng, steps)
    if (!written) break
    decks.push(...written.decks)
    reshuffles.push(...written.reshuffles)
    for (const a of written.actions) actions.push({ seat: a.seat, ...(a.action as object) })
    end = written.end
    kept += written.kept
    if (written.kept < deal.moves.length) break
    begin = { after: written.end }
  }
  if (end === null) return null
  return {
    scenario: scenarioOf(engine, params, decks, reshuffles, actions),
    over: engine.progress(end) === 'gameOver',
    moves: deals.reduce((n, d) => n + d.moves.length, 0),
    kept,
  }
}

/**
 * The part of the log to write: from the last fresh deal (`setup`) before the latest move that a
 * scenario can hold, to that move. A move made while the table waits between games cannot be in
 * a scenario (replay deals the next game before any move), so the moves after it in its run of
 * deals cannot be either. A game that a next deal ended at once (nobody moved) has no move to end
 * the file with: the file ends before it.
 */
function partToWrite(engine: AnyEngine, log: readonly Entry[]): { from: number; to: number } | null {
  let chain: { from: number; writable: boolean } | null = null
  let part: { from: number; to: number } | null = null
  let before: unknown = null
  let index = 0
  rebuildState(engine, log, undefined, undefined, (e, state) => {
    if (e.kind === 'setup') chain = { from: index, writable: true }
    else if (e.kind !== 'nextDeal' && chain && engine.progress(before) !== 'acting') chain.writable = false
    if (chain?.writable && e.kind !== 'nextDeal') part = { from: chain.from, to: index }
    before = state
    index++
  })
  return part
}

function scenarioOf(
  engine: AnyEngine,
  setup: Record<string, unknown>,
  decks: readonly (readonly Card[])[],
  reshuffles: readonly (readonly Card[])[],
  actions: readonly Record<string, unknown>[],
): Scenario {
  const pick = <K extends string>(k: K) => (setup[k] === undefined ? {} : { [k]: setup[k] })
  return {
    game: engine.id,
    players: setup.players as number,
    dealer: setup.dealer as number,
    options: setup.options,
    ...pick('stacks'),
    ...(typeof setup.pot === 'number' && setup.pot > 0
      ? { pot: setup.pot, potShares: setup.potShares as number[] }
      : {}),
    ...pick('gameNo'),
    decks,
    ...(reshuffles.length ? { reshuffles } : {}),
    actions,
  }
}
