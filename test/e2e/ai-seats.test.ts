import { describe, expect, it } from 'vitest'
import { DEFAULT_AI_MOVE_DELAY_MS } from '../../src/config.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  advance,
  buttonLabels,
  eachTestWorld,
  expectNothingHidden,
  playTurn,
  privateAnswer,
  textOf,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()
const isAi = (userId: string) => userId.startsWith('ai-')

/**
 * Plays a table with AI seats until `stop`: a member whose turn it is plays through Discord (the
 * engine's own sensible move); when only AI seats are waited for, the clock moves on by the AI's
 * pause and the bot plays them. The privacy oracle runs after every step. Returns how many AI
 * steps there were and every turn ping the channel showed meanwhile.
 */
async function playWithAi(
  w: World,
  stop: (t: TableSnapshot) => boolean,
  maxSteps = 3000,
): Promise<{ aiSteps: number; pings: Set<string> }> {
  let aiSteps = 0
  const pings = new Set<string>()
  for (let step = 0; step < maxSteps; step++) {
    for (const m of w.channel.messages()) if (m.content.includes('your turn')) pings.add(m.content)
    const table = await w.table().catch(() => null)
    if (!table || stop(table)) return { aiSteps, pings }
    const member = table.waitingFor.find((u) => !isAi(u))
    if (member) await playTurn(w, member)
    else if (table.waitingFor.length > 0) {
      // While only AI seats are to move, no ping tells a member it is their turn.
      expect(w.channel.messages().filter((m) => m.content.includes('your turn'))).toEqual([])
      await advance(w, DEFAULT_AI_MOVE_DELAY_MS)
      const after = await w.tableById(table.id)
      // The AI moved on its own once its pause was over.
      expect(after.version).toBeGreaterThan(table.version)
      aiSteps++
    } else throw new Error(`the table waits for nobody (progress ${table.progress})`)
    await expectNothingHidden(w, table.id)
  }
  throw new Error('the game did not end')
}

async function balance(w: World, name: string): Promise<number> {
  return (await w.bot.store.wallets.get(w.guild.id, w.member(name).id)).balance
}

