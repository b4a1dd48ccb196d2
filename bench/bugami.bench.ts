import { bugamiEngine, type BugamiState } from '../src/games/bugami/rules/index.js'
import { Rng, seedRng } from '../src/core/rng.js'
import { perSecond, type BenchResult } from './harness.js'
import { refusalText } from '../src/render/refusals.js'
import { ENGLISH } from '../src/i18n/index.js'

/**
 * Whole Bugami deals through the engine, single-threaded: a fresh shuffled deal, every seat
 * bids, then random legal cards until the deal is scored. Counts deals per second.
 */
function dealer(players: number): () => number {
  const chooser = new Rng(seedRng(players))
  const options = bugamiEngine.optionsSchema.parse({})
  let seed = 0
  return () => {
    const setup = bugamiEngine.setup({ players, dealer: seed % players, options, seed: seed++ })
    if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
    let state: BugamiState = setup.value.state
    while (bugamiEngine.progress(state) === 'acting') {
      const waiting = bugamiEngine.waitingFor(state)
      const seat = waiting[0]!
      const out = bugamiEngine.apply(state, seat, chooser.pick(bugamiEngine.legalActions(state, seat)))
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      state = out.value.state
    }
    return 1
  }
}

export async function run(): Promise<BenchResult[]> {
  const five = dealer(5)
  const seven = dealer(7)
  // Warm both table sizes first so the optimiser has seen every path before either is measured.
  const warmEnd = performance.now() + 1500
  while (performance.now() < warmEnd) void (five() + seven())
  return [
    { name: 'bugami 5-player deals', value: perSecond(five), unit: 'deals/s', target: { atLeast: 20_000 } },
    { name: 'bugami 7-player deals', value: perSecond(seven), unit: 'deals/s' },
  ]
}
