import { parsePolicy, runArena, type Policy } from '../src/arena/arena.js'
import { gameModule } from '../src/games/registry.js'
import type { BenchResult } from './harness.js'

/**
 * The AI's strength targets at the default level against the automatic move, and its cost.
 * Each is one seeded arena run, the same as `npm run --silent simulate -- --seats ...` prints.
 */
function arena(game: string, seats: string, games: number, options: Record<string, unknown> = {}) {
  const policies = seats.split(',').map((s) => parsePolicy(s) as Policy)
  const started = performance.now()
  const report = runArena({ game: gameModule(game)!, policies, games, seed: 7, options })
  return { report, seconds: (performance.now() - started) / 1000 }
}

export async function run(): Promise<BenchResult[]> {
  const bura = arena('bura', 'ai,auto', 1000)
  const bugami = arena('bugami', 'ai,auto,auto,auto', 100)
  const badugi = arena('badugi', 'ai,auto,auto', 5000, { limit: 'fixed' })
  return [
    {
      name: 'ai bura 2 players, ai vs auto, 1,000 games: ai win rate',
      value: bura.report.seats[0]!.winRate,
      unit: 'of games',
      target: { atLeast: 0.6 },
    },
    {
      name: 'ai bura 2 players, 1,000 games with one ai seat: wall time',
      value: bura.seconds,
      unit: 's',
      target: { atMost: 600 },
    },
    {
      name: 'ai bugami 4 players, one ai and three auto, 100 matches: ai win rate',
      value: bugami.report.seats[0]!.winRate,
      unit: 'of matches',
      target: { atLeast: 0.4 },
    },
    {
      name:
        'ai badugi fixed limit 3 players, one ai and two auto, 5,000 hands: low end of the 95% interval of ' +
        'ai net chips per hand',
      value: badugi.report.seats[0]!.netCI[0],
      unit: 'chips/hand',
      target: { atLeast: Number.MIN_VALUE },
    },
    {
      name: 'ai badugi: ai net chips per hand',
      value: badugi.report.seats[0]!.net,
      unit: 'chips/hand',
    },
    {
      name: 'ai decision cost (bura normal level)',
      value: (bura.seconds * 1000) / bura.report.decisions,
      unit: 'ms/decision',
    },
  ]
}
