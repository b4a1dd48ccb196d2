import { randomBytes, randomInt } from 'node:crypto'
import type { Clock } from '../lib/clock.js'
import { describeRuleError, ok, refuse, type AnyEngine, type Outcome, type RuleError } from '../games/core/engine.js'
import { moveToken } from '../games/core/move-context.js'
import { peekInt, Rng, seedRng } from '../games/core/rng.js'
import { isUniqueViolation } from '../store/db.js'
import type { AuditReport } from '../store/audit.js'
import type { Leaderboard } from '../store/leaderboards.js'
import type { StatRow } from '../store/stats.js'
import { MAX_TURN_MS, MIN_TURN_MS, type GuildSettingsValue, type SettingsPatch } from '../store/settings.js'
import type { NewEffect } from '../store/effects.js'
import type { Repos, Store } from '../store/store.js'
import type { TableRecord } from '../store/tables.js'
import { MAX_AMOUNT, type DailyClaim, type WalletInfo } from '../store/wallets.js'
import type { AiLevel } from '../ai/budget.js'
import type { AnySeatHistory } from '../ai/index.js'
import { seatHistory } from './ai-history.js'
import { aiSeatId, aiToRemove, freeAiName, isAiSeat, isPracticeTable } from './ai-seats.js'
import { TableDraft, type MutableSeat } from './draft.js'
import { potShares, refundPot, stakeOptions, type TableGames } from './games.js'
import { isFreezeout, MAX_AGREED_END_MS, MIN_AGREED_END_MS } from './match.js'
import { DEFAULT_BREAK_MS, validBreak, waitMs } from './pace.js'
import { rebuildState } from './rebuild.js'
import { leaveToken } from './leave-token.js'
import { snapshot } from './snapshot.js'
import { gameFile, type GameFile } from './scenario/index.js'
import { readSetup, type TableSetup } from './setup-entry.js'
import type { ActiveTable, ActOptions, CreateTableInput, GameEvents, TableSnapshot, TableUpdate } from './types.js'

export interface TableServiceDeps {
  readonly store: Store
  /** The games: their engines and AI players (src/games/registry.ts `gameLookup`). */
  readonly games: TableGames
  /** Default: the store's clock. */
  readonly clock?: Clock
  /** Seeds of new games (default: crypto random, 31 bits so any SQL integer holds it). */
  readonly seeds?: () => number
  /**
   * Seeds of the random source that deals the unseen cards of a `/table log` file afresh (default:
   * crypto random); never the games' own seeds.
   */
  readonly fileSeeds?: () => number
  /** Who this process is, in deadline claims (default `pid <process id>`). */
  readonly instance?: string
}

export interface WalletView extends WalletInfo {
  /** Chips sitting at open tables of this server. */
  readonly atTables: number
}

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

/** A refusal raised inside a transaction: rolls everything back, then answers the user. */
class Refused extends Error {
  constructor(readonly refusal: { ok: false; error: RuleError }) {
    super(refusal.error.code)
  }
}

const STALE = refuse('stale')
const START_SALT = 0x5eed

/** How a change starts: who asks, and which interaction / version it answers. */
interface ChangeRequest {
  readonly interactionId?: string
  readonly expectedVersion?: number
}

type Change = (d: TableDraft, repos: Repos) => Promise<Outcome<void>> | Outcome<void>

/**
 * The table lifecycle the Discord commands call: every method is one transaction that reads
 * the table, changes it through the engine, and writes state, version, log, chips and stats
 * together. No Discord types here; refusals are `Outcome` values with friendly messages.
 */
/** A new table's settings once checked: what `create` stores besides ids and places. */
interface CheckedTable {
  readonly engine: AnyEngine
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
  readonly breakMs: number
  readonly endsAt: number | null
}

export class TableService {
  readonly store: Store
  private readonly clock: Clock
  private readonly seeds: () => number
  private readonly fileSeeds: () => number
  private readonly instance: string
  private readonly games: TableGames
  /**
   * The record each open table had after this service's last committed change to it, so the
   * next change skips the read. Safe with other writers: every write to a table or its seats
   * is guarded by the version, so a change judged on an outdated copy fails that guard (or is
   * refused) and is judged again on a fresh read.
   */
  private readonly known = new Map<string, TableRecord>()

  constructor(deps: TableServiceDeps) {
    this.store = deps.store
    this.clock = deps.clock ?? deps.store.clock
    this.seeds = deps.seeds ?? (() => randomInt(0, 2 ** 31 - 1))
    this.fileSeeds = deps.fileSeeds ?? (() => randomInt(0, 2 ** 48 - 1))
    this.instance = deps.instance ?? `pid ${process.pid}`
    this.games = deps.games
  }

  // ---- reading -------------------------------------------------------------------------

  async get(tableId: string): Promise<TableSnapshot | null> {
    const rec = await this.store.tables.get(tableId)
    return rec ? snapshot(rec, this.games.engine(rec.game)) : null
  }

  async inChannel(guildId: string, channelId: string): Promise<TableSnapshot | null> {
    const rec = await this.store.tables.openInChannel(guildId, channelId)
    return rec ? snapshot(rec, this.games.engine(rec.game)) : null
  }

