import { parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * The checkpoint thread (checkpoint-thread.ts): one connection of its own per database file, on
 * which it copies the WAL's committed pages into the database when asked, while the bot's
 * connection goes on committing (a PASSIVE checkpoint never waits for or blocks a writer).
 */
export type CheckpointRequest = { readonly id: number; readonly file: string; readonly close?: true }
/** `log`: frames in the WAL when the checkpoint ended; `checkpointed`: how many of them are in the database. */
export type CheckpointReply =
  | { readonly id: number; readonly log: number; readonly checkpointed: number }
  | { readonly id: number; readonly closed: true }
  | { readonly id: number; readonly error: string }

const open = new Map<string, Database.Database>()

function checkpoint(file: string): { log: number; checkpointed: number } {
  let db = open.get(file)
  if (!db) {
    // NORMAL as on the bot's connection: the checkpoint syncs the WAL before it overwrites any
    // database page and the database after, so a power cut midway loses nothing.
    db = new Database(file, { fileMustExist: true, timeout: 0 })
    db.pragma('synchronous = NORMAL')
    // It never commits, but its connection must never checkpoint on its own either.
    db.pragma('wal_autocheckpoint = 0')
    open.set(file, db)
  }
  // One row: busy (another process checkpoints now: try next time), log, checkpointed.
  const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[]
  return { log: row!.log, checkpointed: row!.checkpointed }
}

parentPort?.on('message', (req: CheckpointRequest) => {
  try {
    if (req.close) {
      open.get(req.file)?.close()
      open.delete(req.file)
      return parentPort!.postMessage({ id: req.id, closed: true } satisfies CheckpointReply)
    }
    parentPort!.postMessage({ id: req.id, ...checkpoint(req.file) } satisfies CheckpointReply)
  } catch (error) {
    parentPort!.postMessage({ id: req.id, error: String(error) } satisfies CheckpointReply)
  }
})
