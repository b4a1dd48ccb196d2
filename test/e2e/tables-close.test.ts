import { describe, expect, it } from 'vitest'
import { closeTable } from '../../src/cli/table-close.js'
import { OUTBOX_SWEEP_MS } from '../../src/scheduler/outbox-sweep.js'
import { openStore } from '../../src/store/index.js'
import { advance, eachTestWorld, openAndStart, playTurn, textOf, untilSomeoneActs } from './harness.js'

const startWorld = eachTestWorld()

describe('npm run tables -- close', () => {
  it('closes a table in play from outside the bot: chips back through the ledger, the running bot shows it closed', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const playing = await untilSomeoneActs(w)
    await playTurn(w, playing.waitingFor[0]!)
    const before = await w.table()
    expect(before.pot).toBeGreaterThan(0)
    const shownBefore = textOf(w.publicMessage(before))

    // The operator's tool, on its own connection to the database, as another process would be.
    const store = await openStore({ url: w.databaseUrl, clock: w.discord.clock })
    try {
      const closed = await closeTable(store, before.id, w.discord.clock)
      expect(closed).toMatchObject({ ok: true })
      expect(closed.ok && closed.summary).toContain(`Closed table ${before.id} (bura, server ${w.guild.id}`)
      expect(closed.ok && closed.summary).toContain('200 chips went back to 2 players')
      // A second close is refused and changes nothing.
      expect(await closeTable(store, before.id, w.discord.clock)).toEqual({
        ok: false,
        message: `Table ${before.id}: This table has already ended.`,
      })
      expect(await closeTable(store, 'nosuchtable', w.discord.clock)).toEqual({
        ok: false,
        message: 'No table nosuchtable.',
      })
    } finally {
      await store.close()
    }
    // Every chip is back in the wallets: what each started with, less the buy-in, plus the stack
    // and the share of the pot (a Bura dealt to a hand may have won a game before this one).
    const backFor = (id: string) => {
      const seat = before.seats.find((s) => s.userId === id)!
      return 1000 - seat.brought + seat.stack
    }
    const wallets = await Promise.all([alice, bob].map((m) => w.bot.store.wallets.get(w.guild.id, m.id)))
    expect(wallets.reduce((sum, x) => sum + x.balance, 0)).toBe(2000)
    for (const [i, m] of [alice, bob].entries()) expect(wallets[i]!.balance).toBeGreaterThanOrEqual(backFor(m.id))
    // The bot has not been told: the channel shows the table in play until its next outbox sweep.
    expect(textOf(w.publicMessage(before))).toBe(shownBefore)
    await advance(w, OUTBOX_SWEEP_MS + 1000)
    const after = await w.tableById(before.id)
    expect(after.status).toBe('aborted')
    const shown = textOf(w.publicMessage(after))
    expect(shown).not.toBe(shownBefore)
    expect(shown).toContain('The game was stopped when the table closed.')
    expect(shown).toContain('The table was closed.')
    expect(shownBefore).not.toContain('The table was closed.')
    expect(await w.bot.tables.outbox.pendingTables()).toEqual([])
    // Its controls are gone with it.
    expect(w.publicMessage(after).components ?? []).toEqual([])
  })
})
