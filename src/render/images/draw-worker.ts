import { parentPort } from 'node:worker_threads'
import { scenePng } from './draw.js'
import type { DrawRequest, DrawReply } from './pool.js'
import type { Scene } from './scene.js'

/**
 * A drawing thread of the pool (pool.ts): scenes in, PNG bytes out, one scene per turn of the
 * event loop. The canvas library frees a picture's pixels (about 1 MB read back from the canvas)
 * in a callback the event loop runs between turns; a busy bot keeps this thread's queue full, and
 * drawing every queued scene in the turn that received them kept a thousand pictures' pixels at
 * once, over a gigabyte (docs/images.md).
 */
const waiting: DrawRequest[] = []

parentPort!.on('message', (request: DrawRequest) => {
  if (waiting.push(request) === 1) setImmediate(drawNext)
})

function drawNext(): void {
  draw(waiting.shift()!)
  if (waiting.length) setImmediate(drawNext)
}

function draw({ id, scene }: DrawRequest): void {
  let reply: DrawReply
  try {
    const png = scenePng(JSON.parse(scene) as Scene)
    // The bytes move to the bot's thread instead of being copied.
    const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : Buffer.from(png)
    reply = { id, png: own.buffer as ArrayBuffer }
    parentPort!.postMessage(reply, [reply.png])
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
    parentPort!.postMessage(reply)
  }
}
