import { afterEach, beforeEach, expect } from 'vitest'
import { Rng, seedRng } from '../../src/core/rng.js'
import { TableService, type TableUpdate } from '../../src/tables/index.js'
import { tempStore } from '../store/temp-db.js'
import { gameLookup } from '../../src/games/registry.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

/**
 * A fresh store in a temporary folder, and a table service over it, for each test of the
 * calling file; the service's seeds count up from `firstSeed` so every test deals the same.
 */
export function tableServicePerTest(firstSeed: number): {
  readonly t: Awaited<ReturnType<typeof tempStore>>
  readonly tables: TableService
} {
  const fx = {} as { t: Awaited<ReturnType<typeof tempStore>>; tables: TableService }
  beforeEach(async () => {
    fx.t = await tempStore()
    let seed = firstSeed
    fx.tables = new TableService({ games: gameLookup, store: fx.t.store, seeds: () => seed++ })
  })
  afterEach(() => fx.t.cleanup())
  return fx
}

/**
 * Plays the next move at a table like a player would: a random legal action (sometimes the
 * automatic one) for a seat the game waits for, through `act` with the version seen. Between
 * chip games it deals the next game. Returns the update, or null when nothing can be played.
 */
export async function playOne(tables: TableService, tableId: string, rng: Rng, n = 0): Promise<TableUpdate | null> {
  const table = await tables.get(tableId)
  if (!table || table.status !== 'playing') return null
  if (table.progress === 'gameOver') {
    const next = await tables.nextDeal(tableId, { expectedVersion: table.version })
    return next.ok ? next.value : null
  }
  const userId = rng.pick(table.waitingFor)
  const position = table.seats.find((s) => s.userId === userId)!.position!
  const engine = (await import('../../src/games/registry.js')).engineFor(table.game)!
  const legal = engine.legalActions(table.state, position)
  const auto = engine.autoAction(table.state, position)
  const action = auto !== null && (rng.int(4) === 0 || legal.length === 0) ? auto : rng.pick(legal)
  const out = await tables.act(tableId, userId, action, {
    expectedVersion: table.version,
    interactionId: `play-${tableId}-${table.version}-${n}`,
  })
  if (!out.ok) throw new Error(`legal move refused: ${JSON.stringify(action)}: ${refusalText(out.error, ENGLISH)}`)
  return out.value
}

/** Plays until the current game ends (progress leaves 'acting'); returns the moves made. */
export async function playGame(tables: TableService, tableId: string, seed = 1, maxMoves = 2000): Promise<number> {
  const rng = new Rng(seedRng(seed))
  for (let moves = 0; moves < maxMoves; moves++) {
    const t = await tables.get(tableId)
    if (!t || t.status !== 'playing' || t.progress !== 'acting') return moves
    await playOne(tables, tableId, rng)
  }
  expect.fail(`no end after ${maxMoves} moves`)
}

/** Opens a table of `game` in a channel named after it, hosted by `players[0]` and joined by the others. */
export async function openTable(
  tables: TableService,
  game: 'bura' | 'badugi' | 'bugami',
  players: string[],
  more: Partial<Parameters<TableService['create']>[0]> = {},
): Promise<string> {
  const created = await tables.create({ guildId: 'g', channelId: game, game, creatorId: players[0]!, ...more })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of players.slice(1)) {
    const joined = await tables.join(id, p)
    if (!joined.ok) throw new Error(refusalText(joined.error, ENGLISH))
  }
  return id
}

/** Plays moves (dealing the next game when one ends) until the table closes; returns every update. */
export async function playToTheEnd(
  tables: TableService,
  id: string,
  seed: number,
  maxMoves = 20_000,
): Promise<TableUpdate[]> {
  const rng = new Rng(seedRng(seed))
  const updates: TableUpdate[] = []
  for (let n = 0; n < maxMoves; n++) {
    const update = await playOne(tables, id, rng, n)
    if (update === null) return updates
    updates.push(update)
  }
  expect.fail(`the table did not close after ${maxMoves} moves`)
}
