/**
 * Fits the weights of the Bura AI's position judgement (`JUDGE_WEIGHTS` in src/games/bura/judge.ts):
 * plays two-seat games of the AI at `normal` against itself, takes every trick start with each seat's
 * `judgeFeatures` and who won the game, and fits a logistic regression (Newton's method).
 *
 *   npx tsx scripts/fit-bura-judge.ts [games=4000] [seed=4]
 *
 * Prints the weights to paste into judge.ts and the average log loss (lower: better judged). The
 * games are played with the weights in judge.ts, so a second fit after pasting moves them little.
 */
import { decideBura } from '../src/games/bura/ai.js'
import { judgeFeatures, standing, winChance } from '../src/games/bura/judge.js'
import { buraEngine } from '../src/games/bura/rules/index.js'
import { SeatRecorder } from '../src/ai/record.js'
import type { BuraHistory } from '../src/games/bura/expert.js'

const games = Number(process.argv[2] ?? 4000)
const seed = Number(process.argv[3] ?? 4)
const options = buraEngine.optionsSchema.parse({})

/** Every trick start of one game, both seats' features, and who won it (null: nobody, left out). */
function playGame(g: number): { features: number[][]; winner: number } | null {
  const setup = buraEngine.setup({ players: 2, dealer: g % 2, options, seed: seed * 1_000_003 + g })
  if (!setup.ok) return null
  let state = setup.value.state
  const recorders = [0, 1].map((seat) => new SeatRecorder(buraEngine, seat, 2, options))
  for (const r of recorders) r.record(state, setup.value.events, null, null)
  const features: number[][] = []
  for (let step = 0; buraEngine.progress(state) === 'acting'; step++) {
    const views = [0, 1].map((seat) => buraEngine.view(state, seat))
    if (views[0]!.phase === 'play' && views[0]!.trick?.plays.length === 0) {
      const points = buraEngine.summary(state).seats.map((s) => (s as { points: number }).points)
      const at = (seat: number) => standing(points[seat]!, views[seat]!.hand ?? [], views[seat]!.trump)
      for (const seat of [0, 1])
        features.push([seat, ...judgeFeatures(at(seat), at(1 - seat), views[0]!.turn === seat)])
    }
    const seat = buraEngine.waitingFor(state)[0]!
    const history = recorders[seat]!.history() as BuraHistory
    const action = decideBura(history, { level: 'normal', seed: g * 7_919 + step })
    if (!action) return null
    const out = buraEngine.apply(state, seat, action)
    if (!out.ok) throw new Error(`the AI played an illegal move in game ${g}`)
    state = out.value.state
    for (const r of recorders) r.record(state, out.value.events, seat, action)
  }
  const winners = buraEngine.summary(state).winners ?? []
  return winners.length === 1 ? { features, winner: winners[0]! } : null
}

const xs: number[][] = []
const ys: number[] = []
for (let g = 0; g < games; g++) {
  const game = playGame(g)
  if (!game) continue
  for (const [seat, ...f] of game.features) {
    xs.push(f)
    ys.push(seat === game.winner ? 1 : 0)
  }
}

/** Solves a x = b for a small dense system (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]!])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r
    ;[m[c], m[p]] = [m[p]!, m[c]!]
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!
    x[r] = s / m[r]![r]!
  }
  return x
}

const dims = xs[0]!.length
let w = new Array<number>(dims).fill(0)
for (let iteration = 0; iteration < 30; iteration++) {
  const gradient = new Array<number>(dims).fill(0)
  // A tiny ridge keeps the system solvable when a feature barely varies.
  const hessian = Array.from({ length: dims }, (_, i) => Array.from({ length: dims }, (_, j) => (i === j ? 1e-6 : 0)))
  xs.forEach((x, i) => {
    const p = winChance(x, w)
    for (let a = 0; a < dims; a++) {
      gradient[a]! += (ys[i]! - p) * x[a]!
      for (let b = 0; b < dims; b++) hessian[a]![b]! += p * (1 - p) * x[a]! * x[b]!
    }
  })
  const step = solve(hessian, gradient)
  w = w.map((v, i) => v + step[i]!)
}
let loss = 0
xs.forEach((x, i) => {
  const p = Math.min(1 - 1e-9, Math.max(1e-9, winChance(x, w)))
  loss -= ys[i]! ? Math.log(p) : Math.log(1 - p)
})
console.log(`${xs.length} positions from ${games} games, log loss ${(loss / xs.length).toFixed(4)}`)
console.log(`JUDGE_WEIGHTS = [${w.map((v) => v.toFixed(4)).join(', ')}]`)
