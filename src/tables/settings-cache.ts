import type { Clock } from '../lib/clock.js'
import { Lru } from '../lib/lru.js'
import type { GuildSettingsValue } from '../store/settings.js'

/**
 * How long a server's settings, once read, serve this process's reads. Views, answers and
 * deliveries read them several times a move, a round trip each on PostgreSQL. A change made
 * through this process is seen at once (`changed`); one made through another process sharing the
 * database (a server's interactions all reach the one shard process of that server, so only a
 * process that took over from it) within this time.
 */
export const SETTINGS_FRESH_MS = 1000

/** Servers whose settings are kept at most: the busiest, the others read again when asked. */
const KEPT_SERVERS = 10_000

/** The settings of the servers this process read lately, each for `SETTINGS_FRESH_MS`. */
export class SettingsCache {
  private readonly kept = new Lru<string, { readonly settings: GuildSettingsValue; readonly at: number }>(KEPT_SERVERS)
  /** Counts the changes: a read that a change overtook keeps nothing, it may hold the old settings. */
  private changes = 0
  /**
   * Reads under way, each with the count of changes when it began: when a server's settings fall
   * stale, every view in flight asks at once, and without this each paid its own round trip.
   */
  private readonly reading = new Map<string, { readonly changes: number; readonly read: Promise<GuildSettingsValue> }>()

  constructor(private readonly clock: Clock) {}

  async get(guildId: string, read: () => Promise<GuildSettingsValue>): Promise<GuildSettingsValue> {
    const now = this.clock.now()
    const kept = this.kept.get(guildId)
    if (kept && now - kept.at < SETTINGS_FRESH_MS) return kept.settings
    const under = this.reading.get(guildId)
    if (under?.changes === this.changes) return under.read
    const changes = this.changes
    const reading = read()
    this.reading.set(guildId, { changes, read: reading })
    try {
      const settings = await reading
      if (changes === this.changes) this.kept.set(guildId, { settings, at: now })
      return settings
    } finally {
      if (this.reading.get(guildId)?.read === reading) this.reading.delete(guildId)
    }
  }

  /** The server's settings changed (committed): the next read asks the database. */
  changed(guildId: string): void {
    this.changes++
    this.kept.delete(guildId)
  }
}
