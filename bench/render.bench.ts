import { ENGLISH } from '../src/i18n/index.js'
import type { GameId } from '../src/games/registry.js'
import { handSceneOf, tableSceneOf } from '../src/render/images/index.js'
import { paintHand, paintTable } from '../src/render/images/paint.js'
import { encodePng } from '../src/render/images/png.js'
import type { Scene } from '../src/render/images/scene.js'
import { fixedTable } from '../test/render/images/states.js'
import type { BenchResult } from './harness.js'

/**
 * Pictures: draw + PNG encode of each game's table and hand pictures, over states met along a
 * game (several seeds, several moves in), without the cache (a cached picture costs nothing).
 * Reports p50 and p95 wall milliseconds, the mean CPU milliseconds and the mean size per picture.
 * Targets: p95 <= 15 ms, <= 60 KB.
 */

const GAMES: readonly { game: GameId; players: number }[] = [
  { game: 'bura', players: 4 },
  { game: 'badugi', players: 6 },
  { game: 'bugami', players: 5 },
]

function scenes(game: GameId, players: number): { table: Scene[]; hand: Scene[] } {
  const table: Scene[] = []
  const hand: Scene[] = []
  for (let seed = 1; seed <= 6; seed++) {
    for (const moves of [0, 3, 7, 12]) {
      const t = fixedTable(game, players, seed, moves)
      table.push(tableSceneOf(ENGLISH, t)!)
      hand.push(handSceneOf(ENGLISH, t, 0)!)
    }
  }
  return { table, hand }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

function measure(list: readonly Scene[], rounds: number): { p50: number; p95: number; bytes: number; cpu: number } {
  const paint = (s: Scene) => {
    const p = s.kind === 'table' ? paintTable(s) : paintHand(s)
    return encodePng(p.rgba, p.width, p.height, { cards: '' })
  }
  for (const s of list.slice(0, 4)) paint(s) // warm-up: font loading, first allocations
  const times: number[] = []
  let bytes = 0
  // CPU time too: on a machine shared with other work, wall time counts the waits for a core.
  const cpuStart = process.cpuUsage()
  for (let r = 0; r < rounds; r++) {
    for (const s of list) {
      const start = performance.now()
      const png = paint(s)
      times.push(performance.now() - start)
      bytes += png.length
    }
  }
  const cpu = process.cpuUsage(cpuStart)
  times.sort((a, b) => a - b)
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    bytes: bytes / times.length,
    cpu: (cpu.user + cpu.system) / 1000 / times.length,
  }
}

export async function run(): Promise<BenchResult[]> {
  const out: BenchResult[] = []
  for (const { game, players } of GAMES) {
    const all = scenes(game, players)
    for (const kind of ['table', 'hand'] as const) {
      const m = measure(all[kind], 3)
      const name = `render ${game} ${kind} picture (${players} players)`
      out.push({ name: `${name} p50`, value: m.p50, unit: 'ms' })
      out.push({ name: `${name} p95`, value: m.p95, unit: 'ms', target: { atMost: 15 } })
      out.push({ name: `${name} CPU mean`, value: m.cpu, unit: 'ms' })
      out.push({ name: `${name} size`, value: m.bytes / 1024, unit: 'KB', target: { atMost: 60 } })
    }
  }
  return out
}
