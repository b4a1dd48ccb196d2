import { describe, expect, test } from 'vitest'
import { Prisma } from '../../src/generated/prisma/client.js'
import { playGame, tableServicePerTest } from '../tables/play.js'

// What the bot no longer needs is pruned by a periodic pass: delivered effects and remembered
// interactions after a day, a closed table (its log for `/table log`, its seats and effects) after
// the retention (30 days by default). What an open table still reads stays.
const fx = tableServicePerTest(900)
const DAY = 24 * 60 * 60 * 1000

const count = async (table: string) =>
  Number((await fx.t.store.prisma.$queryRawUnsafe<{ n: unknown }[]>(`SELECT COUNT(*) AS "n" FROM "${table}"`))[0]!.n)

async function deliverAll(): Promise<void> {
  for (const id of await fx.tables.outbox.pendingTables())
    await fx.tables.outbox.done((await fx.tables.outbox.pending(id)).map((e) => e.id))
}

async function buraTable(channelId: string): Promise<string> {
  const created = await fx.tables.create({ guildId: 'g', channelId, game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  await fx.tables.join(created.value.table.id, 'ben')
  const started = await fx.tables.start(created.value.table.id)
  if (!started.ok) throw new Error(started.error.code)
  return created.value.table.id
}

describe('retention', () => {
  test('prunes delivered effects and interactions after a day, a closed table after its retention', async () => {
    const open = await buraTable('open')
    await playGame(fx.tables, open, 1)
    expect((await fx.tables.nextDeal(open)).ok).toBe(true)
    await playGame(fx.tables, open, 2)
    const closed = await buraTable('closed')
    await playGame(fx.tables, closed, 3)
    expect((await fx.tables.end(closed)).ok).toBe(true)
    await deliverAll()
    const effectsBefore = await count('TableEffect')
    const newestResult = (await fx.tables.outbox.latestResult(open))!
    expect(await count('Interaction')).toBeGreaterThan(0)

    await fx.t.clock.advance(2 * DAY)
    const first = await fx.t.store.retention.prune(fx.t.clock.now())
    expect(first.tables).toBe(0)
    expect(first.effects).toBeGreaterThan(0)
    expect(await count('TableEffect')).toBeLessThan(effectsBefore)
    expect(await count('Interaction')).toBe(0)
    // The open table keeps what it reads again: its newest result.
    expect((await fx.tables.outbox.latestResult(open))?.id).toBe(newestResult.id)
    // The closed table's log is still there for `/table log`.
    const log = await fx.tables.gameLog('g', 'closed', 'ann')
    expect(log?.table.id).toBe(closed)
    expect(await fx.t.store.actions.list(closed)).not.toHaveLength(0)

    await fx.t.clock.advance(29 * DAY)
    const second = await fx.t.store.retention.prune(fx.t.clock.now())
    expect(second.tables).toBe(1)
    expect(await fx.tables.get(closed)).toBeNull()
    expect(await fx.t.store.actions.list(closed)).toHaveLength(0)
    const left = await fx.t.store.prisma.$queryRaw<{ n: unknown }[]>(
      Prisma.sql`SELECT COUNT(*) AS "n" FROM "TableEffect" WHERE "tableId" = ${closed}`,
    )
    expect(Number(left[0]!.n)).toBe(0)
    expect(await fx.tables.get(open)).not.toBeNull()
    expect(await fx.t.store.actions.list(open)).not.toHaveLength(0)
    expect((await fx.t.store.audit()).problems).toEqual([])
  })

  test('keeps pending effects, whatever their age', async () => {
    const open = await buraTable('open')
    const pending = await fx.tables.outbox.pendingTables()
    await fx.t.clock.advance(60 * DAY)
    await fx.t.store.retention.prune(fx.t.clock.now())
    expect(await fx.tables.outbox.pendingTables()).toEqual(pending)
    expect(pending).toContain(open)
  })
})
