import { open, type FileHandle } from 'node:fs/promises'

/**
 * Durable commits without blocking the bot's thread. With `synchronous = FULL` SQLite fsyncs the
 * WAL inside every COMMIT, on the thread that runs everything else: under load that was a quarter
 * of the bot's main thread spent waiting for the disk (docs/database.md, "Durability"). The
 * connection runs with `synchronous = NORMAL` instead (SQLite then syncs the WAL only around
 * checkpoints) and this syncs the WAL file after commits, on libuv's thread pool, which is what
 * FULL does in WAL mode. Commits that land while a sync runs share the next one (group commit).
 *
 * The connection calls `wrote()` after each write it commits; whatever leaves the process (every
 * Discord request) first awaits `durable()`, so nothing a player sees can be lost to a power cut.
 */
export class WalSync {
  #written = 0
  #synced = 0
  #running: Promise<void> | null = null

  /** `sync` makes everything written to the WAL so far durable. */
  constructor(private readonly sync: () => Promise<void>) {}

  /** fdatasync of the database's WAL file, kept open while the connection is. */
  static forDatabase(file: string): { wal: WalSync; close: () => Promise<void> } {
    let handle: FileHandle | null = null
    const wal = new WalSync(async () => {
      // Opened at the first sync: SQLite makes the file with the first write and removes it only
      // when its last connection (this one) closes. No file yet, nothing written to sync.
      handle ??= await open(`${file}-wal`, 'r+').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null
        throw e
      })
      await handle?.datasync()
    })
    return { wal, close: async () => void (await handle?.close()) }
  }

  /** A write was committed to the WAL. */
  wrote(): void {
    this.#written++
  }

  /** Resolves once every write committed before this call is on disk; rejects if a sync fails. */
  async durable(): Promise<void> {
    const target = this.#written
    while (this.#synced < target) {
      this.#running ??= this.#syncNow()
      await this.#running
    }
  }

  async #syncNow(): Promise<void> {
    // Writes committed after this point may have missed this sync: they wait for the next one.
    const upTo = this.#written
    try {
      await this.sync()
      this.#synced = Math.max(this.#synced, upTo)
    } finally {
      this.#running = null
    }
  }
}
