import { ok, refuse, type Outcome } from '../core/engine.js'
import type { AiLevel } from '../ai/budget.js'
import { isUniqueViolation } from '../store/db.js'
import { isOpen, type TableRecord } from '../store/tables.js'
import type { Repos } from '../store/store.js'
import { aiSeatId, aiToRemove, freeAiName, isPracticeTable } from './ai-seats.js'
import { toPractice } from './cash.js'
import { close, closeFor } from './closing.js'
import type { CloseReason } from './close-reasons.js'
import { firstGame } from './dealing.js'
import type { TableDraft } from './draft.js'
import { leaveToken } from './leave-token.js'
import { isFreezeout } from './match.js'
import { checkNewTable } from './new-table.js'
import { seat, unseat } from './seating.js'
import type { ActOptions, CreateTableInput, TableUpdate } from './types.js'
import { STALE, type UnitOfWork } from './unit-of-work.js'

/** A table from its creation to its end: opening it, seats taken and left, the first deal, closing it. */
export class Lifecycle {
  constructor(
    private readonly work: UnitOfWork,
    /** Seeds of new games. */
    private readonly seeds: () => number,
    /** Ids of new tables. */
    private readonly tableIds: () => string,
  ) {}

  /**
   * Whether `create` would accept these options on this server, without opening anything (the bot
   * asks before it starts a thread for the table, so a refused table leaves no empty thread).
   */
  async check(input: CreateTableInput): Promise<Outcome<void>> {
    const settings = await this.work.store.settings.get(input.guildId)
    const checked = checkNewTable(this.work.games, input, settings, this.work.clock)
    if (!checked.ok) return checked
    return (await withinLimit(this.work.store, input, settings.maxTables)) ?? ok(undefined)
  }

  async create(input: CreateTableInput): Promise<Outcome<TableUpdate>> {
    return this.work.transaction(async (repos) => {
      const settings = await repos.settings.get(input.guildId)
      const checked = checkNewTable(this.work.games, input, settings, this.work.clock)
      if (!checked.ok) return checked
      const limited = await withinLimit(repos, input, settings.maxTables)
      if (limited) return limited
      const { engine, ...table } = checked.value
      const busy = await repos.tables.openInChannel(input.guildId, input.channelId)
      if (busy) return refuse('channel-busy-game', { game: this.work.games.engine(busy.game)?.title ?? busy.game })
      let rec: TableRecord
      try {
        rec = await repos.tables.create({
          id: this.tableIds(),
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
      return this.work.changeIn(repos, rec, async (d, r) => {
        d.tableEvents.push({ type: 'created', userId: input.creatorId })
        return seat(d, r, input.creatorId, rec.buyIn)
      })
    })
  }

  /** The bot posted (or lost, null) the table's public message. */
  async setMessageId(tableId: string, messageId: string | null): Promise<void> {
    await this.work.store.tables.setMessageId(tableId, messageId)
    this.work.amendKnown(tableId, { messageId })
  }

  /** Sit down in the lobby, or between two Bura/Badugi games; chip games buy in from the wallet. */
  join(tableId: string, userId: string, opts: ActOptions & { buyIn?: number } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, async (d, repos) => {
      // Checked first: a seated player's Join asks for what already is, whatever the game does.
      if (d.seatOf(userId)?.status === 'seated') return refuse('already-seated')
      if (d.endAfterGame) return refuse('table-ending')
      if (isFreezeout(d.engine, d.rec) && d.status !== 'lobby') return refuse('freezeout-started')
      // Tables that deal game after game seat a newcomer at once; they are dealt in at the next game.
      if (d.status !== 'lobby' && !(d.status === 'playing' && d.engine.table.betweenGames))
        return refuse('join-running')
      const old = d.seatOf(userId)
      if (old && old.position !== null && d.status === 'playing' && d.progress() === 'acting')
        return refuse('left-this-game')
      if (isFreezeout(d.engine, d.rec) && opts.buyIn !== undefined && opts.buyIn !== d.rec.buyIn)
        return refuse('freezeout-buy-in', { buyIn: d.rec.buyIn })
      return seat(d, repos, userId, opts.buyIn ?? d.rec.buyIn)
    })
  }

  /**
   * The host seats an AI player (`ai-<name>-<level>`, shown as "🤖 Name"), in the lobby only. The
   * table becomes a practice table: buy-ins already taken from wallets go back to them, and every
   * seat plays with practice chips from then on (docs/ai.md).
   */
  addAi(tableId: string, opts: ActOptions & { userId?: string; level?: AiLevel } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d, repos) => {
      if (!this.work.games.ai(d.engine.id)) return refuse('no-ai', { game: d.engine.title })
      const lobbyOnly = aiLobbyCheck(d, opts.userId, 'add')
      if (lobbyOnly) return lobbyOnly
      if (d.seated().length >= d.engine.maxPlayers) return refuse('table-full', { max: d.engine.maxPlayers })
      const name = freeAiName(d.seated())
      if (name === null) return refuse('ai-all-seated')
      if (!isPracticeTable(d.seats)) toPractice(d)
      return seat(d, repos, aiSeatId({ name, level: opts.level ?? 'normal' }), d.rec.buyIn)
    })
  }

