import type { AiLevel, AnyDecide } from '../ai/index.js'
import type { AnyGameModule } from '../render/game-module.js'
import { describeRuleError } from '../core/engine.js'
import { Rng, seedRng } from '../core/rng.js'
import { SeatRecorder } from '../ai/record.js'
import { meanInterval, round, wilson } from './stats.js'

/**
 * Who plays a seat: the AI at a level, the game's rule-based expert, the deadline's automatic
 * move, or a random legal move.
 */
export type Policy =
  | { readonly kind: 'ai'; readonly level: AiLevel }
  | { readonly kind: 'expert' }
  | { readonly kind: 'auto' }
  | { readonly kind: 'random' }

export function parsePolicy(text: string): Policy | null {
  if (text === 'auto' || text === 'random' || text === 'expert') return { kind: text }
  const m = /^ai(?::(easy|normal|strong))?$/.exec(text)
  return m ? { kind: 'ai', level: (m[1] ?? 'normal') as AiLevel } : null
}

export function policyName(p: Policy): string {
  return p.kind === 'ai' ? (p.level === 'normal' ? 'ai' : `ai:${p.level}`) : p.kind
}

export interface ArenaParams {
  /** The game's module (src/games/registry.ts): its engine, its AI and its expert. */
  readonly game: AnyGameModule
  readonly policies: readonly Policy[]
  /** Games to play; with `duplicate`, deals, each played once per rotation of the policies. */
  readonly games: number
  readonly seed: number
  readonly options?: Record<string, unknown>
  /** Chip games: each seat's stack at the start of every game. */
  readonly stack?: number
  /**
   * Duplicate evaluation: every deal is played once per rotation of the policies round the seats
   * (two seats: swapped), so each policy holds every hand in every position and the luck of the
   * cards cancels. The intervals are then over deals.
   */
  readonly duplicate?: boolean
  /** The AI's wall-clock cap per decision in ms, as the bot passes it (AI_THINK_MS); none: no cap. */
  readonly thinkMs?: number
}

/** A mean and its 95% interval. */
export interface Estimate {
  readonly mean: number
  readonly ci: [number, number]
}

export interface SeatStats {
  readonly seat: number
  readonly policy: string
  readonly wins: number
  readonly winRate: number
  readonly winRateCI: [number, number]
  /** Chips won per game (Bura game, Badugi hand); 0 for Bugami. */
  readonly net: number
  readonly netCI: [number, number]
  /** Badugi: big blinds won per 100 hands, with its interval; absent for other games. */
  readonly bbPer100?: Estimate
  /** Bugami: points per match; 0 for the chip games. */
  readonly points: number
  readonly pointsCI: [number, number]
  /** Bugami: points per match above par (the average of the table's seats in the same match). */
  readonly pointsOverPar: Estimate
}

export interface ArenaReport {
  readonly game: string
  readonly players: number
  readonly games: number
  /** Deals played once per rotation (duplicate), else 0. */
  readonly deals: number
  readonly seats: SeatStats[]
  readonly decisions: number
  /** How long each AI decision took, in ms, per policy (for the cost percentiles; empty for the others). */
  readonly decisionMs: number[][]
  /** AI or expert moves the engine refused (must be 0: they only ever play legal moves). */
  readonly illegal: string[]
}

/** A game nobody won is dealt again (Bura: everyone passed); at most this many times. */
const MAX_DEALS_PER_GAME = 50

/** What one policy got out of one game. */
interface Result {
  readonly won: number
  readonly net: number
  readonly points: number
  readonly overPar: number
}

/**
 * Plays `games` games with the given policies. Without `duplicate` the policies move one seat to
 * the left every game (so each sits in every position equally often) and every game has its own
 * cards; with it, every deal is played once per rotation. A game is what the engine plays to
 * `gameOver` (a Bugami match, a Bura game, a Badugi hand), dealt again while nobody has won it and
 * the table carries its pot to the next game, each from fresh stacks and with dealer seat 0.
 */
