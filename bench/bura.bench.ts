import { buraEngine as bura, type BuraAction, type BuraState } from '../src/games/bura/rules/index.js'
import { Rng, seedRng } from '../src/core/rng.js'
import { perSecond, type BenchResult } from './harness.js'
import { refusalText } from '../src/render/refusals.js'
import { ENGLISH } from '../src/i18n/index.js'

/**
 * Whole Bura games through the engine, single-threaded, the way a table plays them: each game
 * starts with `nextDeal` (antes, a fresh shuffle, the deal), random legal plays follow to the
 * last trick (nobody declares early, so every game is played out in full), then the final call.
 * A table that can no longer go on (too few can pay the ante) is set up afresh. Counts games per second.
 */
function gamesPerSecond(players: number): number {
  const chooser = new Rng(seedRng(players))
  const options = bura.optionsSchema.parse({})
  const stacks = new Array<number>(players).fill(1000)
  let seed = 0
  let state: BuraState | null = null
  const once = () => {
    const next = state
      ? bura.nextDeal(state)
      : bura.setup({ players, dealer: seed % players, options, seed: seed++, stacks })
    if (!next.ok) {
      state = null
      return 0
    }
    state = next.value.state
    while (bura.progress(state) === 'acting') {
      const seat = bura.waitingFor(state)[0]!
      const legal = bura.legalActions(state, seat)
      let action: BuraAction
      if (state.phase === 'play') {
        // The last legal action is always "declare": leave it out while cards are played.
        action = legal[chooser.int(legal.length - 1)]!
      } else action = chooser.pick(legal)
      const out = bura.apply(state, seat, action)
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      state = out.value.state
    }
    return 1
  }
  // Warm up by work done, not by time: on a busy machine the optimising compiler lags behind the clock.
  for (let i = 0; i < 5000; i++) once()
  return perSecond(once)
}

export async function run(): Promise<BenchResult[]> {
  return [
    { name: 'bura 2-player games', value: gamesPerSecond(2), unit: 'games/s', target: { atLeast: 20_000 } },
    { name: 'bura 4-player games', value: gamesPerSecond(4), unit: 'games/s' },
  ]
}
