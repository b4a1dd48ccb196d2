import type { AnyEngine } from '../games/core/engine.js'
import { Rng, seedRng } from '../games/core/rng.js'
import { BUDGETS, mayContinue, type DecideOptions } from './budget.js'

/**
 * One determinisation: an engine position the AI built itself, from a deck it sampled consistently
 * with its seat's history, by replaying the public moves. Opaque on purpose: the AI only hands it
 * back to the engine's functions, never reads it.
 */
export type Position = { readonly __determinisation: unique symbol }

/** Tries to build one determinisation; null when the sample contradicts the history (it is redrawn). */
export type Sampler = (rng: Rng) => Position | null

/** How a playout moves for a seat: the fast engine's own moves, with game-specific touches. */
export type RolloutPolicy<A> = (engine: AnyEngine, pos: Position, seat: number) => A | null

const ATTEMPTS_PER_SAMPLE = 40
const MAX_ROLLOUT_STEPS = 2000

export function drawSample(sampler: Sampler, rng: Rng): Position | null {
  for (let i = 0; i < ATTEMPTS_PER_SAMPLE; i++) {
    const pos = sampler(rng)
    if (pos) return pos
  }
  return null
}

/** Plays a determinisation to the end of its game (or deal) with `policy` for every seat. */
export function playout<A>(engine: AnyEngine, start: Position, policy: RolloutPolicy<A>): Position {
  let pos = start
  for (let step = 0; step < MAX_ROLLOUT_STEPS && engine.progress(pos) === 'acting'; step++) {
    const seat = engine.waitingFor(pos)[0]
    if (seat === undefined) break
    const action = policy(engine, pos, seat)
    if (action === null) break
    const out = engine.apply(pos, seat, action)
    if (!out.ok) break
    pos = out.value.state as Position
  }
  return pos
}

export interface SearchSpec<A> {
  readonly engine: AnyEngine
  readonly seat: number
  readonly sampler: Sampler
  /** The moves to compare, read off a determinisation (they depend only on what the seat knows). */
  readonly candidates: (pos: Position) => A[]
  /** Plays one candidate out on one determinisation and scores the result for the seat. */
  readonly evaluate: (pos: Position, action: A, rng: Rng) => number
  readonly key: (action: A) => string
}

/**
 * Perfect-information Monte Carlo: every candidate is tried on the same determinisations and the
 * best average wins (ties go to the earlier candidate, so the answer is deterministic under a seed).
 * Easy level: the engine's automatic move on one determinisation, sometimes a random legal move.
 * Returns null only when no determinisation consistent with the history could be built.
 */
export function search<A>(spec: SearchSpec<A>, opts: DecideOptions): A | null {
  const budget = BUDGETS[opts.level]
  const rng = new Rng(seedRng(opts.seed))
  if (opts.level === 'easy') {
    const pos = drawSample(spec.sampler, rng)
    if (!pos) return null
    const legal = spec.candidates(pos)
    const auto = spec.engine.autoAction(pos, spec.seat) as A | null
    if (legal.length && (auto === null || rng.int(1000) < budget.noise * 1000)) return rng.pick(legal)
    return auto
  }
  const scores = new Map<string, { action: A; sum: number; order: number }>()
  let done = 0
  while (mayContinue(done, budget, opts.deadline)) {
    const pos = drawSample(spec.sampler, rng)
    done++
    if (!pos) continue
    for (const action of spec.candidates(pos)) {
      const k = spec.key(action)
      let entry = scores.get(k)
      if (!entry) scores.set(k, (entry = { action, sum: 0, order: scores.size }))
      entry.sum += spec.evaluate(pos, action, rng)
    }
  }
  let best: { action: A; sum: number; order: number } | null = null
  for (const entry of scores.values()) if (!best || entry.sum > best.sum) best = entry
  return best ? best.action : null
}
