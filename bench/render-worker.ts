import { parentPort } from 'node:worker_threads'
import { scenePng } from '../src/render/images/draw.js'
import type { Scene } from '../src/render/images/scene.js'

/**
 * The render bench's drawing thread (render.bench.ts): like the bot's (draw-worker.ts), it gets
 * one scene a message and draws it (paint, encode, cards chunk), and answers with the picture's
 * times instead of its bytes: wall time, and CPU time from process.cpuUsage(), which counts this
 * thread to the microsecond (the bench's main thread waits meanwhile; other threads count at the
 * scheduler's tick). One scene a message, as in the bot, also keeps the garbage collector's pace:
 * a tight loop of draws would pile up the canvas's pixel buffers, which the collector does not
 * see, and fault fresh memory in for every picture.
 */

export interface RenderTime {
  readonly wall: number
  readonly cpu: number
  readonly system: number
  readonly bytes: number
}

parentPort!.on('message', (scene: Scene) => {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const png = scenePng(scene)
  const used = process.cpuUsage(cpu)
  const wall = performance.now() - start
  parentPort!.postMessage({
    wall,
    cpu: (used.user + used.system) / 1000,
    system: used.system / 1000,
    bytes: png.length,
  } satisfies RenderTime)
})
