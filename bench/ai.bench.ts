import { parsePolicy, quantile, runArena, type ArenaReport, type Policy } from '../src/arena/arena.js'
import { gameModule } from '../src/games/registry.js'
import type { BenchResult } from './harness.js'

/** The bot's cap on one AI decision (AI_THINK_MS's default): the strong runs decide under it, as in the bot. */
const THINK_MS = 300

/**
 * The AI's targets (issue 37): each a seeded duplicate arena, the same as
 * `npm run --silent simulate -- --duplicate --seats ...` prints, with its 95% interval in the line.
 */
function arena(game: string, seats: string, deals: number, options: Record<string, unknown> = {}, thinkMs?: number) {
  const policies = seats.split(',').map((s) => parsePolicy(s) as Policy)
  const started = performance.now()
  const report = runArena({
    game: gameModule(game)!,
    policies,
    games: deals,
    seed: 37,
    options,
    duplicate: true,
    ...(thinkMs !== undefined ? { thinkMs } : {}),
  })
  return { report, seconds: (performance.now() - started) / 1000 }
}

const range = ([lo, hi]: readonly [number, number], digits = 3) => `${lo.toFixed(digits)} to ${hi.toFixed(digits)}`

function winRate(name: string, r: ArenaReport, atLeast: number): BenchResult {
  const s = r.seats[0]!
  return {
    name: `${name}, ${r.games} games (95% interval ${range(s.winRateCI)})`,
    value: s.winRate,
    unit: 'of games',
    target: { atLeast },
  }
}

export async function run(): Promise<BenchResult[]> {
  const out: BenchResult[] = []
  const bura = arena('bura', 'ai,expert', 500)
  out.push(winRate('ai bura 2 players: normal against the expert', bura.report, 0.55), {
    name: `ai bura: ${bura.report.games} duplicate games at normal, wall time`,
    value: bura.seconds,
    unit: 's',
    target: { atMost: 600 },
  })
  const buraEasy = arena('bura', 'ai,ai:easy', 300)
  out.push(winRate('ai bura 2 players: normal against easy', buraEasy.report, 0.55))
  // 500 deals: two searching levels differ by a few games in a hundred, which 200 deals cannot resolve.
  const buraStrong = arena('bura', 'ai:strong,ai', 500, {}, THINK_MS)
  out.push(winRate('ai bura 2 players: strong against normal', buraStrong.report, 0.55), {
    name: `ai bura strong: decision time p99 under the bot's ${THINK_MS} ms cap (${buraStrong.report.decisionMs[0]!.length} decisions)`,
    value: quantile(buraStrong.report.decisionMs[0]!, 0.99),
    unit: 'ms',
    target: { atMost: 300 },
  })

  const fixed = { limit: 'fixed' }
  // 1,200 deals (3,600 hands in rotation): a Badugi hand's result swings by whole bets, and strong's
  // bigger pots swing more; fewer hands leave intervals too wide to tell two good levels apart.
  const badugi = arena('badugi', 'ai,expert,expert', 1200, fixed)
  const badugiStrong = arena('badugi', 'ai:strong,expert,expert', 1200, fixed, THINK_MS)
  const bb = (r: ArenaReport) => r.seats[0]!.bbPer100!
  out.push(
    {
      name: `ai badugi fixed limit 3 players: normal against two experts, low end of the 95% interval of bb/100 (mean ${bb(badugi.report).mean}, ${range(bb(badugi.report).ci, 1)}, ${badugi.report.games} hands)`,
      value: bb(badugi.report).ci[0],
      unit: 'bb/100',
      target: { atLeast: Number.MIN_VALUE },
    },
    {
      name: `ai badugi: strong's low end of the interval over normal's high end (strong mean ${bb(badugiStrong.report).mean}, ${range(bb(badugiStrong.report).ci, 1)})`,
      value: bb(badugiStrong.report).ci[0] - bb(badugi.report).ci[1],
      unit: 'bb/100',
      target: { atLeast: Number.MIN_VALUE },
    },
  )

  const bugami = arena('bugami', 'ai,expert,expert,expert', 15)
  const bugamiStrong = arena('bugami', 'ai:strong,expert,expert,expert', 10, {}, THINK_MS)
  const par = (r: ArenaReport) => r.seats[0]!.pointsOverPar
  out.push(
    {
      name: `ai bugami 4 players: normal against three experts, low end of the 95% interval of points over par per match (mean ${par(bugami.report).mean}, ${range(par(bugami.report).ci, 1)}, ${bugami.report.games} matches)`,
      value: par(bugami.report).ci[0],
      unit: 'points',
      target: { atLeast: Number.MIN_VALUE },
    },
    {
      name: `ai bugami: strong over par minus normal over par (strong mean ${par(bugamiStrong.report).mean}, ${range(par(bugamiStrong.report).ci, 1)}, ${bugamiStrong.report.games} matches)`,
      value: par(bugamiStrong.report).mean - par(bugami.report).mean,
      unit: 'points',
      target: { atLeast: Number.MIN_VALUE },
    },
    {
      name: 'ai decision cost (bura normal level)',
      value: quantile(bura.report.decisionMs[0]!, 0.5),
      unit: 'ms median',
    },
  )
  return out
}
