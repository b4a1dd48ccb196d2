import { parentPort } from 'node:worker_threads'
import { scenePng } from './draw.js'
import type { DrawRequest, DrawReply } from './pool.js'
import type { Scene } from './scene.js'

/** A drawing thread of the pool (pool.ts): scenes in, PNG bytes out. */
parentPort!.on('message', ({ id, scene }: DrawRequest) => {
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
})
