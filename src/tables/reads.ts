import { ok, type AnyEngine, type Outcome } from '../core/engine.js'
import { Rng, seedRng } from '../core/rng.js'
import type { AnySeatHistory } from '../ai/index.js'
import type { AuditReport } from '../store/audit.js'
import type { Leaderboard } from '../store/leaderboards.js'
import type { MemberRating, SkillBoard } from '../store/ratings.js'
import type { GuildSettingsValue, SettingsPatch } from '../store/settings.js'
import type { StatRow } from '../store/stats.js'
import type { TablePlace } from '../store/tables.js'
import { Lru } from '../lib/lru.js'
import { seatHistory } from './ai-history.js'
import { SettingsCache } from './settings-cache.js'
import { rebuildState } from './rebuild.js'
import { gameFile, type Asker, type GameFile } from './scenario/index.js'
import type { ActiveTable, GameEvents, TableSnapshot } from './types.js'
import type { UnitOfWork } from './unit-of-work.js'

export interface LeaderboardView extends Leaderboard {
  /** What `value` counts. */
  readonly unit: 'chips' | 'netChips' | 'wins'
  /** The rows in render's shape. */
  readonly entries: readonly {
    userId: string
    value: number
    games?: number
    wins?: number
    points?: number
    rank: number
  }[]
  /** The caller (null: not on this board yet). */
  readonly viewer: { userId: string; rank: number | null; value: number | null }
}

/** What the bot reads from the tables and the store: tables, their logs, boards, stats, settings, the audit. */
export class Reads {
  private readonly settingsKept: SettingsCache
  /** Tables' places, which never change: every control's check of where it was used reads one. */
  private readonly places = new Lru<string, TablePlace>(KEPT_PLACES)

  constructor(
    private readonly work: UnitOfWork,
    /** Seeds of the random source that deals the unseen cards of a `/table log` file afresh. */
    private readonly fileSeeds: () => number,
  ) {
    this.settingsKept = new SettingsCache(work.clock)
  }

  get(tableId: string): Promise<TableSnapshot | null> {
    return this.work.current(tableId)
  }

  /** Where a table is (server and channel); null: no such table. */
  async place(tableId: string): Promise<TablePlace | null> {
    const kept = this.places.get(tableId)
    if (kept) return kept
    const place = await this.work.store.tables.place(tableId)
    if (place) this.places.set(tableId, place)
    return place
  }

  async inChannel(guildId: string, channelId: string): Promise<TableSnapshot | null> {
    const rec = await this.work.store.tables.openInChannel(guildId, channelId)
    return rec ? this.work.snapshot(rec) : null
  }

  /** The open tables of a server (id and channel), for closing them when their place is gone. */
  openTablesIn(guildId: string): Promise<{ id: string; channelId: string }[]> {
    return this.work.store.tables.openInGuild(guildId)
  }

  /** Lobbies opened before `openedBefore` (ms), oldest first, at most `limit` (the expiry sweep). */
  expiredLobbies(openedBefore: number, limit = 100): Promise<{ id: string; guildId: string }[]> {
    return this.work.store.tables.lobbiesOpenedBefore(openedBefore, limit)
  }

  /** When the oldest open lobby was opened (ms), or null: the expiry sweep's next wake-up. */
  oldestLobby(): Promise<number | null> {
    return this.work.store.tables.oldestLobby()
  }

  async activeTables(): Promise<ActiveTable[]> {
    return (await this.work.store.tables.active()).map((t) => ({
      id: t.id,
      game: t.game,
      guildId: t.guildId,
      channelId: t.channelId,
      status: t.status as 'lobby' | 'playing',
      version: t.version,
      deadlineAt: t.deadlineAt,
    }))
  }

  /** Every lobby and running table, whole, in one query (start-up re-arms and catches up with them). */
  async activeSnapshots(): Promise<TableSnapshot[]> {
    return (await this.work.store.tables.active()).map((rec) => this.work.snapshot(rec))
  }

  /** Running tables whose deadline has passed (at most `limit`, oldest first): the deadline sweep's work. */
  async overdue(limit: number): Promise<TableSnapshot[]> {
    return (await this.work.store.tables.overdue(this.work.clock.now(), limit)).map((rec) => this.work.snapshot(rec))
  }

