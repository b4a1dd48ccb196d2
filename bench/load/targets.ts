/**
 * The targets for a busy bot (docs/load.md, "Targets"): each figure with its limit and
 * whether it was met. They are meant for 200 and 500 tables on the project's 2-core machine; a
 * small run (the smoke test's 20 tables) cannot make 50 moves a second and is judged by its
 * `check` only.
 */
export interface Target {
  readonly value: number
  /** `< 1000`, `>= 50`, … */
  readonly target: string
  readonly met: boolean
}

const below = (value: number, limit: number): Target => ({ value, target: `< ${limit}`, met: value < limit })
const atMost = (value: number, limit: number): Target => ({ value, target: `<= ${limit}`, met: value <= limit })
const atLeast = (value: number, limit: number): Target => ({ value, target: `>= ${limit}`, met: value >= limit })

export function loadTargets(m: {
  answerP99Ms: number
  movesPerSecond: number
  channelPerMove: number
  interactionPerMove: number
  rateLimited: number
  /** Second looks per turn (`reopens`): each is one more click, an interaction request, per move. */
  reopens: number
}) {
  const figures = {
    answerP99Ms: below(m.answerP99Ms, 1000),
    movesPerSecond: atLeast(m.movesPerSecond, 50),
    channelRequestsPerMove: atMost(m.channelPerMove, 2.0),
    interactionRequestsPerMove: atMost(m.interactionPerMove, 2.5 + m.reopens),
    // Not in the list: on Discord every 429 counts toward the invalid-request ban
    // (10,000 in 10 minutes), so the bot keeps under the global limit instead of bumping into it.
    rateLimited: atMost(m.rateLimited, 0),
  }
  return { met: Object.values(figures).every((f) => f.met), ...figures }
}

export function startupTargets(m: { tables: number; readySeconds: number }) {
  const readySeconds = below(m.readySeconds, 5)
  return { met: m.tables < 10_000 || readySeconds.met, readySeconds }
}