describe('AI seats', () => {
  it('a member and two AI seats play a Bugami match to its end; stats and leaderboards stay untouched', async () => {
    const w = await startWorld(['alice', 'bob'])
    const alice = w.member('alice')
    const before = await balance(w, 'alice')
    await alice.slash(w.channel, 'bugami start', { target: 15, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    // Add AI updates the lobby message in its own callback; the private answer follows it.
    for (let i = 0; i < 2; i++)
      expect((await privateAnswer(w, await alice.click(lobby, 'Add AI'))).content).toMatch(/sits down/)
    const seated = await w.table()
    expect(seated.seats.map((s) => s.userId)).toEqual([alice.id, 'ai-anna-normal', 'ai-boris-normal'])
    const lobbyText = textOf(w.publicMessage(seated))
    expect(lobbyText).toContain('🤖 Anna')
    expect(lobbyText).toContain('🤖 Boris')
    expect(lobbyText).toContain('Practice table: AI seats, no real chips')

    await alice.click(lobby, 'Start')
    const playing = await w.table()
    expect(playing.status).toBe('playing')
    expect(textOf(w.publicMessage(playing))).toContain('Practice table: AI seats, no real chips')
    const { aiSteps, pings } = await playWithAi(w, (t) => t.status !== 'playing')
    expect(aiSteps).toBeGreaterThan(10)

    const final = await w.tableById(playing.id)
    expect(final.status).toBe('finished')
    expect(textOf(w.publicMessage(final))).toMatch(/final result/i)
    // No ping ever named an AI seat; the bot logged the AI's moves without their cards.
    expect(pings.size).toBeGreaterThan(0)
    for (const ping of pings) expect(ping).not.toMatch(/ai-|🤖/)
    expect(w.logLines.some((l) => l.includes('"AI move"'))).toBe(true)
    // Nothing reached the stats, so the Bugami board is empty; the balance is what it was.
    expect(await w.bot.store.stats.get(w.guild.id, alice.id)).toEqual([])
    // ... and no rating: a practice table is never rated.
    expect(await w.bot.store.ratings.results()).toEqual([])
    expect(textOf(await alice.slash(w.channel, 'rating'))).toMatch(/no rated result/)
    const board = await alice.slash(w.channel, 'leaderboard', { game: 'bugami' })
    expect(textOf(board)).not.toContain(alice.id)
    expect(textOf(board)).not.toMatch(/Anna|Boris/)
    expect(await balance(w, 'alice')).toBe(before)
  })

  it('a Bura practice table against one AI plays a game to its end with wallets unchanged', async () => {
    const w = await startWorld(['alice'])
    const alice = w.member('alice')
    const before = await balance(w, 'alice')
    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 100, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    // The buy-in was taken from the wallet, and comes back when the table turns into a practice table.
    expect(await balance(w, 'alice')).toBe(before - 100)
    const added = await alice.slash(w.channel, 'table add-ai', { level: 'strong' })
    expect(added.ephemeral).toBe(true)
    expect(added.content).toContain('🤖 Anna')
    expect(await balance(w, 'alice')).toBe(before)
    expect(textOf(w.publicMessage(await w.table()))).toContain('in practice chips')
    await alice.click(lobby, 'Start')
    const tableId = (await w.table()).id
    await playWithAi(w, (t) => t.gamesPlayed >= 1)
    const mid = await w.tableById(tableId)
    expect(mid.seats.reduce((n, s) => n + s.stack, 0) + mid.pot).toBe(200)
    // Chips at a practice table are nobody's: the balance shows none at tables.
    expect((await w.bot.tables.wallet(w.guild.id, alice.id)).atTables).toBe(0)
    await w.expectAuditBalanced()

    const closed = await alice.slash(w.channel, 'table end')
    expect(closed.ephemeral).toBe(true)
    expect((await w.tableById(tableId)).status).toBe('finished')
    expect(await balance(w, 'alice')).toBe(before)
    expect(await w.bot.store.stats.get(w.guild.id, alice.id)).toEqual([])
    const audit = await w.bot.store.audit()
    expect(audit.practice).toBe(0)

    // Rematch brings the practice table back with its AI seat.
    const rematch = await alice.click(w.publicMessage(await w.tableById(tableId)), 'Rematch')
    expect(rematch.ephemeral).toBe(true)
    const again = await w.table()
    expect(again.id).not.toBe(tableId)
    expect(again.seats.map((s) => s.userId)).toEqual((await w.tableById(tableId)).seats.map((s) => s.userId))
    expect(again.seats.map((s) => s.userId)).toEqual([alice.id, expect.stringMatching(/^ai-anna-/)])
    expect(textOf(w.publicMessage(again))).toContain('Practice table: AI seats, no real chips')
  })

  it('refuses privately: someone else adding an AI, a full table, adding or removing after the start', async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    await bob.click(lobby, 'Join')

    const notHost = await bob.click(lobby, 'Add AI')
    expect(notHost.ephemeral).toBe(true)
    expect(notHost.content + textOf(notHost)).toMatch(/only the host/i)
    expect((await bob.slash(w.channel, 'table remove-ai')).ephemeral).toBe(true)
    expect((await w.table()).seats).toHaveLength(2)

    for (let i = 0; i < 4; i++) await alice.click(lobby, 'Add AI')
    const full = await alice.click(lobby, 'Add AI')
    expect(full.ephemeral).toBe(true)
    expect(textOf(full)).toMatch(/table is full \(6 players\)/)
    // Bob's real buy-in went back when the first AI sat down; his stack is practice chips now.
    expect((await w.bot.tables.wallet(w.guild.id, bob.id)).atTables).toBe(0)

    const removed = await alice.slash(w.channel, 'table remove-ai', { name: 'Boris' })
    expect(removed.content).toContain('🤖 Boris left')
    const last = await alice.slash(w.channel, 'table remove-ai')
    expect(last.content).toContain('🤖 Dmitri left')
    const names = (await w.table()).seats.filter((s) => s.status === 'seated').map((s) => s.userId)
    expect(names).toEqual([alice.id, bob.id, 'ai-anna-normal', 'ai-clara-normal'])

    await alice.click(lobby, 'Start')
    const table = await w.table()
    const late = await alice.slash(w.channel, 'table add-ai')
    expect(late.ephemeral).toBe(true)
    expect(textOf(late)).toMatch(/lobby only/)
    expect(textOf(await alice.slash(w.channel, 'table remove-ai'))).toMatch(/lobby only/)
    expect((await w.table()).seats).toHaveLength(table.seats.length)
  })

  it('an AI whose turn it is when the bot stops moves after the restart', async () => {
    const w = await startWorld(['alice'])
    const alice = w.member('alice')
    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 100, deadline: '1h' })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    await alice.click(lobby, 'Add AI')
    await alice.click(lobby, 'Start')
    // Alice plays until the table waits for the AI (a Bura dealt at once deals again).
    for (let t = await w.table(); !t.waitingFor.some(isAi); t = await w.table()) {
      if (t.progress === 'acting') await playTurn(w, alice.id)
      else await alice.click(w.publicMessage(t), 'Next game')
    }
    const waiting = await w.table()
    await w.restart()
    const logged = w.logLines.length
    // Nothing moved while the bot was down, nor before the AI's pause is over.
    expect((await w.table()).version).toBe(waiting.version)
    await advance(w, DEFAULT_AI_MOVE_DELAY_MS)
    const after = await w.table()
    expect(after.version).toBeGreaterThan(waiting.version)
    expect(w.logLines.slice(logged).some((l) => l.includes('"AI move"'))).toBe(true)
    await expectNothingHidden(w, after.id)
  })
})