  /**
   * The engine events of the game now at `table`, replayed from its log: what the table message
   * showed as its latest lines, for a bot that has just restarted. Empty without a game.
   */
  async currentGameEvents(table: Pick<TableSnapshot, 'id' | 'game' | 'state'>): Promise<GameEvents> {
    const engine = this.work.games.engine(table.game)
    if (!engine || table.state === null) return { events: [], automatic: [] }
    const events: unknown[] = []
    const automatic: number[] = []
    rebuildState(engine, await this.work.store.actions.currentGame(table.id), events, automatic)
    return { events, automatic }
  }

  /**
   * Whether the latest move made for `userId` at the table, as of the version seen, was automatic
   * (their time ran out, away): known without a query when this process wrote that version.
   */
  async lastMoveAutomatic(table: Pick<TableSnapshot, 'id' | 'version'>, userId: string): Promise<boolean> {
    const known = this.work.lastMoves.kind(table.id, table.version, userId)
    if (known !== undefined) return known === 'auto'
    const kind = await this.work.store.actions.lastMoveKind(table.id, userId)
    this.work.lastMoves.learned(table.id, table.version, userId, kind)
    return kind === 'auto'
  }

  /**
   * `/table log`: the table of this channel (open, or else the last one that ended there) and its
   * current or last game as a scenario file for `userId`, with no card they have not seen
   * (`gameFile`).
   */
  async gameLog(
    guildId: string,
    channelId: string,
    userId: string,
  ): Promise<{ table: TableSnapshot; file: GameFile | null } | null> {
    const input = await this.gameLogInput(guildId, channelId, userId)
    const engine = input && this.work.games.engine(input.table.game)
    if (!input || !engine) return null
    return { table: input.table, file: writeGameFile(engine, input) }
  }

  /**
   * What `/table log` writes its file from (`writeGameFile`): the table, its log, the asker and the
   * seed of the random source that deals unseen cards. Plain data, so the writing (a search that
   * can take a while) can run on a thread of its own.
   */
  async gameLogInput(guildId: string, channelId: string, userId: string): Promise<GameLogInput | null> {
    const rec =
      (await this.work.store.tables.openInChannel(guildId, channelId)) ??
      (await this.work.store.tables.lastInChannel(guildId, channelId))
    if (!rec || !this.work.games.engine(rec.game)) return null
    const seatNow = rec.seats.find((s) => s.userId === userId)?.position ?? null
    return {
      table: this.work.snapshot(rec),
      log: await this.work.store.actions.list(rec.id),
      asker: { userId, seatNow },
      seed: this.fileSeeds(),
    }
  }

  /**
   * What the seat at `position` has been shown in the game now at `table`, from its log: the only
   * input an AI seat decides from (src/ai never sees the state).
   */
  async aiHistory(table: Pick<TableSnapshot, 'id' | 'game' | 'options'>, position: number): Promise<AnySeatHistory> {
    const engine = this.work.games.engine(table.game)
    if (!engine) throw new Error(`no engine for game ${table.game}`)
    return seatHistory(engine, await this.work.store.actions.currentGame(table.id), position, table.options)
  }

  /** A player's counters per game at this server (`/stats`). */
  stats(guildId: string, userId: string): Promise<StatRow[]> {
    return this.work.store.stats.get(guildId, userId)
  }

  /**
   * null: chips; a points game (Bugami): wins then points; a chip game (Bura, Badugi): net chips,
   * or games won with `{board: 'wins'}` (ties: fewer games played first).
   */
  async leaderboard(
    guildId: string,
    game: string | null,
    callerId: string,
    limit = 10,
    opts: { board?: 'wins' } = {},
  ): Promise<LeaderboardView> {
    const lb = this.work.store.leaderboards
    const pointsGame = game !== null && this.work.games.engine(game)?.usesChips === false
    const wins = opts.board === 'wins' && game !== null && !pointsGame
    const board =
      game === null
        ? await lb.chips(guildId, callerId, limit)
        : pointsGame
          ? await lb.points(guildId, game, callerId, limit)
          : wins
            ? await lb.wins(guildId, game, callerId, limit)
            : await lb.netChips(guildId, game, callerId, limit)
    const unit = game === null ? 'chips' : pointsGame || wins ? 'wins' : 'netChips'
    const entries = board.rows.map((r) => ({
      userId: r.userId,
      value: r.value,
      rank: r.rank,
      ...(board.board === 'points' && r.secondary !== undefined ? { points: r.secondary } : {}),
      ...(board.board === 'wins' && r.secondary !== undefined ? { games: r.secondary, wins: r.value } : {}),
    }))
    const viewer = { userId: callerId, rank: board.caller?.rank ?? null, value: board.caller?.value ?? null }
    return { ...board, unit, entries, viewer }
  }