  /** The host removes an AI seat in the lobby: the one named, or the last one seated. */
  removeAi(tableId: string, opts: ActOptions & { userId?: string; name?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      const lobbyOnly = aiLobbyCheck(d, opts.userId, 'remove')
      if (lobbyOnly) return lobbyOnly
      const ai = aiToRemove(d.seated(), opts.name)
      if (!ai) return opts.name ? refuse('ai-not-seated-named', { name: opts.name }) : refuse('ai-not-seated')
      return unseat(d, ai.userId)
    })
  }

  /**
   * Stand up (`by`: who removed the player, `/table kick`). Lobby or between games: cash out.
   * Mid-game: Bugami and Bura seats are played automatically until the game ends (then cashed
   * out); Badugi folds and cashes out at once.
   */
  leave(tableId: string, userId: string, opts: ActOptions & { by?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      // A confirmed leave (`expectedToken`, leave-token.ts) stands only while it means what was asked.
      const now = { status: d.status, progress: d.progress(), gamesPlayed: d.gamesPlayed }
      if (opts.expectedToken !== undefined && leaveToken(now) !== opts.expectedToken) return STALE
      return unseat(d, userId, opts.interactionId, opts.by ?? null)
    })
  }

  /** Deals the first game: seats in join order, dealer drawn from the seed. */
  start(tableId: string, opts: ActOptions & { userId?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      if (d.status !== 'lobby') return refuse('not-lobby')
      if (opts.userId !== undefined && opts.userId !== d.rec.creatorId) return refuse('not-creator')
      const players = d.seated()
      if (players.length < d.engine.minPlayers)
        return refuse('too-few-players', { game: d.engine.title, min: d.engine.minPlayers, count: players.length })
      d.status = 'playing'
      const dealt = firstGame(d, players, this.seeds())
      if (!dealt.ok) return dealt
      d.settle()
      return ok(undefined)
    })
  }

  /**
   * The host ends the table. In the lobby or between games it closes now: every stack goes back
   * to its wallet (a pot carried between games in proportion to what each paid in, docs/rules/bura.md
   * rule 10). During a game it closes when that game is over, as an agreed end does: nobody
   * escapes a hand they are losing (closing a hand at once is `voidTable`, for Manage Server).
   * With `userId`, only the creator may end it (admins: call without); `by` is who ended it.
   */
  end(tableId: string, opts: ActOptions & { userId?: string; by?: string } = {}): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      if (!isOpen(d.status)) return refuse('table-ended')
      if (opts.userId !== undefined && opts.userId !== d.rec.creatorId) return refuse('not-creator-end')
      if (d.status === 'playing' && d.progress() === 'acting') {
        if (d.endAfterGame) return refuse('end-pending')
        d.endAfterGame = true
        d.tableEvents.push({ type: 'endRequested', userId: opts.by ?? opts.userId ?? d.rec.creatorId })
        return ok(undefined)
      }
      return close(d)
    })
  }

  /**
   * Closes the table at once for `reason` (closing.ts `closeFor`): a game in progress is void,
   * every chip goes back, the ledger rows name the reason. The one way a table is closed from
   * outside its game: a Manage Server void, an expired lobby, a channel or server gone, an
   * operator (`npm run tables -- close`). `by`: the member who voided it.
   */
  voidTable(
    tableId: string,
    reason: CloseReason,
    opts: ActOptions & { by?: string } = {},
  ): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, opts, (d) => {
      if (!isOpen(d.status)) return refuse('table-ended')
      return closeFor(d, reason, opts.by ?? null)
    })
  }

  /** A lobby opened before `openedBefore` (ms) that never started closes, every buy-in back. */
  expireLobby(tableId: string, openedBefore: number): Promise<Outcome<TableUpdate>> {
    return this.work.change(tableId, {}, (d) => {
      if (d.status !== 'lobby') return refuse('not-lobby')
      if (d.rec.createdAt >= openedBefore) return refuse('not-due')
      return closeFor(d, 'lobby-expired')
    })
  }
}

/**
 * A member may have `max` open tables in a server at once (`/settings`), so that one member cannot
 * fill every channel; Manage Server is exempt. The refusal, or null when within the limit.
 */
async function withinLimit(
  repos: Pick<Repos, 'tables'>,
  input: CreateTableInput,
  max: number,
): Promise<Outcome<never> | null> {
  if (input.exempt) return null
  const count = await repos.tables.openedBy(input.guildId, input.creatorId)
  return count >= max ? refuse('table-limit', { count, max }) : null
}

/** AI seats change only in the lobby, and only by the host. */
function aiLobbyCheck(d: TableDraft, userId: string | undefined, what: 'add' | 'remove'): Outcome<never> | null {
  if (userId !== undefined && userId !== d.rec.creatorId) return refuse(`ai-not-host.${what}`)
  if (d.status !== 'lobby') return refuse('ai-lobby-only')
  return null
}
