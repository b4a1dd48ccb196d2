import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { scenePng } from './draw.js'
import type { Scene } from './scene.js'
import { drawThreads } from './threads.js'

/**
 * Pictures are drawn on threads of their own: painting and compressing one takes a few ms of CPU,
 * which on the bot's thread would hold up every other table's moves (how many: threads.ts).
 */

export interface DrawRequest {
  readonly id: number
  /** The scene as JSON: a string crosses to the thread as one copy, an object field by field. */
  readonly scene: string
}

export type DrawReply =
  { readonly id: number; readonly png: ArrayBuffer } | { readonly id: number; readonly error: string }

interface Thread {
  worker: Worker
  pending: Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>
  /** It has drawn a picture: a thread that dies before that would die again, and is not replaced. */
  worked: boolean
}

export class DrawPool {
  private readonly threads: Thread[] = []
  private nextId = 0
  private closed = false

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.threads.push(this.spawn())
  }

  /**
   * The scene's PNG, from the least busy thread (on this thread when the pool has none). `json` is
   * the scene's JSON when the caller has it already (the picture cache's key).
   */
  draw(scene: Scene, json?: string): Promise<Buffer> {
    if (this.threads.length === 0) return Promise.resolve(scenePng(scene))
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
    const id = this.nextId++
    return new Promise<Buffer>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref()
      thread.pending.set(id, { resolve, reject })
      thread.worker.postMessage({ id, scene: json ?? JSON.stringify(scene) } satisfies DrawRequest)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()))
  }

  private spawn(): Thread {
    const worker = startWorker()
    const thread: Thread = { worker, pending: new Map(), worked: false }
    // An idle pool never keeps the process alive.
    worker.unref()
    worker.on('message', (reply: DrawReply) => {
      const job = thread.pending.get(reply.id)
      if (!job) return
      thread.pending.delete(reply.id)
      thread.worked = true
      if (thread.pending.size === 0) worker.unref()
      if ('error' in reply) job.reject(new Error(`drawing a picture failed: ${reply.error}`))
      else job.resolve(Buffer.from(reply.png))
    })
    // A thread that dies takes its pictures with it (they fail, the messages go out without);
    // a fresh one takes its place, unless it never drew one (then pictures are drawn here).
    worker.on('error', (error) => this.replace(thread, error))
    worker.on('exit', (code) => this.replace(thread, new Error(`the drawing thread exited (${code})`)))
    return thread
  }

  private replace(thread: Thread, error: Error): void {
    for (const job of thread.pending.values()) job.reject(error)
    thread.pending.clear()
    const at = this.threads.indexOf(thread)
    if (at < 0) return
    if (thread.worked && !this.closed) this.threads[at] = this.spawn()
    else this.threads.splice(at, 1)
  }
}

/**
 * The worker from the compiled file, or, when the bot runs from source (tests, `npm run dev`), from
 * the source with tsx's loader registered in the thread first.
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts')
  const file = new URL(`./draw-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url)
  if (!fromSource) return new Worker(file)
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))})`
  return new Worker(boot, { eval: true })
}

let shared: DrawPool | null = null

/** The bot's pool, started on first use with `drawThreads()` threads. */
export function drawPool(): DrawPool {
  return (shared ??= new DrawPool(drawThreads()))
}