  /**
   * What `/stats` charts: a member's rating after each of their last 30 rated results per game,
   * and their wallet balance after each of its last 100 movements; oldest first, empty when none.
   */
  async history(
    guildId: string,
    userId: string,
  ): Promise<{ ratings: { game: string; values: number[] }[]; balance: number[] }> {
    const store = this.work.store
    const ratings = (
      await Promise.all(
        this.work.games.ids().map(async (game) => ({
          game,
          values: (await store.ratings.changes(guildId, game, userId, 30)).map((c) => c.after).reverse(),
        })),
      )
    ).filter((r) => r.values.length > 0)
    const wallet = await store.wallets.peek(guildId, userId)
    const rows = wallet ? await store.ledger.list({ guildId, userId, limit: 100 }) : []
    const balance = wallet ? [wallet.balance] : []
    for (const r of rows) {
      const into = r.to.kind === 'wallet' && r.to.userId === userId ? r.amount : 0
      const out = r.from.kind === 'wallet' && r.from.userId === userId ? r.amount : 0
      if (into !== out) balance.push(balance[balance.length - 1]! - into + out)
    }
    return { ratings, balance: balance.length > 1 ? balance.reverse() : [] }
  }

  /** A member's ratings: at one game, or at every game they are rated in (in the registry's order). */
  async ratings(guildId: string, userId: string, game: string | null): Promise<MemberRating[]> {
    const games = game === null ? this.work.games.ids() : [game]
    const found = await Promise.all(games.map((g) => this.work.store.ratings.member(guildId, g, userId)))
    return found.filter((r): r is MemberRating => r !== null)
  }

  /**
   * Inactivity: brings the ratings whose shown figure dropped by now up to date, in batches of
   * `batch`, each batch one transaction. Returns how many changed.
   */
  async decayRatings(batch = 500): Promise<number> {
    let total = 0
    for (;;) {
      const now = this.work.clock.now()
      const n = await this.work.store.transaction((repos) => repos.ratings.decay(now, batch))
      total += n
      if (n < batch) return total
    }
  }

  /** The skill board of one game: the top ten by rating, and the caller. */
  skillBoard(guildId: string, game: string, callerId: string, limit = 10): Promise<SkillBoard> {
    return this.work.store.ratings.board(guildId, game, callerId, limit)
  }

  settings(guildId: string): Promise<GuildSettingsValue> {
    return this.settingsKept.get(guildId, () => this.work.store.settings.get(guildId))
  }

  /**
   * Changes some of a server's settings; the command has checked Manage Server. A setting the
   * table messages are drawn with (language, pictures, emojis) redraws every open table of the
   * server, in the same transaction: `redraw` names them for the desk to deliver now.
   */
  async updateSettings(
    guildId: string,
    patch: SettingsPatch,
  ): Promise<Outcome<{ settings: GuildSettingsValue; redraw: readonly string[] }>> {
    const outcome = await this.work.store.transaction(async (repos) => {
      const result = await repos.settings.update(guildId, patch)
      if (!result.ok) return result
      if (!DRAWN_WITH.some((k) => patch[k] !== undefined)) return ok({ settings: result.value, redraw: [] })
      const open = await repos.tables.openInGuild(guildId)
      for (const t of open) await repos.effects.add(t.id, t.version, [{ kind: 'refresh' }])
      return ok({ settings: result.value, redraw: open.map((t) => t.id) })
    })
    if (outcome.ok) this.settingsKept.changed(guildId)
    return outcome
  }

  audit(): Promise<AuditReport> {
    return this.work.store.audit()
  }
}

/** Tables whose places are kept at most (a few bytes each): more than a busy bot has open. */
const KEPT_PLACES = 100_000

/** The settings a table message is drawn with. */
const DRAWN_WITH = ['language', 'images', 'emojis'] as const satisfies readonly (keyof SettingsPatch)[]

/** `/table log`'s input (`Reads.gameLogInput`). */
export interface GameLogInput {
  readonly table: TableSnapshot
  readonly log: Parameters<typeof gameFile>[1]
  readonly asker: Asker
  readonly seed: number
}

/** The file of `input`: the same for the same input, on any thread. */
export function writeGameFile(engine: AnyEngine, input: Omit<GameLogInput, 'table'>): GameFile | null {
  return gameFile(engine, input.log, input.asker, new Rng(seedRng(input.seed)))
}
