import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { ENGLISH } from '../src/i18n/index.js'
import { engineFor, type GameId } from '../src/games/registry.js'
import { handSceneOf, tableSceneOf } from '../src/messages/pictures.js'
import { DrawPool } from '../src/render/images/pool.js'
import type { Scene } from '../src/render/images/scene.js'
import { fixedTable } from '../test/render/images/states.js'
import type { BenchResult } from './harness.js'
import type { RenderTime } from './render-worker.js'

/**
 * Pictures: draw + PNG encode of each game's table and hand pictures on a drawing thread, as the
 * bot draws them (without the cache: a cached picture costs nothing), over states met along games
 * at every table size. Every picture kind is drawn at least SAMPLES times, the kinds interleaved
 * so that a busy moment of the machine falls on all of them alike. Reports per picture p50 and
 * p95 of wall time and of CPU time (wall time counts the waits for a core on a busy machine, CPU
 * time does not), the mean and largest size, and the load average before and after.
 * Targets: p95 <= 15 ms, <= 60 KB.
 */

const GAMES: readonly GameId[] = ['bura', 'badugi', 'bugami']
/** Pictures of each kind (a game's table or hand) measured: enough for a steady p95. */
const SAMPLES = 600
const SEEDS = 10
const MOVES = [0, 3, 7, 12, 20] as const

interface Kind {
  readonly name: string
  readonly scenes: Scene[]
}

/** A game's states: seeds × moves, the table size going round the game's range. */
function kindsOf(game: GameId): Kind[] {
  const engine = engineFor(game)!
  const table: Scene[] = []
  const hand: Scene[] = []
  for (let seed = 1; seed <= SEEDS; seed++) {
    const players = engine.minPlayers + (seed % (engine.maxPlayers - engine.minPlayers + 1))
    for (const moves of MOVES) {
      const t = fixedTable(game, players, seed, moves)
      const toAct = engine.progress(t.state) === 'acting' ? (engine.waitingFor(t.state)[0] ?? 0) : 0
      table.push(tableSceneOf(ENGLISH, t)!)
      hand.push(handSceneOf(ENGLISH, t, toAct)!)
    }
  }
  const range = `${engine.minPlayers}-${engine.maxPlayers} players`
  return [
    { name: `render ${game} table picture (${range})`, scenes: table },
    { name: `render ${game} hand picture (${range})`, scenes: hand },
  ]
}

/** The drawing thread, from source with tsx's loader registered first (the bench runs from source). */
function startWorker(): Worker {
  const file = fileURLToPath(new URL('./render-worker.ts', import.meta.url))
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)})`, { eval: true })
}

/** Draws the scenes one after the other on the thread, one message each, as the bot's pool does. */
async function drawAll(scenes: readonly Scene[]): Promise<RenderTime[]> {
  const worker = startWorker()
  const failed = new Promise<never>((_, reject) => worker.once('error', reject))
  const drawOne = (scene: Scene) =>
    Promise.race([
      failed,
      new Promise<RenderTime>((resolve) => {
        worker.once('message', resolve)
        worker.postMessage(scene)
      }),
    ])
  try {
    // Warm-up: the font, the sprites of every card face, the canvases and buffers of every size.
    for (const scene of new Set(scenes)) await drawOne(scene)
    const out: RenderTime[] = []
    for (const scene of scenes) out.push(await drawOne(scene))
    return out
  } finally {
    await worker.terminate()
  }
}

/** Pictures drawn through the bot's pool for its memory figure, six asked at once as the work gate does. */
const POOL_PICTURES = 2000
const POOL_IN_FLIGHT = 6

/**
 * The memory a busy bot's drawing costs: the process's resident memory while the bot's own pool
 * (one thread) draws POOL_PICTURES with its queue never empty, above what it was before. Each
 * picture reads its pixels back into a fresh buffer (about 1 MB), which the thread must let go of
 * as it goes (draw-worker.ts).
 */
async function poolPeakMb(scenes: readonly Scene[]): Promise<number> {
  const pool = new DrawPool(1)
  await pool.draw(scenes[0]!)
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
  let next = 0
  const lane = async () => {
    while (next < POOL_PICTURES) await pool.draw(scenes[next++ % scenes.length]!)
  }
  try {
    await Promise.all(Array.from({ length: POOL_IN_FLIGHT }, lane))
  } finally {
    clearInterval(sampler)
    await pool.close()
  }
  return (Math.max(peak, process.memoryUsage.rss()) - before) / 2 ** 20
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

export async function run(): Promise<BenchResult[]> {
  const kinds = GAMES.flatMap(kindsOf)
  // Interleaved: scene i of every kind, then scene i + 1 …; every kind has the same number of states.
  const states = kinds[0]!.scenes.length
  const scenes = Array.from({ length: states }, (_, i) => kinds.map((k) => k.scenes[i]!)).flat()
  const rounds = Math.ceil(SAMPLES / states)
  const loadBefore = loadavg()[0]!
  const times = await drawAll(Array.from({ length: rounds }, () => scenes).flat())
  const poolMb = await poolPeakMb(scenes)
  const loadAfter = loadavg()[0]!
  const out: BenchResult[] = [{ name: 'render: load average (1 min) before', value: loadBefore, unit: '' }]
  kinds.forEach((kind, k) => {
    const of = <K extends keyof RenderTime>(key: K) => times.filter((_, i) => i % kinds.length === k).map((t) => t[key])
    const wall = of('wall')
    const cpu = of('cpu')
    const bytes = of('bytes')
    const name = `${kind.name}, ${wall.length} drawn`
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    out.push(
      { name: `${name}: wall p50`, value: quantile(wall, 0.5), unit: 'ms' },
      { name: `${name}: wall p95`, value: quantile(wall, 0.95), unit: 'ms', target: { atMost: 15 } },
      { name: `${name}: CPU p50`, value: quantile(cpu, 0.5), unit: 'ms' },
      { name: `${name}: CPU p95`, value: quantile(cpu, 0.95), unit: 'ms', target: { atMost: 15 } },
      { name: `${name}: CPU in the kernel, mean`, value: mean(of('system')), unit: 'ms' },
      { name: `${name}: size mean`, value: mean(bytes) / 1024, unit: 'KB' },
      { name: `${name}: size max`, value: Math.max(...bytes) / 1024, unit: 'KB', target: { atMost: 60 } },
    )
  })
  out.push({
    name: `render: the bot's drawing pool, ${POOL_PICTURES} pictures ${POOL_IN_FLIGHT} at a time: memory added at peak`,
    value: poolMb,
    unit: 'MB',
    target: { atMost: 256 },
  })
  out.push({ name: 'render: load average (1 min) after', value: loadAfter, unit: '' })
  return out
}