  /** Lobbies and running tables with their deadlines: the scheduler re-arms them at start-up. */
  async activeTables(): Promise<ActiveTable[]> {
    return (await this.store.tables.active()).map((t) => ({
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
    return (await this.store.tables.active()).map((rec) => snapshot(rec, this.games.engine(rec.game)))
  }

  async setMessageId(tableId: string, messageId: string | null): Promise<void> {
    await this.store.tables.setMessageId(tableId, messageId)
    this.amendKnown(tableId, { messageId })
  }

  /**
   * The turn reminder for `deadline`, once: noted on the table and written to the outbox as a
   * ping that replaces the turn ping, in one transaction. Null when the table no longer waits for
   * that deadline, nobody is waited for, or the reminder was already written.
   */
  async remind(tableId: string, deadline: number): Promise<TableSnapshot | null> {
    const table = await this.store.transaction(async (repos) => {
      const rec = await repos.tables.get(tableId)
      if (!rec) return null
      const t = snapshot(rec, this.games.engine(rec.game))
      const users = t.waitingFor.filter((u) => !isAiSeat(u) && !t.seats.find((s) => s.userId === u)?.away)
      if (!users.length || !(await repos.tables.claimReminder(tableId, deadline))) return null
      await repos.effects.add(tableId, rec.version, [{ kind: 'unping' }, { kind: 'ping', users, about: 'reminder' }])
      return { ...t, remindedFor: deadline }
    })
    if (table) this.amendKnown(tableId, { remindedFor: deadline })
    return table
  }

  /** A column written without a version bump is copied into the remembered record too. */
  private amendKnown(tableId: string, change: Partial<Pick<TableRecord, 'messageId' | 'remindedFor'>>): void {
    const rec = this.known.get(tableId)
    if (rec) this.known.set(tableId, { ...rec, ...change })
  }

  /**
   * The engine events of the game now at `table`, replayed from its log: what the table message
   * showed as its latest lines, for a bot that has just restarted. Empty without a game.
   */
  async currentGameEvents(table: Pick<TableSnapshot, 'id' | 'game' | 'state'>): Promise<GameEvents> {
    const engine = this.games.engine(table.game)
    if (!engine || table.state === null) return { events: [], automatic: [] }
    const events: unknown[] = []
    const automatic: number[] = []
    rebuildState(engine, await this.store.actions.currentGame(table.id), events, automatic)
    return { events, automatic }
  }

  /** Whether the latest move made for `userId` at the table was automatic (their time ran out, away). */
  async lastMoveAutomatic(tableId: string, userId: string): Promise<boolean> {
    return (await this.store.actions.lastMoveKind(tableId, userId)) === 'auto'
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
    const rec =
      (await this.store.tables.openInChannel(guildId, channelId)) ??
      (await this.store.tables.lastInChannel(guildId, channelId))
    const engine = rec && this.games.engine(rec.game)
    if (!rec || !engine) return null
    const seatNow = rec.seats.find((s) => s.userId === userId)?.position ?? null
    const rng = new Rng(seedRng(this.fileSeeds()))
    return {
      table: snapshot(rec, engine),
      file: gameFile(engine, await this.store.actions.list(rec.id), { userId, seatNow }, rng),
    }
  }

  /**
   * What the seat at `position` has been shown in the game now at `table`, from its log: the only
   * input an AI seat decides from (src/ai never sees the state).
   */
  async aiHistory(table: Pick<TableSnapshot, 'id' | 'game' | 'options'>, position: number): Promise<AnySeatHistory> {
    const engine = this.games.engine(table.game)
    if (!engine) throw new Error(`no engine for game ${table.game}`)
    return seatHistory(engine, await this.store.actions.currentGame(table.id), position, table.options)
  }

  // ---- chips and boards ----------------------------------------------------------------

  async wallet(guildId: string, userId: string): Promise<WalletView> {
    const [w, atTables] = await Promise.all([
      this.store.wallets.get(guildId, userId),
      this.store.tables.stacksOf(guildId, userId),
    ])
    return { ...w, atTables }
  }

  claimDaily(guildId: string, userId: string): Promise<Outcome<DailyClaim>> {
    return this.store.wallets.claimDaily(guildId, userId)
  }

  /** Admin grant; the command has checked Manage Server. */
  grant(guildId: string, userId: string, amount: number, byUserId: string): Promise<Outcome<WalletInfo>> {
    return this.store.wallets.grant(guildId, userId, amount, `admin grant by ${byUserId}`)
  }

  /** A player's counters per game at this server (`/stats`). */
  stats(guildId: string, userId: string): Promise<StatRow[]> {
    return this.store.stats.get(guildId, userId)
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
    const lb = this.store.leaderboards
    const pointsGame = game !== null && this.games.engine(game)?.usesChips === false
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

  // ---- server settings ---------------------------------------------------------------

  settings(guildId: string): Promise<GuildSettingsValue> {
    return this.store.settings.get(guildId)
  }

  /** Changes some of a server's settings; the command has checked Manage Server. */
  updateSettings(guildId: string, patch: SettingsPatch): Promise<Outcome<GuildSettingsValue>> {
    return this.store.settings.update(guildId, patch)
  }

  audit(): Promise<AuditReport> {
    return this.store.audit()
  }

  // ---- lifecycle -----------------------------------------------------------------------

  /**
   * Whether `create` would accept these options on this server, without opening anything (the bot
   * asks before it starts a thread for the table, so a refused table leaves no empty thread).
   */
  async check(input: CreateTableInput): Promise<Outcome<void>> {
    const checked = this.checkCreate(input, await this.settings(input.guildId))
    return checked.ok ? ok(undefined) : checked
  }

  /** Everything of a new table that does not depend on the tables already open. */
  private checkCreate(input: CreateTableInput, settings: GuildSettingsValue): Outcome<CheckedTable> {
    const engine = this.games.engine(input.game)
    if (!engine) return refuse('unknown-game', { name: input.game, games: this.games.ids().join(', ') })
    const turnMs = input.turnSeconds === undefined ? undefined : Math.round(input.turnSeconds * 1000)
    if (turnMs !== undefined && (!Number.isFinite(turnMs) || turnMs < MIN_TURN_MS || turnMs > MAX_TURN_MS))
      return refuse('bad-turn-deadline')
    if (
      input.buyIn !== undefined &&
      (!Number.isSafeInteger(input.buyIn) || input.buyIn < 1 || input.buyIn > MAX_AMOUNT)
    )
      return refuse('bad-buy-in')
    if (input.endsInMs !== undefined) {
      if (!engine.usesChips || !engine.table.betweenGames) return refuse('no-agreed-end', { game: engine.title })
      if (!Number.isFinite(input.endsInMs) || input.endsInMs < MIN_AGREED_END_MS || input.endsInMs > MAX_AGREED_END_MS)
        return refuse('bad-agreed-end')
    }
    const breakMs = input.breakSeconds === undefined ? DEFAULT_BREAK_MS : Math.round(input.breakSeconds * 1000)
    if (input.breakSeconds !== undefined) {
      if (!engine.table.betweenGames) return refuse('no-break', { game: engine.title })
      if (!validBreak(breakMs)) return refuse('bad-break')
    }
    const given = input.options ?? {}
    const parsed = engine.optionsSchema.safeParse({ ...stakeOptions(engine, settings.defaultStakes, given), ...given })
    if (!parsed.success) {
      const i = parsed.error.issues[0]!
      const option = { game: engine.id, option: i.path.join('.') || '?' }
      // A rule between options names its refusal; any other issue is a value Discord let through.
      const refusal: unknown = i.code === 'custom' ? i.params?.refusal : undefined
      if (typeof refusal === 'string') return refuse(refusal, { option })
      return refuse('bad-options', { option, issue: i.message })
    }
    // A table in a thread counts as opened in the thread's channel.
    const place = input.parentId ?? input.channelId
    if (settings.tableChannels.length > 0 && !settings.tableChannels.includes(place))
      return refuse('channel-not-allowed', { channels: settings.tableChannels.map((c) => `<#${c}>`).join(', ') })
    return ok({
      engine,
      options: parsed.data as Record<string, unknown>,
      buyIn: engine.usesChips ? (input.buyIn ?? settings.defaultBuyIn) : 0,
      turnMs: turnMs ?? settings.turnMs,
      breakMs,
      endsAt: input.endsInMs === undefined ? null : this.clock.now() + Math.round(input.endsInMs),
    })
  }

  async create(input: CreateTableInput): Promise<Outcome<TableUpdate>> {
    return this.transaction(async (repos) => {
      const checked = this.checkCreate(input, await repos.settings.get(input.guildId))
      if (!checked.ok) return checked
      const { engine, ...table } = checked.value
      const busy = await repos.tables.openInChannel(input.guildId, input.channelId)
      if (busy) return refuse('channel-busy-game', { game: this.games.engine(busy.game)?.title ?? busy.game })
      let rec: TableRecord
      try {
        rec = await repos.tables.create({
          id: randomBytes(9).toString('base64url'),
          game: engine.id,
          guildId: input.guildId,
          channelId: input.channelId,
          creatorId: input.creatorId,
          ...table,
        })
      } catch (e) {
        if (isUniqueViolation(e)) return refuse('channel-busy')
        throw e
      }
      return this.changeIn(repos, rec, async (d, r) => {
        d.tableEvents.push({ type: 'created', userId: input.creatorId })
        return this.seat(d, r, input.creatorId, rec.buyIn)
      })
    })
  }

  /** Sit down in the lobby, or between two Bura/Badugi games; chip games buy in from the wallet. */
  join(tableId: string, userId: string, opts: ActOptions & { buyIn?: number } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, async (d, repos) => {
      // Checked first: a seated player's Join asks for what already is, whatever the game does.
      if (d.seatOf(userId)?.status === 'seated') return refuse('already-seated')
      if (isFreezeout(d.engine, d.rec) && d.status !== 'lobby') return refuse('freezeout-started')
      // Tables that deal game after game seat a newcomer at once; they are dealt in at the next game.
      if (d.status !== 'lobby' && !(d.status === 'playing' && d.engine.table.betweenGames))
        return refuse('join-running')
      const old = d.seatOf(userId)
      if (old && old.position !== null && d.status === 'playing' && d.progress() === 'acting')
        return refuse('left-this-game')
      if (isFreezeout(d.engine, d.rec) && opts.buyIn !== undefined && opts.buyIn !== d.rec.buyIn)
        return refuse('freezeout-buy-in', { buyIn: d.rec.buyIn })
      return this.seat(d, repos, userId, opts.buyIn ?? d.rec.buyIn)
    })
  }

  /**
   * The host seats an AI player (`ai-<name>-<level>`, shown as "🤖 Name"), in the lobby only. The
   * table becomes a practice table: buy-ins already taken from wallets go back to them, and every
   * seat plays with practice chips from then on (docs/ai.md).
   */
  addAi(tableId: string, opts: ActOptions & { userId?: string; level?: AiLevel } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d, repos) => {
      if (!this.games.ai(d.engine.id)) return refuse('no-ai', { game: d.engine.title })
      const lobbyOnly = this.aiLobbyCheck(d, opts.userId, 'add')
      if (lobbyOnly) return lobbyOnly
      if (d.seated().length >= d.engine.maxPlayers) return refuse('table-full', { max: d.engine.maxPlayers })
      const name = freeAiName(d.seated())
      if (name === null) return refuse('ai-all-seated')
      if (!isPracticeTable(d.seats)) this.toPractice(d)
      return this.seat(d, repos, aiSeatId({ name, level: opts.level ?? 'normal' }), d.rec.buyIn)
    })
  }

  /** The host removes an AI seat in the lobby: the one named, or the last one seated. */
  removeAi(tableId: string, opts: ActOptions & { userId?: string; name?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      const lobbyOnly = this.aiLobbyCheck(d, opts.userId, 'remove')
      if (lobbyOnly) return lobbyOnly
      const seat = aiToRemove(d.seated(), opts.name)
      if (!seat) return opts.name ? refuse('ai-not-seated-named', { name: opts.name }) : refuse('ai-not-seated')
      return this.unseat(d, seat.userId)
    })
  }

