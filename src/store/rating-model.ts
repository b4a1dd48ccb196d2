import { rate, rating as startRating } from 'openskill'

/**
 * The skill model (docs/ratings.md): OpenSkill's Weng-Lin Plackett-Luce model with its default
 * constants (μ 25, σ 25/3, β 25/6, τ 25/300 per result), plus inactivity: each whole day without
 * a rated result widens σ as τ does, by `DAY_TAU`, up to σ's starting value. What a member reads is
 * the conservative estimate μ − 3σ on a friendly scale. Pure: no I/O, no clock.
 */

export interface Skill {
  readonly mu: number
  readonly sigma: number
}

/** A member's stored rating: the estimate after their last result, and when that was. */
export interface StoredSkill extends Skill {
  readonly results: number
  readonly lastAt: number
}

export const DAY_MS = 24 * 60 * 60 * 1000
/** σ² grows by DAY_TAU² per whole inactive day: σ 2 becomes 3.4 in a month, 8.3 (the start) in about nine. */
export const DAY_TAU = 0.5
/** Rated results below this count mark a rating provisional. */
export const PROVISIONAL_BELOW = 10
/** The friendly scale: a new member reads 1000, each point of μ − 3σ is 40. */
const BASE = 1000
const SCALE = 40

export const START: Skill = startRating()

/** The rating a member reads for an estimate: never below 0. */
export function shown(skill: Skill): number {
  return Math.max(0, Math.round(BASE + SCALE * (skill.mu - 3 * skill.sigma)))
}

/** Whole days from `lastAt` to `now` (0 when `now` is not later). */
export function idleDays(lastAt: number, now: number): number {
  return Math.max(0, Math.floor((now - lastAt) / DAY_MS))
}

/** The estimate after `days` without a result: σ widened, never past its start. */
export function afterIdle(skill: Skill, days: number): Skill {
  if (days <= 0 || skill.sigma >= START.sigma) return skill
  return { mu: skill.mu, sigma: Math.min(START.sigma, Math.sqrt(skill.sigma ** 2 + DAY_TAU ** 2 * days)) }
}

/** What a stored rating reads at `now`, and when that figure next drops (null: it no longer drops). */
export function standing(s: StoredSkill, now: number): { score: number; decayAt: number | null } {
  const days = idleDays(s.lastAt, now)
  const idle = afterIdle(s, days)
  return { score: shown(idle), decayAt: idle.sigma < START.sigma ? s.lastAt + (days + 1) * DAY_MS : null }
}

/**
 * One rated result: each member's estimate going in (null: never rated) and their place (1 is
 * best; equal places tie). Returns the estimates coming out, in the same order. Inactivity up to
 * `at` is applied first.
 */
export function rateResult(
  entrants: readonly { readonly prior: StoredSkill | null; readonly place: number }[],
  at: number,
): Skill[] {
  const teams = entrants.map((e) => [e.prior ? afterIdle(e.prior, idleDays(e.prior.lastAt, at)) : START])
  const out = rate(teams, { rank: entrants.map((e) => e.place) })
  return out.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }))
}
