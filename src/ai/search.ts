import type { GameEngine, Outcome, Progress, ReplaySummary, SetupParams, Transition } from '../core/engine.js'
import { Rng, seedRng } from '../core/rng.js'
import { BUDGETS, mayContinue, type Budget, type DecideOptions } from './budget.js'

declare const sampled: unique symbol

/**
 * One determinisation: an engine position the AI built itself, from a deck it sampled consistently
 * with its seat's history, by replaying the public moves, in a game whose states are `S`. Opaque
 * on purpose: the AI only hands it back to the engine's functions (`positionsOf`), never reads it.
 */
export interface Position<S> {
  readonly [sampled]: S
}

/** An engine's functions on determinisations: the same functions, taking and giving positions for states. */
export interface PositionEngine<S, A, O, E, V = unknown> {
  /** Deals a determinisation from a sampled deck (`engine.setup`). */
  deal(params: SetupParams<O>): Outcome<Transition<Position<S>, E>>
  apply(pos: Position<S>, seat: number, action: A): Outcome<Transition<Position<S>, E>>
  progress(pos: Position<S>): Progress
  waitingFor(pos: Position<S>): number[]
  legalActions(pos: Position<S>, seat: number): A[]
  autoAction(pos: Position<S>, seat: number): A | null
  summary(pos: Position<S>): ReplaySummary
  /** What `seat` would be shown in this determinisation (for rollouts that play by a seat's view). */
  view(pos: Position<S>, seat: number): V
}

/** The determinisations of a game (`PositionOf<typeof game>` for `const game = positionsOf(engine)`). */
export type PositionOf<P> = P extends { progress(pos: infer Pos): Progress } ? Pos : never

/** The engine's functions the AI uses, on its own determinisations instead of states. */
export function positionsOf<S, A extends { readonly type: string }, O, V, E extends { readonly type: string }>(
  engine: GameEngine<S, A, O, V, E>,
): PositionEngine<S, A, O, E, V> {
  // A position is the state the engine dealt and moved, under another name: the one place both meet.
  const state = (pos: Position<S>) => pos as unknown as S
  const positions = (out: Outcome<Transition<S, E>>) => out as unknown as Outcome<Transition<Position<S>, E>>
  return {
    deal: (params) => positions(engine.setup(params)),
    apply: (pos, seat, action) => positions(engine.apply(state(pos), seat, action)),
    progress: (pos) => engine.progress(state(pos)),
    waitingFor: (pos) => engine.waitingFor(state(pos)),
    legalActions: (pos, seat) => engine.legalActions(state(pos), seat),
    autoAction: (pos, seat) => engine.autoAction(state(pos), seat),
    summary: (pos) => engine.summary(state(pos)),
    view: (pos, seat) => engine.view(state(pos), seat),
  }
}

/** Tries to build one determinisation; null when the sample contradicts the history (it is redrawn). */
export type Sampler<S> = (rng: Rng) => Position<S> | null

/** How a playout moves for a seat: the fast engine's own moves, with game-specific touches. */
export type RolloutPolicy<S, A> = (pos: Position<S>, seat: number) => A | null

const ATTEMPTS_PER_SAMPLE = 40
const MAX_ROLLOUT_STEPS = 2000

export function drawSample<S>(sampler: Sampler<S>, rng: Rng): Position<S> | null {
  for (let i = 0; i < ATTEMPTS_PER_SAMPLE; i++) {
    const pos = sampler(rng)
    if (pos) return pos
  }
  return null
}

/**
 * Plays a determinisation to the end of its game (or deal) with `policy` for every seat, or until
 * `stop` says the position is far enough to be judged without playing on.
 */
export function playout<S, A, V>(
  game: PositionEngine<S, A, unknown, unknown, V>,
  start: Position<S>,
  policy: RolloutPolicy<S, A>,
  stop?: (pos: Position<S>) => boolean,
): Position<S> {
  let pos = start
  for (let step = 0; step < MAX_ROLLOUT_STEPS && game.progress(pos) === 'acting'; step++) {
    if (stop?.(pos)) break
    const seat = game.waitingFor(pos)[0]
    if (seat === undefined) break
    const action = policy(pos, seat)
    if (action === null) break
    const out = game.apply(pos, seat, action)
    if (!out.ok) break
    pos = out.value.state
  }
  return pos
}

export interface SearchSpec<S, A, V> {
  readonly game: PositionEngine<S, A, unknown, unknown, V>
  readonly seat: number
  readonly sampler: Sampler<S>
  /** The moves to compare, read off a determinisation (they depend only on what the seat knows). */
  readonly candidates: (pos: Position<S>) => A[]
  /** Plays one candidate out on one determinisation and scores the result for the seat. */
  readonly evaluate: (pos: Position<S>, action: A, rng: Rng) => number
  readonly key: (action: A) => string
  /** The game's expert move for the seat, from its history (the easy level plays it, with slips). */
  readonly expert: () => A | null
  /** The level's budget when the game sets its own (else the shared `BUDGETS[opts.level]`). */
  readonly budget?: Budget
}

/**
 * Perfect-information Monte Carlo: every candidate is tried on the same determinisations and the
 * best average wins (ties go to the earlier candidate, so the answer is deterministic under a seed).
 * Easy level: a beginner who knows the expert's rules but slips: some moves are the engine's
 * cautious automatic move on one determinisation instead.
 * Returns null only when no determinisation consistent with the history could be built.
 */
export function search<S, A, V>(spec: SearchSpec<S, A, V>, opts: DecideOptions): A | null {
  const budget = spec.budget ?? BUDGETS[opts.level]
  const rng = new Rng(seedRng(opts.seed))
  if (opts.level === 'easy') {
    if (rng.int(1000) >= budget.slips * 1000) return spec.expert()
    const pos = drawSample(spec.sampler, rng)
    return pos ? spec.game.autoAction(pos, spec.seat) : spec.expert()
  }
  const scores = new Map<string, { action: A; sum: number; order: number }>()
  let done = 0
  let longest = 0
  while (mayContinue(done, budget, opts.deadline, longest)) {
    const started = opts.deadline === undefined ? 0 : performance.now()
    const pos = drawSample(spec.sampler, rng)
    done++
    if (!pos) continue
    for (const action of spec.candidates(pos)) {
      const k = spec.key(action)
      let entry = scores.get(k)
      if (!entry) scores.set(k, (entry = { action, sum: 0, order: scores.size }))
      entry.sum += spec.evaluate(pos, action, rng)
    }
    if (opts.deadline !== undefined) longest = Math.max(longest, performance.now() - started)
  }
  let best: { action: A; sum: number; order: number } | null = null
  for (const entry of scores.values()) if (!best || entry.sum > best.sum) best = entry
  return best ? best.action : null
}
