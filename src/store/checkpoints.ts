import type { CheckpointRunner } from './checkpoint-thread.js'

export interface CheckpointsOptions {
  /** The database file. */
  readonly file: string
  readonly runner: CheckpointRunner
  /** Runs `fn` while no statement or transaction of the bot's connection runs (its gate, sql.ts). */
  readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  /** The thread failed: from now on the bot's connection checkpoints itself, as SQLite does by default. */
  readonly fallBack: () => Promise<void>
  /** Writes between two checkpoints. */
  readonly everyWrites: number
}

/**
 * When the WAL is copied into the database (docs/database.md, "Checkpoints"). SQLite's automatic
 * checkpoint does it inside the commit that fills the WAL, on the bot's thread: a few percent of
 * commits then took several times as long. The bot's connection runs with it off, and this asks the
 * checkpoint thread for a PASSIVE checkpoint every `everyWrites` writes it commits, which copies
 * the WAL while the bot goes on committing.
 *
 * A WAL is written from its start again (so its file stops growing) only by the first commit after
 * every frame in it is in the database. Commits that land while the checkpoint runs stay behind in
 * the WAL, and under steady writes that would be so every time: so when some did, the thread
 * copies those few frames too while the connection waits (its gate: the bot's thread goes on with
 * everything but the database). The reply comes through the event loop: a thread that never
 * returns to it (a synchronous loop of commits) gets no checkpoint meanwhile.
 */
export class Checkpoints {
  /** Writes committed since the connection opened, and at the last checkpoint's request. */
  #written = 0
  #asked = 0
  #round: Promise<void> | null = null
  #off = false

  constructor(private readonly opts: CheckpointsOptions) {}

  /** A write was committed to the WAL. */
  wrote(): void {
    this.#written++
    if (this.#off || this.#round || this.#written - this.#asked < this.opts.everyWrites) return
    this.#round = this.#run().finally(() => (this.#round = null))
  }

  /** Waits for a checkpoint in progress, starts none after, and closes the thread's connection. */
  async close(): Promise<void> {
    this.#off = true
    await this.#round
    await this.opts.runner.close(this.opts.file)
  }

  async #run(): Promise<void> {
    const { runner, file, exclusive } = this.opts
    this.#asked = this.#written
    try {
      const done = await runner.checkpoint(file)
      // log < 0: another process was checkpointing (the audit CLI): it is left to the next round.
      if (done.log >= 0 && this.#written > this.#asked) await exclusive(() => runner.checkpoint(file))
    } catch {
      this.#off = true
      // A connection that cannot even set a pragma fails every statement after: nothing to add.
      await this.opts.fallBack().catch(() => {})
    }
  }
}
