import { parentPort } from 'node:worker_threads'
import { scenePng } from '../src/render/images/draw.js'
import type { Scene } from '../src/render/images/scene.js'

/**
 * The render bench's drawing thread (render.bench.ts): draws each scene as the bot's drawing
 * threads do (paint, encode, cards chunk) and times every picture: wall time, and CPU time from
 * process.cpuUsage(), which counts this thread to the microsecond (the bench's main thread is
 * idle meanwhile, other threads at most to the scheduler's tick).
 */

export interface RenderJob {
  readonly scenes: readonly Scene[]
  /** How many times each scene is drawn, round after round. */
  readonly rounds: number
}

export interface RenderTimes {
  /** Per picture, in drawing order (round by round, scene by scene): ms and bytes. */
  readonly wall: Float64Array
  readonly cpu: Float64Array
  readonly bytes: Float64Array
}

parentPort!.once('message', ({ scenes, rounds }: RenderJob) => {
  // Warm-up: the font, the sprites of every card face, the canvases and buffers of every size.
  for (const scene of scenes) scenePng(scene)
  const n = scenes.length * rounds
  const times: RenderTimes = { wall: new Float64Array(n), cpu: new Float64Array(n), bytes: new Float64Array(n) }
  let i = 0
  for (let r = 0; r < rounds; r++)
    for (const scene of scenes) {
      const start = performance.now()
      const cpu = process.cpuUsage()
      const png = scenePng(scene)
      const used = process.cpuUsage(cpu)
      times.wall[i] = performance.now() - start
      times.cpu[i] = (used.user + used.system) / 1000
      times.bytes[i++] = png.length
    }
  parentPort!.postMessage(times)
})
