import type { Card } from '../../core/cards.js'
import { cardPoints } from './rules/cards.js'

/**
 * Judging a two-seat Bura position without playing it to its end: the chance that `mine` wins the
 * race to 31 against `theirs`, from what each has taken and holds and who leads next. The search
 * plays a couple of tricks and judges the position here instead of playing on with the automatic
 * moves, whose later tricks say little about how a game between good players ends.
 */

/** What the judgement reads of one seat. */
export interface Standing {
  /** Card points still missing to 31 (0 once there). */
  readonly need: number
  readonly trumps: number
  readonly trumpPoints: number
  /** Card points of the plain (non-trump) cards in hand. */
  readonly plainPoints: number
}

export function standing(points: number, hand: readonly Card[], trump: string): Standing {
  let trumps = 0
  let trumpPoints = 0
  let plainPoints = 0
  for (const c of hand) {
    if (c[1] === trump) {
      trumps++
      trumpPoints += cardPoints(c)
    } else plainPoints += cardPoints(c)
  }
  return { need: Math.max(0, 31 - points), trumps, trumpPoints, plainPoints }
}

/**
 * The judgement's inputs, each `mine` against `theirs` so that the two seats' chances add up to 1.
 * The square root of the points missing: the last points before 31 weigh more than the first.
 */
export function judgeFeatures(mine: Standing, theirs: Standing, iLead: boolean): number[] {
  return [
    theirs.need - mine.need,
    Math.sqrt(theirs.need) - Math.sqrt(mine.need),
    mine.trumps - theirs.trumps,
    mine.trumpPoints - theirs.trumpPoints,
    mine.plainPoints - theirs.plainPoints,
    iLead ? 1 : -1,
  ]
}

/**
 * Logistic weights for `judgeFeatures`, fitted to who won games the AI played against itself at
 * `normal` (`npx tsx scripts/fit-bura-judge.ts`, docs/ai.md): refit when the features, the rules or
 * the AI's play change.
 */
export const JUDGE_WEIGHTS: readonly number[] = [-0.0943, 1.2295, 0.4258, 0.0568, 0.0171, 0.2025]

/** The chance that the seat with `features` wins, under `weights`. */
export function winChance(features: readonly number[], weights: readonly number[] = JUDGE_WEIGHTS): number {
  let z = 0
  for (let i = 0; i < features.length; i++) z += features[i]! * weights[i]!
  return 1 / (1 + Math.exp(-z))
}
