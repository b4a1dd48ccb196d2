import { parentPort } from 'node:worker_threads'
import { engineFor } from '../../games/registry.js'
import { writeGameFile, type GameLogInput } from '../../tables/index.js'

/** Writes `/table log` files on a thread of its own (log-thread.ts): one request at a time. */
export type LogRequest = { readonly id: number; readonly game: string; readonly input: Omit<GameLogInput, 'table'> }
export type LogReply =
  | { readonly id: number; readonly file: unknown }
  | { readonly id: number; readonly unknownGame: true }
  | { readonly id: number; readonly error: string }

parentPort?.on('message', (req: LogRequest) => {
  const engine = engineFor(req.game)
  // A game registered only in the bot's thread (a test's toy game): the bot writes it itself.
  if (!engine) return parentPort!.postMessage({ id: req.id, unknownGame: true } satisfies LogReply)
  try {
    parentPort!.postMessage({ id: req.id, file: writeGameFile(engine, req.input) } satisfies LogReply)
  } catch (error) {
    parentPort!.postMessage({ id: req.id, error: String(error) } satisfies LogReply)
  }
})
