import { badugiEngine as badugi, type BadugiState } from '../src/games/badugi/rules/index.js'
import { evaluate4 } from '../src/games/badugi/rules/hand.js'
import { Rng, seedRng } from '../src/core/rng.js'
import { perSecond, type BenchResult } from './harness.js'
import { refusalText } from '../src/render/refusals.js'
import { ENGLISH } from '../src/i18n/index.js'

/** Hand evaluations per second over pre-drawn random 4-card hands (card indices). */
function evaluationsPerSecond(): number {
  const rng = new Rng(seedRng(4))
  const hands = new Int32Array(4 * 4096)
  for (let h = 0; h < 4096; h++) {
    const cards = rng.shuffle(Array.from({ length: 52 }, (_, i) => i)).slice(0, 4)
    hands.set(cards, 4 * h)
  }
  let sink = 0
  const rate = perSecond(() => {
    for (let i = 0; i < hands.length; i += 4) sink ^= evaluate4(hands[i]!, hands[i + 1]!, hands[i + 2]!, hands[i + 3]!)
    return 4096
  })
  if (sink === 0.5) throw new Error('unreachable: keeps the loop from being optimised away')
  return rate
}

/**
 * Whole random Badugi hands through the engine: setup (shuffle, blinds, deal), then random
 * legal actions until the hand is over. Counts hands per second.
 */
function handsPerSecond(players: number, limit: 'fixed' | 'pot' | 'no'): number {
  const chooser = new Rng(seedRng(players))
  const options = badugi.optionsSchema.parse({ limit })
  const stacks = new Array<number>(players).fill(200)
  let seed = 0
  return perSecond(() => {
    const setup = badugi.setup({ players, dealer: seed % players, options, seed: seed++, stacks })
    if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
    let state: BadugiState = setup.value.state
    while (state.phase !== 'handOver') {
      const seat = state.toAct
      const out = badugi.apply(state, seat, chooser.pick(badugi.legalActions(state, seat)))
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      state = out.value.state
    }
    return 1
  })
}

export async function run(): Promise<BenchResult[]> {
  return [
    {
      name: 'badugi hand evaluations',
      value: evaluationsPerSecond(),
      unit: 'evals/s',
      target: { atLeast: 10_000_000 },
    },
    {
      name: 'badugi 6-player hands (fixed limit)',
      value: handsPerSecond(6, 'fixed'),
      unit: 'hands/s',
      target: { atLeast: 20_000 },
    },
    { name: 'badugi 6-player hands (no limit)', value: handsPerSecond(6, 'no'), unit: 'hands/s' },
  ]
}
