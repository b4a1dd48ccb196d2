import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { CheckpointReply, CheckpointRequest } from './checkpoint-worker.js'

/** Where a database's WAL stands after a checkpoint (checkpoint-worker.ts). */
export interface CheckpointResult {
  readonly log: number
  readonly checkpointed: number
}

/** What the checkpoint policy (checkpoints.ts) needs of the thread. */
export interface CheckpointRunner {
  checkpoint(file: string): Promise<CheckpointResult>
  /** Closes the thread's connection to `file` (the bot's connection stays the last one open). */
  close(file: string): Promise<void>
}

type Pending = (reply: CheckpointReply) => void

/**
 * The one checkpoint thread of the process, shared by every SQLite database it opens (tests open
 * many), started at the first checkpoint. Idle, it keeps no process alive.
 */
class CheckpointThread implements CheckpointRunner {
  #worker: Worker | null = null
  readonly #pending = new Map<number, Pending>()
  #nextId = 0

  async checkpoint(file: string): Promise<CheckpointResult> {
    const reply = await this.#ask({ file })
    if ('error' in reply) throw new Error(`checkpoint failed: ${reply.error}`)
    if (!('log' in reply)) throw new Error('checkpoint thread answered out of turn')
    return { log: reply.log, checkpointed: reply.checkpointed }
  }

  async close(file: string): Promise<void> {
    // A thread never started has no connection to close.
    if (!this.#worker) return
    const reply = await this.#ask({ file, close: true })
    if ('error' in reply) throw new Error(`closing the checkpoint connection failed: ${reply.error}`)
  }

  #ask(req: Omit<CheckpointRequest, 'id'>): Promise<CheckpointReply> {
    const worker = (this.#worker ??= this.#start())
    const id = this.#nextId++
    return new Promise((resolve) => {
      if (this.#pending.size === 0) worker.ref()
      this.#pending.set(id, resolve)
      worker.postMessage({ id, ...req } satisfies CheckpointRequest)
    })
  }

  #start(): Worker {
    const fromSource = import.meta.url.endsWith('.ts')
    const file = new URL(`./checkpoint-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url)
    let worker: Worker
    if (fromSource) {
      // Tests and `npm run dev` run the sources: the thread loads them through tsx too.
      const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
      const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))})`
      worker = new Worker(boot, { eval: true })
    } else worker = new Worker(file)
    worker.unref()
    worker.on('message', (reply: CheckpointReply) => {
      this.#pending.get(reply.id)?.(reply)
      this.#pending.delete(reply.id)
      if (this.#pending.size === 0) worker.unref()
    })
    // A thread that died fails what it was asked; the next request starts a fresh one.
    const died = (error: Error) => {
      if (this.#worker === worker) this.#worker = null
      for (const done of this.#pending.values()) done({ id: -1, error: error.message })
      this.#pending.clear()
    }
    worker.on('error', died)
    worker.on('exit', (code) => died(new Error(`the checkpoint thread exited (${code})`)))
    return worker
  }
}

let shared: CheckpointThread | null = null

/** The process's checkpoint thread. */
export function checkpointThread(): CheckpointRunner {
  return (shared ??= new CheckpointThread())
}
