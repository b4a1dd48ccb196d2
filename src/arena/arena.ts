import type { AiLevel } from '../ai/index.js'
import type { AnyGameModule } from '../render/game-module.js'
import { describeRuleError } from '../games/core/engine.js'
import { Rng, seedRng } from '../games/core/rng.js'
import { SeatRecorder } from '../ai/record.js'
import { meanInterval, round, wilson } from './stats.js'

/** Who plays a seat: the AI at a level, the deadline's automatic move, or a random legal move. */
export type Policy =
  { readonly kind: 'ai'; readonly level: AiLevel } | { readonly kind: 'auto' } | { readonly kind: 'random' }

export function parsePolicy(text: string): Policy | null {
  if (text === 'auto' || text === 'random') return { kind: text }
  const m = /^ai(?::(easy|normal|strong))?$/.exec(text)
  return m ? { kind: 'ai', level: (m[1] ?? 'normal') as AiLevel } : null
}

export function policyName(p: Policy): string {
  return p.kind === 'ai' ? (p.level === 'normal' ? 'ai' : `ai:${p.level}`) : p.kind
}

export interface ArenaParams {
  /** The game's module (src/games/registry.ts): its engine, and its AI for the `ai` policies. */
  readonly game: AnyGameModule
  readonly policies: readonly Policy[]
  readonly games: number
  readonly seed: number
  readonly options?: Record<string, unknown>
  /** Chip games: each seat's stack at the start of every game. */
  readonly stack?: number
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
  /** Bugami: points per match; 0 for the chip games. */
  readonly points: number
}

export interface ArenaReport {
  readonly game: string
  readonly players: number
  readonly games: number
  readonly seats: SeatStats[]
  readonly decisions: number
  /** AI moves the engine refused (must be 0: the AI only ever plays legal moves). */
  readonly illegal: string[]
}

/** A game nobody won is dealt again (Bura: everyone passed); at most this many times. */
const MAX_DEALS_PER_GAME = 50

/**
 * Plays `games` games with the given policies, rotating them one seat each game so that every
 * policy sits in every position equally often. A game is what the engine plays to `gameOver`
 * (a Bugami match, a Bura game, a Badugi hand), dealt again while nobody has won it and the table
 * carries its pot to the next game, each from fresh stacks.
 */
export function runArena(p: ArenaParams): ArenaReport {
  const { engine, ai } = p.game
  if (!ai && p.policies.some((policy) => policy.kind === 'ai')) throw new Error(`${engine.title} has no AI player`)
  const n = p.policies.length
  const options = engine.optionsSchema.parse(p.options ?? {})
  const chooser = new Rng(seedRng(p.seed))
  const wins = new Array<number>(n).fill(0)
  const nets: number[][] = p.policies.map(() => [])
  const points: number[][] = p.policies.map(() => [])
  const illegal: string[] = []
  let decisions = 0
  const startStack = p.stack ?? 100

  for (let g = 0; g < p.games; g++) {
    const policyAt = (seat: number) => (seat - (g % n) + n) % n
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
      if (p.policies[policyAt(seat)]!.kind === 'ai') {
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
        const policy = p.policies[policyAt(seat)]!
        let action: unknown
        if (policy.kind === 'ai') {
          decisions++
          action = ai!(recorders.get(seat)!.history(), {
            level: policy.level,
            seed: p.seed * 7_919 + g * 65_537 + step,
          })
        } else if (policy.kind === 'random') action = chooser.pick(engine.legalActions(state, seat))
        else action = engine.autoAction(state, seat)
        step++
        let out = engine.apply(state, seat, action)
        if (!out.ok) {
          if (illegal.length < 20)
            illegal.push(`game ${g + 1}: ${JSON.stringify(action)} of seat ${seat}: ${describeRuleError(out.error)}`)
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
      for (let seat = 0; seat < n; seat++) {
        const i = policyAt(seat)
        if (summary.winners?.includes(seat)) wins[i]!++
        nets[i]!.push(totals ? totals.stacks[seat]! - startStack : 0)
        // A points game's match total (Bugami); games without one score 0.
        points[i]!.push((summary.seats[seat] as { total?: number }).total ?? 0)
      }
      break
    }
  }
  const seats = p.policies.map((policy, i): SeatStats => {
    const net = meanInterval(nets[i]!)
    return {
      seat: i,
      policy: policyName(policy),
      wins: wins[i]!,
      winRate: round(wins[i]! / p.games),
      winRateCI: wilson(wins[i]!, p.games).map((x) => round(x)) as [number, number],
      net: round(net.mean),
      netCI: net.ci.map((x) => round(x)) as [number, number],
      points: round(meanInterval(points[i]!).mean, 2),
    }
  })
  return { game: engine.id, players: n, games: p.games, seats, decisions, illegal }
}
