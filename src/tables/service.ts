import { randomBytes, randomInt } from 'node:crypto'
import type { Clock } from '../lib/clock.js'
import type { Store } from '../store/store.js'
import { Cash } from './cash.js'
import type { TableGames } from './games.js'
import { Lifecycle } from './lifecycle.js'
import { Moves } from './moves.js'
import { tableOutbox, type TableOutbox } from './outbox.js'
import { Reads } from './reads.js'
import { UnitOfWork } from './unit-of-work.js'

export type { WalletView } from './cash.js'
export type { LeaderboardView } from './reads.js'

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
  /** Ids of new tables (default: 12 crypto-random base64url characters; the simulator fixes them). */
  readonly tableIds?: () => string
  /** Who this process is, in deadline claims (default `pid <process id>`). */
  readonly instance?: string
}

/**
 * The table service the bot calls: every change is one transaction that reads the table, changes
 * it through the engine, and writes state, version, log, chips, stats and the outbox together
 * (unit-of-work.ts). No Discord types here; refusals are `Outcome` values with friendly messages.
 * This class only puts the parts together: a table's lifecycle (lifecycle.ts), moves and deadlines
 * (moves.ts), chips (cash.ts) and reads (reads.ts).
 */
export class TableService {
  /** What delivery reads and marks of the effects the changes wrote (outbox.ts). */
  readonly outbox: TableOutbox
  private readonly lifecycle: Lifecycle
  private readonly moves: Moves
  private readonly cash: Cash
  private readonly reads: Reads
  private readonly work: UnitOfWork

  constructor(deps: TableServiceDeps) {
    this.outbox = tableOutbox(deps.store.effects)
    const work = (this.work = new UnitOfWork(deps.store, deps.clock ?? deps.store.clock, deps.games))
    const seeds = deps.seeds ?? (() => randomInt(0, 2 ** 31 - 1))
    this.lifecycle = new Lifecycle(work, seeds, deps.tableIds ?? (() => randomBytes(9).toString('base64url')))
    this.moves = new Moves(work, seeds, deps.instance ?? `pid ${process.pid}`)
    this.cash = new Cash(work)
    this.reads = new Reads(work, deps.fileSeeds ?? (() => randomInt(0, 2 ** 48 - 1)))
  }

  // ---- lifecycle (lifecycle.ts) ----------------------------------------------------------
  check(...a: Parameters<Lifecycle['check']>) {
    return this.lifecycle.check(...a)
  }
  create(...a: Parameters<Lifecycle['create']>) {
    return this.lifecycle.create(...a)
  }
  setMessageId(...a: Parameters<Lifecycle['setMessageId']>) {
    return this.lifecycle.setMessageId(...a)
  }
  join(...a: Parameters<Lifecycle['join']>) {
    return this.lifecycle.join(...a)
  }
  addAi(...a: Parameters<Lifecycle['addAi']>) {
    return this.lifecycle.addAi(...a)
  }
  removeAi(...a: Parameters<Lifecycle['removeAi']>) {
    return this.lifecycle.removeAi(...a)
  }
  leave(...a: Parameters<Lifecycle['leave']>) {
    return this.lifecycle.leave(...a)
  }
  start(...a: Parameters<Lifecycle['start']>) {
    return this.lifecycle.start(...a)
  }
  end(...a: Parameters<Lifecycle['end']>) {
    return this.lifecycle.end(...a)
  }
  voidTable(...a: Parameters<Lifecycle['voidTable']>) {
    return this.lifecycle.voidTable(...a)
  }
  expireLobby(...a: Parameters<Lifecycle['expireLobby']>) {
    return this.lifecycle.expireLobby(...a)
  }

  // ---- moves and deadlines (moves.ts) ----------------------------------------------------
  act(...a: Parameters<Moves['act']>) {
    return this.moves.act(...a)
  }
  nextDeal(...a: Parameters<Moves['nextDeal']>) {
    return this.moves.nextDeal(...a)
  }
  expire(...a: Parameters<Moves['expire']>) {
    return this.moves.expire(...a)
  }
  remind(...a: Parameters<Moves['remind']>) {
    return this.moves.remind(...a)
  }

  // ---- chips (cash.ts) -------------------------------------------------------------------
  rebuy(...a: Parameters<Cash['rebuy']>) {
    return this.cash.rebuy(...a)
  }
  wallet(...a: Parameters<Cash['wallet']>) {
    return this.cash.wallet(...a)
  }
  claimDaily(...a: Parameters<Cash['claimDaily']>) {
    return this.cash.claimDaily(...a)
  }
  grant(...a: Parameters<Cash['grant']>) {
    return this.cash.grant(...a)
  }

  // ---- reads (reads.ts) ------------------------------------------------------------------
  get(...a: Parameters<Reads['get']>) {
    return this.reads.get(...a)
  }
  inChannel(...a: Parameters<Reads['inChannel']>) {
    return this.reads.inChannel(...a)
  }
  activeTables() {
    return this.reads.activeTables()
  }
  forgetClosed(...a: Parameters<UnitOfWork['forgetClosed']>) {
    return this.work.forgetClosed(...a)
  }
  openTablesIn(...a: Parameters<Reads['openTablesIn']>) {
    return this.reads.openTablesIn(...a)
  }
  expiredLobbies(...a: Parameters<Reads['expiredLobbies']>) {
    return this.reads.expiredLobbies(...a)
  }
  oldestLobby() {
    return this.reads.oldestLobby()
  }
  activeSnapshots() {
    return this.reads.activeSnapshots()
  }
  overdue(...a: Parameters<Reads['overdue']>) {
    return this.reads.overdue(...a)
  }
  currentGameEvents(...a: Parameters<Reads['currentGameEvents']>) {
    return this.reads.currentGameEvents(...a)
  }
  place(...a: Parameters<Reads['place']>) {
    return this.reads.place(...a)
  }
  lastMoveAutomatic(...a: Parameters<Reads['lastMoveAutomatic']>) {
    return this.reads.lastMoveAutomatic(...a)
  }
  gameLogInput(...a: Parameters<Reads['gameLogInput']>) {
    return this.reads.gameLogInput(...a)
  }

  gameLog(...a: Parameters<Reads['gameLog']>) {
    return this.reads.gameLog(...a)
  }
  aiHistory(...a: Parameters<Reads['aiHistory']>) {
    return this.reads.aiHistory(...a)
  }
  stats(...a: Parameters<Reads['stats']>) {
    return this.reads.stats(...a)
  }
  leaderboard(...a: Parameters<Reads['leaderboard']>) {
    return this.reads.leaderboard(...a)
  }
  history(...a: Parameters<Reads['history']>) {
    return this.reads.history(...a)
  }
  ratings(...a: Parameters<Reads['ratings']>) {
    return this.reads.ratings(...a)
  }
  decayRatings(...a: Parameters<Reads['decayRatings']>) {
    return this.reads.decayRatings(...a)
  }
  skillBoard(...a: Parameters<Reads['skillBoard']>) {
    return this.reads.skillBoard(...a)
  }
  settings(...a: Parameters<Reads['settings']>) {
    return this.reads.settings(...a)
  }
  updateSettings(...a: Parameters<Reads['updateSettings']>) {
    return this.reads.updateSettings(...a)
  }
  audit() {
    return this.reads.audit()
  }
}
