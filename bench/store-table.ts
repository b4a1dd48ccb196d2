import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ENGINES, gameLookup } from '../src/games/registry.js'
import { ENGLISH } from '../src/i18n/index.js'
import { refusalText } from '../src/render/refusals.js'
import { openStore, type LogEntry } from '../src/store/index.js'
import { TableService } from '../src/tables/index.js'

/** The Bura table both store benches play (SQLite and PostgreSQL): its players, its seed, its recorded moves. */

export const bura = ENGINES.bura
export const SEED = 4242
export const PLAYERS = ['ann', 'ben', 'cat']

/** A database file in a fresh temporary folder, and how to remove it. */
export function tempFile(name: string): { file: string; url: string; drop: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'))
  const file = path.join(dir, name)
  return { file, url: `file:${file}`, drop: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** A Bura table with three players, started from a fixed seed. */
export async function startedTable(url: string, durability: 'full' | 'process') {
  const store = await openStore({ url, durability })
  const service = new TableService({ games: gameLookup, store, seeds: () => SEED })
  await store.settings.update('g', { startingGrant: 1_000_000 })
  const created = await service.create({
    guildId: 'g',
    channelId: 'c',
    game: 'bura',
    creatorId: PLAYERS[0]!,
    buyIn: 100_000,
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const p of PLAYERS.slice(1)) await service.join(id, p, { buyIn: 100_000 })
  await service.start(id)
  return { store, service, id }
}

/** The moves of a few whole games, recorded once through the service (they replay identically). */
export async function recordMoves(durability: 'full' | 'process', moves: number): Promise<LogEntry[]> {
  const tmp = tempFile('record.db')
  const { store, service, id } = await startedTable(tmp.url, durability)
  let k = 0
  while (k < moves) {
    const t = (await service.get(id))!
    if (t.progress === 'gameOver') {
      const next = await service.nextDeal(id)
      if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
      continue
    }
    // Sensible moves (the engine's automatic ones): games of a normal length, no runaway pot.
    const user = t.waitingFor[0]!
    const pos = t.seats.find((s) => s.userId === user)!.position!
    const out = await service.act(id, user, bura.autoAction(t.state, pos), { interactionId: `rec-${k}` })
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    k++
  }
  const log = await store.actions.list(id)
  await store.close()
  tmp.drop()
  return log
}
