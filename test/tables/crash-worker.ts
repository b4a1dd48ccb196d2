/**
 * Child process of the crash test: plays Bura tables through the table service as fast as it
 * can and prints `ack <interactionId>` the moment each action's transaction has committed.
 * The test kills it with SIGKILL somewhere in this stream. Not a test file itself.
 */
import fs from 'node:fs'
import { Rng, seedRng } from '../../src/core/rng.js'
import { ENGINES, gameLookup } from '../../src/games/registry.js'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const url = process.argv[2]!
const store = await openStore({ url, durability: 'full' })
const rng = new Rng(seedRng(Number(process.argv[3] ?? 1)))
const tables = new TableService({ games: gameLookup, store, seeds: () => rng.int(2 ** 31 - 1) })
// Synchronous: an ack must never sit in a buffer when the process dies.
// As the bot answers: once the change is on disk (Store.durable).
const ack = async (id: string) => {
  await store.durable()
  fs.writeSync(1, `ack ${id}\n`)
}

let n = 0
const next = () => `crash-${process.pid}-${n++}`

for (let table = 0; ; table++) {
  const created = await tables.create({
    guildId: 'g',
    channelId: `c${process.pid}-${table}`,
    game: 'bura',
    creatorId: 'ann',
    buyIn: 200,
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const u of ['ben', 'cat']) if ((await tables.join(id, u)).ok) await ack(`join-${id}-${u}`)
  if ((await tables.start(id)).ok) await ack(`start-${id}`)
  for (;;) {
    const t = (await tables.get(id))!
    if (t.status !== 'playing') break
    if (t.progress === 'gameOver') {
      const interactionId = next()
      const dealt = await tables.nextDeal(id, { interactionId, expectedVersion: t.version })
      if (!dealt.ok) {
        await tables.end(id)
        break
      }
      await ack(interactionId)
      continue
    }
    const userId = rng.pick(t.waitingFor)
    const position = t.seats.find((s) => s.userId === userId)!.position!
    const legal = ENGINES.bura.legalActions(t.state, position)
    const interactionId = next()
    const out = await tables.act(id, userId, rng.pick(legal), { interactionId, expectedVersion: t.version })
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    await ack(interactionId)
  }
}