export function runArena(p: ArenaParams): ArenaReport {
  const { engine } = p.game
  const deciders = p.policies.map((policy): AnyDecide | null => {
    if (policy.kind === 'ai') return p.game.ai ?? fail(`${engine.title} has no AI player`)
    if (policy.kind === 'expert') return p.game.expert ?? fail(`${engine.title} has no expert player`)
    return null
  })
  const n = p.policies.length
  const options = engine.optionsSchema.parse(p.options ?? {})
  const chooser = new Rng(seedRng(p.seed))
  const illegal: string[] = []
  const decisionMs: number[][] = p.policies.map(() => [])
  let decisions = 0
  const startStack = p.stack ?? 100

  /** Plays game `g`'s cards with policy `(seat - rotation) mod n` at each seat. */
  const play = (g: number, rotation: number): Result[] => {
    const policyAt = (seat: number) => (seat - rotation + n) % n
    const stacks = new Array<number>(n).fill(startStack)
    const setup = engine.setup({
      players: n,
      dealer: 0,
      options,
      seed: p.seed * 100_003 + g,
      ...(engine.usesChips ? { stacks } : {}),
    })
    if (!setup.ok) throw new Error(`setup refused: ${describeRuleError(setup.error)}`)
    let state: unknown = setup.value.state
    const recorders = new Map<number, SeatRecorder>()
    for (let seat = 0; seat < n; seat++)
      if (deciders[policyAt(seat)]) {
        const r = new SeatRecorder(engine, seat, n, options)
        r.record(state, setup.value.events, null, null)
        recorders.set(seat, r)
      }
    const after = (events: readonly unknown[], actor: number | null, action: unknown) => {
      for (const r of recorders.values()) r.record(state, events, actor, action)
    }
    let deals = 1
    let step = 0
    for (;;) {
      const progress = engine.progress(state)
      if (progress === 'acting') {
        const seat = engine.waitingFor(state)[0]!
        const i = policyAt(seat)
        const policy = p.policies[i]!
        const decide = deciders[i]
        let action: unknown
        if (decide) {
          decisions++
          const started = performance.now()
          action = decide(recorders.get(seat)!.history(), {
            level: policy.kind === 'ai' ? policy.level : 'normal',
            seed: p.seed * 7_919 + g * 65_537 + step,
            ...(p.thinkMs !== undefined ? { deadline: started + p.thinkMs } : {}),
          })
          if (policy.kind === 'ai') decisionMs[i]!.push(performance.now() - started)
        } else if (policy.kind === 'random') action = chooser.pick(engine.legalActions(state, seat))
        else action = engine.autoAction(state, seat)
        step++
        let out = engine.apply(state, seat, action)
        if (!out.ok) {
          if (illegal.length < 20)
            illegal.push(
              `game ${g + 1}: ${policyName(policy)} played ${JSON.stringify(action)} at seat ${seat}: ` +
                describeRuleError(out.error),
            )
          out = engine.apply(state, seat, engine.autoAction(state, seat))
          if (!out.ok) throw new Error(`the automatic move was refused: ${describeRuleError(out.error)}`)
        }
        state = out.value.state
        after(out.value.events, seat, action)
        continue
      }
      // A game nobody won, at a table that carries its pot to the next game (a Bura all-pass, tie
      // or false declaration), is not over yet: the same players play on, as they would at a table.
      const summary = engine.summary(state)
      const unwon = engine.table.carriesPot && (summary.winners ?? []).length === 0
      if (progress === 'between' || (unwon && deals < MAX_DEALS_PER_GAME)) {
        const next = engine.nextDeal(state)
        if (next.ok) {
          state = next.value.state
          deals++
          after(next.value.events, null, null)
          continue
        }
      }
      const totals = engine.chipTotals(state)
      // A points game's match total (Bugami); games without one score 0.
      const pointsAt = (seat: number) => (summary.seats[seat] as { total?: number }).total ?? 0
      let par = 0
      for (let seat = 0; seat < n; seat++) par += pointsAt(seat) / n
      const results = new Array<Result>(n)
      for (let seat = 0; seat < n; seat++)
        results[policyAt(seat)] = {
          won: summary.winners?.includes(seat) ? 1 : 0,
          net: totals ? totals.stacks[seat]! - startStack : 0,
          points: pointsAt(seat),
          overPar: pointsAt(seat) - par,
        }
      return results
    }
  }

  // One sample per policy and unit: a game, or (duplicate) a deal's average over its rotations.
  const samples: Result[][] = p.policies.map(() => [])
  const wins = new Array<number>(n).fill(0)
  let played = 0
  for (let g = 0; g < p.games; g++) {
    const rotations = p.duplicate ? n : 1
    const sum: Result[] = p.policies.map(() => ({ won: 0, net: 0, points: 0, overPar: 0 }))
    for (let r = 0; r < rotations; r++) {
      const results = play(g, p.duplicate ? r : g % n)
      played++
      results.forEach((res, i) => {
        const s = sum[i]!
        sum[i] = {
          won: s.won + res.won / rotations,
          net: s.net + res.net / rotations,
          points: s.points + res.points / rotations,
          overPar: s.overPar + res.overPar / rotations,
        }
        wins[i]! += res.won
      })
    }
    sum.forEach((s, i) => samples[i]!.push(s))
  }
  const bigBlind = engine.id === 'badugi' ? (options as { bigBlind: number }).bigBlind : 0
  const seats = p.policies.map((policy, i): SeatStats => {
    const of = (pick: (r: Result) => number) => meanInterval(samples[i]!.map(pick))
    const net = of((r) => r.net)
    const won = of((r) => r.won)
    const points = of((r) => r.points)
    const overPar = of((r) => r.overPar)
    const ci = (e: { ci: [number, number] }, digits = 4) => e.ci.map((x) => round(x, digits)) as [number, number]
    const est = (e: { mean: number; ci: [number, number] }, scale = 1): Estimate => ({
      mean: round(e.mean * scale, 2),
      ci: e.ci.map((x) => round(x * scale, 2)) as [number, number],
    })
    return {
      seat: i,
      policy: policyName(policy),
      wins: wins[i]!,
      winRate: round(wins[i]! / played),
      // Independent games: Wilson's interval; duplicate: the interval of the deals' mean win share.
      winRateCI: p.duplicate ? ci(won) : (wilson(wins[i]!, played).map((x) => round(x)) as [number, number]),
      net: round(net.mean),
      netCI: ci(net),
      ...(bigBlind ? { bbPer100: est(net, 100 / bigBlind) } : {}),
      points: round(points.mean, 2),
      pointsCI: ci(points, 2),
      pointsOverPar: est(overPar),
    }
  })
  return {
    game: engine.id,
    players: n,
    games: played,
    deals: p.duplicate ? p.games : 0,
    seats,
    decisions,
    decisionMs,
    illegal,
  }
}

function fail(message: string): never {
  throw new Error(message)
}

/** The q-th quantile (0..1) of some numbers, by the nearest rank; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return 0
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
