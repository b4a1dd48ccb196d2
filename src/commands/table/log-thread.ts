import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { engineFor } from '../../games/registry.js'
import { writeGameFile, type GameLogInput } from '../../tables/index.js'
import type { GameFile } from '../../tables/scenario/index.js'
import type { LogReply, LogRequest } from './log-worker.js'

/**
 * `/table log` deals every card the asker never saw afresh until the game fits all they saw
 * (rejection sampling, up to seconds for a long game): on the bot's thread that would hold up every
 * table's moves meanwhile. So the file is written on a thread of its own, started on the first
 * `/table log` and kept (idle, it keeps no process alive).
 */
let thread: { worker: Worker; pending: Map<number, (reply: LogReply) => void> } | null = null
let nextId = 0

function start(): NonNullable<typeof thread> {
  const fromSource = import.meta.url.endsWith('.ts')
  const file = new URL(`./log-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url)
  let worker: Worker
  if (fromSource) {
    // Tests and `npm run dev` run the sources: the thread loads them through tsx too.
    const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
    worker = new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))})`, {
      eval: true,
    })
  } else worker = new Worker(file)
  const started = { worker, pending: new Map<number, (reply: LogReply) => void>() }
  worker.unref()
  worker.on('message', (reply: LogReply) => {
    started.pending.get(reply.id)?.(reply)
    started.pending.delete(reply.id)
    if (started.pending.size === 0) worker.unref()
  })
  // A thread that died fails what it was writing; the next file starts a fresh one.
  const died = (error: Error) => {
    if (thread === started) thread = null
    for (const done of started.pending.values()) done({ id: -1, error: error.message })
    started.pending.clear()
  }
  worker.on('error', died)
  worker.on('exit', (code) => died(new Error(`the log thread exited (${code})`)))
  return started
}

/** The file of `input`, written off the bot's thread (on it only for a game the thread does not know). */
export async function writeGameFileAside(input: GameLogInput): Promise<GameFile | null> {
  const t = (thread ??= start())
  const id = nextId++
  const { table, ...rest } = input
  const reply = await new Promise<LogReply>((resolve) => {
    if (t.pending.size === 0) t.worker.ref()
    t.pending.set(id, resolve)
    t.worker.postMessage({ id, game: table.game, input: rest } satisfies LogRequest)
  })
  if ('file' in reply) return reply.file as GameFile | null
  if ('error' in reply) throw new Error(`writing the table log failed: ${reply.error}`)
  const engine = engineFor(table.game)
  return engine ? writeGameFile(engine, rest) : null
}