  /** AI seats change only in the lobby, and only by the host. */
  private aiLobbyCheck(d: TableDraft, userId: string | undefined, what: 'add' | 'remove'): Outcome<never> | null {
    if (userId !== undefined && userId !== d.rec.creatorId) return refuse(`ai-not-host.${what}`)
    if (d.status !== 'lobby') return refuse('ai-lobby-only')
    return null
  }

  /**
   * A table turning into a practice table: every chip a player bought in with goes back to their
   * wallet, and the same stack is theirs again in practice chips.
   */
  private toPractice(d: TableDraft): void {
    if (!d.engine.usesChips) return
    for (const s of d.seats) {
      if (s.stack === 0) continue
      const amount = d.cashOut(s, 'practice table: buy-in returned')
      d.practiceBuyIn(s.userId, amount)
      s.stack += amount
      s.brought += amount
    }
  }

  /**
   * Stand up. Lobby or between games: cash out. Mid-game: Bugami and Bura seats are played
   * automatically until the game ends (then cashed out); Badugi folds and cashes out at once.
   */
  leave(tableId: string, userId: string, opts: ActOptions & { by?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      // A confirmed leave (`expectedToken`, leave-token.ts) stands only while it means what was asked.
      const now = { status: d.status, progress: d.progress(), gamesPlayed: d.gamesPlayed }
      if (opts.expectedToken !== undefined && leaveToken(now) !== opts.expectedToken) return STALE
      return this.unseat(d, userId, opts.interactionId, opts.by ?? null)
    })
  }

  /** Deals the first game: seats in join order, dealer drawn from the seed. */
  start(tableId: string, opts: ActOptions & { userId?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      if (d.status !== 'lobby') return refuse('not-lobby')
      if (opts.userId !== undefined && opts.userId !== d.rec.creatorId) return refuse('not-creator')
      const players = d.seated()
      if (players.length < d.engine.minPlayers)
        return refuse('too-few-players', { game: d.engine.title, min: d.engine.minPlayers, count: players.length })
      d.status = 'playing'
      const seed = this.seeds()
      const dealer = peekInt(seedRng(seed), START_SALT, players.length)
      const dealt = this.deal(d, players, dealer, seed, 0, [])
      if (!dealt.ok) return dealt
      d.tableEvents.push({ type: 'started', dealer, seed })
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * One move. `expectedToken` refuses a control whose move means something else now,
   * `expectedVersion` any change since; a repeated `interactionId` is applied once.
   */
  act(tableId: string, userId: string, action: unknown, opts: ActOptions = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      if (d.status !== 'playing' || d.state === null) return refuse('not-playing')
      const seat = d.seatOf(userId)
      if (!seat || seat.position === null || seat.status !== 'seated') return refuse('not-playing-here')
      const parsed = d.engine.actionSchema.safeParse(action)
      if (!parsed.success)
        return refuse('bad-action', { game: d.engine.title, issue: parsed.error.issues[0]?.message ?? '?' })
      const move = parsed.data as { type: string }
      if (
        opts.expectedToken !== undefined &&
        moveToken(d.engine, d.state, d.gamesPlayed, seat.position, move.type) !== opts.expectedToken
      )
        return STALE
      if (d.engine.table.leaveAction && move.type === d.engine.table.leaveAction.type)
        return this.unseat(d, userId, opts.interactionId)
      if (d.progress() !== 'acting') return refuse('deal-next-game')
      const moved = d.move(seat.position, move, 'action', opts.interactionId)
      if (!moved.ok) return moved
      seat.missedTurns = 0
      if (seat.away) {
        seat.away = false
        d.tableEvents.push({ type: 'back', userId })
      }
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * A cash table (Bura, Badugi; not a freeze-out): a seated player tops their stack up from
   * their balance, up to the table's buy-in, while they are not in a game in play (between
   * games, or waiting to be dealt in).
   */
  rebuy(tableId: string, userId: string, opts: ActOptions = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, async (d, repos) => {
      if (d.status !== 'playing' || !d.engine.usesChips || !d.engine.table.betweenGames || isFreezeout(d.engine, d.rec))
        return refuse('no-rebuy')
      const seat = d.seatOf(userId)
      if (!seat || seat.status !== 'seated') return refuse('not-seated')
      if (seat.position !== null && d.progress() === 'acting') return refuse('in-game')
      if (seat.stack >= d.rec.buyIn) return refuse('rebuy-full', { stack: seat.stack, buyIn: d.rec.buyIn })
      const balance = (await repos.wallets.get(d.rec.guildId, userId)).balance
      const amount = Math.min(d.rec.buyIn - seat.stack, balance)
      if (amount <= 0) return refuse('balance-empty')
      const taken = await repos.wallets.withdraw(
        d.rec.guildId,
        userId,
        amount,
        { kind: 'stack', userId },
        d.rec.id,
        'rebuy',
      )
      if (!taken.ok) return taken
      seat.stack += amount
      seat.brought += amount
      d.tableEvents.push({ type: 'rebuy', userId, amount })
      return ok(undefined)
    })
  }

  /** Between Bura/Badugi games: deals the next one to whoever sits at the table. */
  nextDeal(tableId: string, opts: ActOptions & { userId?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      if (d.status !== 'playing' || d.progress() !== 'gameOver') return refuse('not-between-games')
      if (opts.userId !== undefined && d.seatOf(opts.userId)?.status !== 'seated') return refuse('deal-not-seated')
      const next = this.nextGame(d)
      if (!next.ok) return next
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * The deadline `deadline` passed (the scheduler's call). Plays the automatic move of every
   * seat the game waits for (3 missed turns in a row: away), or between chip games deals the
   * next game; a table where nobody is left to play closes. Refused (`stale`) when the
   * table's deadline is no longer `deadline`.
   */
  expire(tableId: string, deadline: number): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, {}, async (d, repos) => {
      if (d.status !== 'playing' || d.rec.deadlineAt !== deadline) return refuse('deadline-moved')
      if (this.clock.now() < deadline) return refuse('not-due')
      if (!(await repos.tables.claimDeadline(tableId, deadline, this.instance))) return refuse('claimed')
      if (d.progress() === 'gameOver') {
        const present = d.seated().filter((s) => !s.away && !isAiSeat(s.userId))
        if (present.length === 0) return this.close(d)
        const next = this.nextGame(d)
        if (!next.ok) return this.close(d)
        d.settle()
        return ok(undefined)
      }
      for (const position of d.waiting()) {
        const seat = d.atPosition(position)
        if (!seat || seat.away || seat.status === 'left') continue
        const action = d.engine.autoAction(d.state, position)
        if (action === null) continue
        // An AI seat acts on its own (its move was late: the bot was down); it is never "away".
        if (!isAiSeat(seat.userId)) seat.missedTurns++
        if (seat.missedTurns >= 3 && !seat.away) {
          seat.away = true
          d.tableEvents.push({ type: 'away', userId: seat.userId })
        }
        const moved = d.move(position, action, 'auto')
        if (!moved.ok)
          throw new Error(
            `${d.engine.id}: automatic move ${JSON.stringify(action)} refused: ${describeRuleError(moved.error)}`,
          )
        d.tableEvents.push({ type: 'autoMove', userId: seat.userId, position, action })
      }
      d.restartClock = true
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * Closes the table: a pot still on it goes back in proportion to what each paid in (RULES.md
   * Bura rule 10), every stack goes back to its wallet. Aborted when a game was cut short,
   * finished otherwise. With `userId`, only the creator may end it (admins: call without).
   */
  end(tableId: string, opts: ActOptions & { userId?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.change(tableId, opts, (d) => {
      if (d.status !== 'lobby' && d.status !== 'playing') return refuse('table-ended')
      if (opts.userId !== undefined && opts.userId !== d.rec.creatorId) return refuse('not-creator-end')
      return this.close(d)
    })
  }

  // ---- internals -----------------------------------------------------------------------

  private async seat(d: TableDraft, repos: Repos, userId: string, buyIn: number): Promise<Outcome<void>> {
    const existing = d.seatOf(userId)
    if (d.seated().length >= d.engine.maxPlayers) return refuse('table-full', { max: d.engine.maxPlayers })
    let stack = 0
    if (d.engine.usesChips && (isPracticeTable(d.seats) || isAiSeat(userId))) {
      if (!Number.isSafeInteger(buyIn) || buyIn < 1 || buyIn > MAX_AMOUNT) return refuse('bad-buy-in')
      d.practiceBuyIn(userId, buyIn)
      stack = buyIn
    } else if (d.engine.usesChips) {
      const taken = await repos.wallets.withdraw(
        d.rec.guildId,
        userId,
        buyIn,
        { kind: 'stack', userId },
        d.rec.id,
        'buy-in',
      )
      if (!taken.ok) return taken
      stack = buyIn
    }
    const joinOrder = Math.max(-1, ...d.seats.map((s) => s.joinOrder)) + 1
    if (existing)
      Object.assign(existing, {
        status: 'seated',
        joinOrder,
        stack: existing.stack + stack,
        brought: existing.brought + stack,
        missedTurns: 0,
        away: false,
        position: null,
      })
    else
      d.seats.push({
        userId,
        joinOrder,
        position: null,
        stack,
        brought: stack,
        status: 'seated',
        missedTurns: 0,
        away: false,
      })
    d.tableEvents.push({ type: 'joined', userId, buyIn: stack })
    return ok(undefined)
  }

  private unseat(d: TableDraft, userId: string, interactionId?: string, by: string | null = null): Outcome<void> {
    const seat = d.seatOf(userId)
    if (!seat || seat.status !== 'seated') return refuse('not-seated')
    if (d.status !== 'lobby' && d.status !== 'playing') return refuse('table-ended')
    const midGame = d.status === 'playing' && d.progress() === 'acting'
    let cashedOut = 0
    if (
      d.status === 'playing' &&
      isFreezeout(d.engine, d.rec) &&
      seat.position !== null &&
      d.engine.table.leaveAction
    ) {
      // A freeze-out seat stays in play without its player (it folds every hand and posts its
      // blinds); its chips return to the wallet when the table closes.
      const left = d.move(seat.position, d.engine.table.leaveAction, 'action', interactionId)
      if (!left.ok) return left
      seat.status = 'left'
    } else if (seat.position === null) {
      // Waiting for the next game, not in this one: paid out at once.
      seat.status = 'left'
      cashedOut = d.cashOut(seat, 'cash-out')
    } else if (midGame && d.engine.table.leaveAction) {
      const left = d.move(seat.position, d.engine.table.leaveAction, 'action', interactionId)
      if (!left.ok) return left
      seat.status = 'left'
      cashedOut = d.cashOut(seat, 'cash-out')
    } else if (midGame) {
      // The seat plays on automatically until the game ends; its chips follow then.
      seat.status = 'left'
    } else {
      seat.status = 'left'
      cashedOut = d.cashOut(seat, 'cash-out')
      if (d.status === 'lobby') seat.position = null
    }
    d.tableEvents.push({ type: 'left', userId, cashedOut, by })
    // AI seats never keep a table open on their own.
    if (!d.seated().some((s) => !isAiSeat(s.userId)))
      return isFreezeout(d.engine, d.rec) && d.status === 'playing' ? this.finishMatch(d, 'freezeout') : this.close(d)
    d.settle()
    return ok(undefined)
  }

  /** Seats `players` at positions 0..n-1 and deals a game with the carried pot. */
  private deal(
    d: TableDraft,
    players: MutableSeat[],
    dealer: number,
    seed: number,
    pot: number,
    potShares: number[],
  ): Outcome<void> {
    for (const s of d.seats) s.position = null
    players.forEach((s, i) => (s.position = i))
    const params: TableSetup = {
      players: players.length,
      dealer,
      options: d.rec.options,
      seed,
      // Hands count on across fresh deals at a table that deals game after game ("Hand 14").
      ...(d.gamesPlayed > 0 ? { gameNo: d.gamesPlayed + 1 } : {}),
      ...(d.engine.usesChips ? { stacks: players.map((s) => s.stack) } : {}),
      ...(pot > 0 ? { pot, potShares } : {}),
    }
    return d.setup(params, seed)
  }

  /**
   * The next game at a chip table: the engine's own nextDeal when the same players sit in the
   * same seats; otherwise a fresh deal for those seated now (join order), carrying the Bura
   * pot. A leaver's share of a carried pot stays in it, spread over the others' shares.
   */
  private nextGame(d: TableDraft): Outcome<void> {
    if (d.rec.endsAt !== null && this.clock.now() >= d.rec.endsAt) return this.finishMatch(d, 'agreedEnd')
    if (isFreezeout(d.engine, d.rec)) {
      // The same seats play on, departed ones included; the engine refuses once the match is over.
      const next = d.nextDeal()
      if (!next.ok) return this.finishMatch(d, 'freezeout')
      d.tableEvents.push({ type: 'nextGame', dealer: null, seed: null })
      return ok(undefined)
    }
    // A player left with no chips stands up (paid out: nothing) unless they rebought in time. Not
    // where a pot carries over (Bura): a player at 0 may still hold a share of it.
    if (d.engine.usesChips && !d.engine.table.carriesPot)
      for (const s of d.seated())
        if (s.stack === 0) {
          s.status = 'left'
          d.tableEvents.push({ type: 'left', userId: s.userId, cashedOut: 0, by: null })
        }
    const players = d.seated()
    const n = d.engine.summary(d.state).seats.length
    const same =
      players.length === n &&
      players.every((s) => s.position !== null && s.position < n) &&
      new Set(players.map((s) => s.position)).size === n &&
      // A buy-in between games changed a stack the engine does not know: deal afresh.
      stacksAsEngine(d, players)
    const before = d.log.length
    if (same) {
      const next = d.nextDeal()
      if (!next.ok) return { ok: false, error: next.error }
    } else {
      if (players.length < d.engine.minPlayers)
        return refuse('too-few-players', { game: d.engine.title, min: d.engine.minPlayers, count: players.length })
      // The next dealer: the one the game names, or the next one still seated after them.
      const start = d.engine.nextDealer(d.state)
      let dealerUser: string | undefined
      for (let i = 0; i < n && !dealerUser; i++) {
        const s = d.atPosition((start + i) % n)
        if (s && s.status === 'seated') dealerUser = s.userId
      }
      const dealer = Math.max(
        0,
        players.findIndex((s) => s.userId === dealerUser),
      )
      let pot = 0
      let shares: number[] = []
      if (d.engine.table.carriesPot && d.pot > 0) {
        pot = d.pot
        const old = d.potShares.length === n ? d.potShares : potShares(d.engine, d.state, d.pot, n)
        const own = players.map((s) => (s.position !== null && s.position < n ? (old[s.position] ?? 0) : 0))
        const forfeited = pot - own.reduce((a, b) => a + b, 0)
        const spread = refundPot(forfeited, own)
        shares = own.map((v, i) => v + spread[i]!)
      }
      const seed = this.seeds()
      const dealt = this.deal(d, players, dealer, seed, pot, shares)
      if (!dealt.ok) {
        d.log.length = before
        return dealt
      }
    }
    const started = d.log[before]
    const payload = started?.kind === 'setup' ? readSetup(started.payload) : null
    d.tableEvents.push({ type: 'nextGame', dealer: payload?.dealer ?? null, seed: payload?.seed ?? null })
    return ok(undefined)
  }

  /** A match table is over: final standings and the match in the stats, then the table closes. */
  private finishMatch(d: TableDraft, reason: 'freezeout' | 'agreedEnd'): Outcome<void> {
    return this.close(d, reason)
  }

  /**
   * After a change: a match table whose game just ended closes when the match is decided (a
   * freeze-out with one player holding every chip, or the agreed end passed).
   */
  private closeIfMatchOver(d: TableDraft, now: number): void {
    if (d.status !== 'playing' || d.progress() !== 'gameOver') return
    if (d.rec.endsAt !== null && now >= d.rec.endsAt) this.finishMatch(d, 'agreedEnd')
    else if (isFreezeout(d.engine, d.rec) && d.engine.nextDeal(d.state).ok === false) this.finishMatch(d, 'freezeout')
  }

  /**
   * Refunds the pot, cashes every stack out, and ends the table. A match table that reached
   * its end (`match`) first books its final standings, counting the refunded pot.
   */
  private close(d: TableDraft, match?: 'freezeout' | 'agreedEnd'): Outcome<void> {
    const cutShort = d.status === 'lobby' || (d.status === 'playing' && d.progress() === 'acting')
    const refunds: { userId: string; amount: number }[] = []
    if (d.pot > 0 && d.state !== null) {
      const n = d.engine.summary(d.state).seats.length
      const paid =
        d.progress() === 'acting' || d.potShares.length !== n ? potShares(d.engine, d.state, d.pot, n) : d.potShares
      // A position nobody holds any more (its player left and sat down again) forfeited its
      // share: it is spread over the others, as when the next game is dealt.
      const held = paid.map((v, p) => (d.atPosition(p) ? v : 0))
      const shares = held.some((v) => v > 0) ? held : paid.map((_, p) => (d.atPosition(p) ? 1 : 0))
      const back = refundPot(d.pot, shares)
      back.forEach((amount, position) => {
        if (amount > 0) {
          refunds.push({ userId: d.atPosition(position)!.userId, amount })
          d.absorb([{ type: 'chips', from: 'pot', to: { seat: position }, amount, reason: 'refund' }])
        }
      })
    }
    if (match) d.finishMatch(match)
    for (const s of d.seats) {
      d.cashOut(s, 'cash-out')
      s.status = 'left'
    }
    d.status = cutShort || d.gamesPlayed === 0 ? 'aborted' : 'finished'
    d.potShares = []
    d.tableEvents.push({ type: 'ended', status: d.status, refunds })
    return ok(undefined)
  }

  /**
   * What Discord must show for a change (the outbox, written in the change's transaction): the
   * table message at this version, the turn ping (replacing the previous one), and the result of
   * each deal or game that just ended, drawn later from the state it ended in.
   */
  private effectsOf(d: TableDraft, table: TableSnapshot, ping: readonly string[]): NewEffect[] {
    const effects: NewEffect[] = []
    // A game that ended pings the members who played it with the result, unless final standings
    // (which ping every player) close the table with it.
    const ended = d.tableEvents.some((e) => e.type === 'gameOver') && !d.tableEvents.some((e) => e.type === 'final')
    const players = ended
      ? d.seats.filter((s) => s.status === 'seated' && s.position !== null && !isAiSeat(s.userId)).map((s) => s.userId)
      : []
    const pinging = (ping.length > 0 && table.status === 'playing') || players.length > 0
    // An older ping goes once someone else is pinged or no member is waited for any more (AI
    // seats move on their own).
    const waitsForMember = table.waitingFor.some((u) => !isAiSeat(u))
    if (
      pinging ||
      (table.status !== 'lobby' && (table.status !== 'playing' || table.progress !== 'acting' || !waitsForMember))
    )
      effects.push({ kind: 'unping' })
    effects.push({ kind: 'refresh' })
    const seats = d.seats.map((s) => ({ userId: s.userId, position: s.position }))
    for (const state of d.ended) effects.push({ kind: 'result', state, seats })
    for (const e of d.tableEvents) if (e.type === 'final') effects.push({ kind: 'final', event: e })
    if (players.length) effects.push({ kind: 'ping', users: players, about: 'result' })
    else if (pinging) effects.push({ kind: 'ping', users: ping, about: 'turn' })
    return effects
  }

  private transaction<T>(fn: (repos: Repos) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    return this.store
      .transaction(async (repos) => {
        const out = await fn(repos)
        // A refusal rolls back whatever the change wrote before it was refused.
        if (!out.ok) throw new Refused(out)
        return out
      })
      .catch((e: unknown) => {
        if (e instanceof Refused) return e.refusal
        throw e
      })
  }

  /**
   * A change in one transaction. A repeated interaction id is caught without an extra query
   * on the happy path: it either fails the version check (answered from the interactions
   * table) or, applied again, collides with its unique row, which rolls everything back.
   */
  private async change(tableId: string, req: ChangeRequest, fn: Change): Promise<Outcome<TableUpdate>> {
    const known = this.known.get(tableId)
    this.known.delete(tableId)
    if (known) {
      const out = await this.changeFrom(tableId, req, fn, known)
      if (out.ok) return out
    }
    return this.changeFrom(tableId, req, fn, null)
  }

  /** One attempt, on `known` (the copy after this service's last change) or on a fresh read. */
  private async changeFrom(
    tableId: string,
    req: ChangeRequest,
    fn: Change,
    known: TableRecord | null,
  ): Promise<Outcome<TableUpdate>> {
    try {
      let after: TableRecord | null = null
      const out = await this.transaction(async (repos) => {
        const rec = known ?? (await repos.tables.get(tableId))
        if (!rec) return refuse('no-table')
        if (req.expectedVersion !== undefined && req.expectedVersion !== rec.version) return STALE
        return this.changeIn(repos, rec, fn, (r) => (after = r), req.interactionId)
      })
      // Committed: remember the table while it is open.
      const written = after as TableRecord | null
      if (out.ok && written && (written.status === 'lobby' || written.status === 'playing'))
        this.known.set(tableId, written)
      if (!out.ok && known) return out
      if (!out.ok && req.interactionId) return (await this.duplicateOf(req.interactionId)) ?? out
      return out
    } catch (e) {
      // A change judged on the remembered copy is judged again on a fresh read (change()).
      if (known) return STALE
      if (req.interactionId && isUniqueViolation(e)) {
        const dup = await this.duplicateOf(req.interactionId)
        if (dup) return dup
      }
      throw e
    }
  }

  /** The answer to an interaction applied before (null if it was not). */
  private async duplicateOf(interactionId: string): Promise<Outcome<TableUpdate> | null> {
    const seen = await this.store.actions.interaction(interactionId)
    const rec = seen && (await this.store.tables.get(seen.tableId))
    if (!rec) return null
    const table = snapshot(rec, this.games.engine(rec.game))
    return ok({
      table,
      events: [],
      automatic: [],
      tableEvents: [],
      ping: [],
      deadlineAt: table.deadlineAt,
      duplicate: true,
    })
  }

  private async changeIn(
    repos: Repos,
    rec: TableRecord,
    fn: Change,
    remember: (after: TableRecord) => void = () => {},
    interactionId?: string,
  ): Promise<Outcome<TableUpdate>> {
    const engine = this.games.engine(rec.game)
    if (!engine) return refuse('game-unavailable', { game: rec.game })
    const d = new TableDraft(rec, engine)
    const changed = await fn(d, repos)
    if (!changed.ok) return changed
    const now = this.clock.now()
    this.closeIfMatchOver(d, now)
    d.checkChips()
    const open = d.status === 'playing'
    // After a game the wait is the table's break: then the next game is dealt by itself.
    const turnDeadline = !open
      ? null
      : d.restartClock || rec.deadlineAt === null
        ? now + waitMs(rec, d.progress())
        : rec.deadlineAt
    // Between games the table also wakes at its agreed end, to close.
    const deadlineAt =
      turnDeadline !== null && rec.endsAt !== null && d.progress() === 'gameOver'
        ? Math.min(turnDeadline, Math.max(rec.endsAt, now))
        : turnDeadline
    const written = await repos.tables.update(
      rec.id,
      rec.version,
      {
        status: d.status,
        state: d.state,
        seed: d.seed,
        deadlineAt,
        pot: d.pot,
        potShares: d.potShares,
        gamesPlayed: d.gamesPlayed,
        logSize: rec.logSize + d.log.length,
        seats: d.seats,
      },
      rec.seats,
    )
    if (!written) return STALE
    for (const c of d.cashOuts.filter((c) => c.to === 'practice'))
      d.movements.push({
        guildId: rec.guildId,
        from: { kind: 'stack', userId: c.userId },
        to: { kind: 'practice' },
        amount: c.amount,
        reason: c.reason,
        tableId: rec.id,
      })
    for (const c of d.cashOuts.filter((c) => c.to === 'wallet'))
      await repos.wallets.deposit(
        rec.guildId,
        c.userId,
        c.amount,
        { kind: 'stack', userId: c.userId },
        rec.id,
        c.reason,
      )
    // Independent inserts, issued together (the connection runs them in turn); the first
    // failure is thrown only once all have settled, so none is left running into the rollback.
    const writes = await Promise.allSettled([
      repos.actions.append(rec.id, rec.logSize, d.log),
      repos.ledger.record(d.movements),
      interactionId ? repos.actions.recordInteraction(interactionId, rec.id, rec.version + 1) : undefined,
    ])
    for (const w of writes) if (w.status === 'rejected') throw w.reason
    // A practice table (AI seats) reaches no stats and so no leaderboard.
    const practice = isPracticeTable(d.seats)
    if (!practice && d.results.length) await repos.stats.recordGame(rec.guildId, rec.game, d.results)
    if (!practice && d.net.size) await repos.stats.addNetChips(rec.guildId, rec.game, d.net)
    const after: TableRecord = {
      ...rec,
      status: d.status,
      state: d.state,
      seed: d.seed,
      version: rec.version + 1,
      deadlineAt,
      pot: d.pot,
      potShares: d.potShares,
      gamesPlayed: d.gamesPlayed,
      logSize: rec.logSize + d.log.length,
      seats: d.seats.map((s) => ({ ...s })),
    }
    // What a fresh read would give (the state as stored, JSON), for the next change.
    remember({
      ...after,
      state:
        after.state === null || after.state === undefined ? null : (JSON.parse(JSON.stringify(after.state)) as unknown),
      seats: after.seats.map((s) => ({ ...s })),
    })
    const table = snapshot(after, engine)
    const ping =
      deadlineAt !== rec.deadlineAt || d.restartClock
        ? table.waitingFor.filter((u) => !d.seatOf(u)?.away && !isAiSeat(u))
        : []
    await repos.effects.add(rec.id, after.version, this.effectsOf(d, table, ping))
    return ok({
      table,
      events: d.events,
      automatic: d.automatic,
      tableEvents: d.tableEvents,
      ping,
      deadlineAt,
      duplicate: false,
    })
  }
}

/** Whether every player's stack at the table is the stack the engine holds for their seat. */
function stacksAsEngine(d: TableDraft, players: readonly MutableSeat[]): boolean {
  const totals = d.engine.chipTotals(d.state)
  return totals === null || players.every((s) => totals.stacks[s.position!] === s.stack)
}
