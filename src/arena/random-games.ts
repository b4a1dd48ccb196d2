import { describeRuleError, type AnyEngine } from '../core/engine.js'
import { Rng, seedRng } from '../core/rng.js'

export interface SimulateParams {
  readonly engine: AnyEngine
  readonly players: number
  readonly games: number
  readonly seed: number
  readonly options?: Record<string, unknown>
  /** Share of moves taken by the engine's automatic move instead of its random one. */
  readonly autoShare?: number
  /** Chip games: the stack each seat sits down with (default SIMULATE_STACK). */
  readonly stack?: number
}

/**
 * Chips each seat of a chip game sits down with in a simulation when none is given (not the
 * engine's DEFAULT_STACK): a report depends on it, since the same seed plays other games with
 * other stacks.
 */
export const SIMULATE_STACK = 200

export interface SimulateReport {
  readonly game: string
  readonly players: number
  readonly games: number
  readonly actions: number
  readonly deals: number
  readonly violations: string[]
}

/**
 * Plays whole games with the engine's random moves (and some automatic ones), checking the engine's
 * invariants after every step. A game is a Bugami match, a Bura game or a Badugi hand; chip
 * tables go on with the next game and are set up afresh when too few can pay.
 */
export function simulate(p: SimulateParams): SimulateReport {
  const { engine } = p
  const chooser = new Rng(seedRng(p.seed))
  const options = engine.optionsSchema.parse(p.options ?? {})
  const autoShare = p.autoShare ?? 0.25
  const violations: string[] = []
  let actions = 0
  let deals = 0
  let games = 0
  let tableSeed = p.seed

  const freshTable = (): unknown => {
    const setup = engine.setup({
      players: p.players,
      dealer: chooser.int(p.players),
      options,
      seed: tableSeed++,
      ...(engine.usesChips ? { stacks: Array.from({ length: p.players }, () => p.stack ?? SIMULATE_STACK) } : {}),
    })
    if (!setup.ok) throw new Error(`setup refused: ${describeRuleError(setup.error)}`)
    return setup.value.state
  }
  const note = (msg: string) => {
    if (violations.length < 20) violations.push(`game ${games + 1}: ${msg}`)
  }

  let state = freshTable()
  const maxSteps = 100_000
  while (games < p.games) {
    let steps = 0
    while (engine.progress(state) === 'acting') {
      if (++steps > maxSteps) {
        note(`no end after ${maxSteps} actions`)
        break
      }
      const waiting = engine.waitingFor(state)
      if (waiting.length === 0) {
        note('progress is acting but no seat is waited for')
        break
      }
      const seat = chooser.pick(waiting)
      const auto = engine.autoAction(state, seat)
      const action =
        auto !== null && chooser.int(1000) < autoShare * 1000
          ? auto
          : (engine.randomAction(state, seat, chooser) ?? auto)
      if (action === null) {
        note(`seat ${seat} is waited for but has no legal action`)
        break
      }
      const out = engine.apply(state, seat, action)
      if (!out.ok) {
        note(`legal action ${JSON.stringify(action)} of seat ${seat} refused: ${describeRuleError(out.error)}`)
        break
      }
      actions++
      state = out.value.state
      for (const v of engine.invariants(state)) note(v)
    }
    if (engine.progress(state) === 'acting') {
      // The game broke (already noted); start a clean table so the run can go on.
      games++
      state = freshTable()
      continue
    }
    deals++
    if (engine.progress(state) === 'gameOver') games++
    if (games >= p.games) break
    const next = engine.nextDeal(state)
    state = next.ok ? next.value.state : freshTable()
  }
  return { game: engine.id, players: p.players, games, actions, deals, violations }
}
