import { describe, expect, it } from 'vitest'
import { advance, buttonLabels, eachTestWorld, openAndStart, textOf, untilSomeoneActs, type World } from './harness.js'
import type { FakeChannel, InjectedFault } from '../../src/sandbox/discord/index.js'

/** Tables whose place is gone close with every chip back; lobbies expire; members open a bounded number of tables. */

const startWorld = eachTestWorld()

const balances = (w: World, names: string[]) =>
  Promise.all(names.map(async (n) => (await w.bot.store.wallets.get(w.guild.id, w.member(n).id)).balance))

/** Waits (real time) until the table is closed: some closings run in the background (the start-up check). */
async function closedSoon(w: World, tableId: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    await w.bot.idle()
    const t = await w.tableById(tableId)
    if (t.status !== 'lobby' && t.status !== 'playing') return t.status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`table ${tableId} is still open`)
}

async function reasonsPaid(w: World, tableId: string): Promise<string[]> {
  const rows = await w.bot.store.prisma.ledgerEntry.findMany({ where: { tableId, toKind: 'wallet' } })
  return [...new Set(rows.map((r) => r.reason))]
}

/**
 * Bura between alice and bob in the world's channel, a game in progress: the world's first deal
 * (the harness's seeds) gives nobody a Bura, which would win game 1 at once.
 */
async function buraInPlay(w: World): Promise<string> {
  await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
  const t = await untilSomeoneActs(w)
  expect(t.pot).toBeGreaterThan(0)
  expect(t.gamesPlayed).toBe(0)
  return t.id
}

describe('a table whose place is gone closes, every chip back', () => {
  it('its channel deleted mid-game: the game is void, nothing in the stats, /chips balance says why', async () => {
    const w = await startWorld(['alice', 'bob'])
    const lounge = w.guild.channel('lounge')
    const id = await buraInPlay(w)
    w.channel.delete()
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
    expect(await reasonsPaid(w, id)).toEqual(['closed: channel-deleted'])
    for (const n of ['alice', 'bob'])
      expect(await w.bot.store.stats.get(w.guild.id, w.member(n).id)).toEqual([
        expect.objectContaining({ played: 0, won: 0, netChips: 0 }),
      ])
    const balance = await w.member('bob').slash(lounge, 'chips balance')
    expect(textOf(balance)).toMatch(/↩️ \*\*100\*\* chips came back <t:\d+:R>: the table's channel was deleted\./)
    // A new table opens in another channel as usual.
    await w.member('alice').slash(lounge, 'bura start')
    expect(await w.bot.tables.inChannel(w.guild.id, lounge.id)).not.toBeNull()
  })

  it('its thread deleted, or the channel the thread was in', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    const home = w.channel
    await w.member('carol').slash(home, 'settings set', { threads: 'on' })
    const open = async (): Promise<{ id: string; thread: FakeChannel }> => {
      await w.member('alice').slash(home, 'bura start', { buy_in: 50 })
      const thread = home.threads().at(-1)!
      w.playIn(thread)
      const lobby = await thread.waitFor((m) => buttonLabels(m).includes('Join'))
      await w.member('bob').click(lobby, 'Join')
      return { id: (await w.table()).id, thread }
    }
    const first = await open()
    first.thread.delete()
    expect(await closedSoon(w, first.id)).toBe('aborted')
    expect(await reasonsPaid(w, first.id)).toEqual(['closed: thread-deleted'])
    const second = await open()
    home.delete()
    expect(await closedSoon(w, second.id)).toBe('aborted')
    expect(await reasonsPaid(w, second.id)).toEqual(['closed: channel-deleted'])
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
  })

  it('the bot removed from the server', async () => {
    const w = await startWorld(['alice', 'bob'])
    const id = await buraInPlay(w)
    w.guild.removeBot()
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: server-left'])
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
  })

  it('removed while the bot was down: the start-up sweep closes the table', async () => {
    const w = await startWorld(['alice', 'bob'])
    const id = await buraInPlay(w)
    await w.bot.stop()
    w.guild.removeBot()
    await w.boot()
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: server-left'])
  })

  it('its channel deleted while the bot was down, and Discord fails the start-up check: asked again, it closes', async () => {
    const w = await startWorld(['alice', 'bob'])
    const id = await buraInPlay(w)
    await w.bot.stop()
    w.channel.delete()
    // Every look at the table's channel or message fails (500) until Discord is back.
    let failed = 0
    let down = true
    w.discord.injectFaults((method, path): InjectedFault | null => {
      if (!down || method !== 'GET' || !/^\/channels\/\d+(\/messages\/\d+)?$/.test(path)) return null
      failed++
      return { kind: 'error' }
    })
    await w.boot()
    // The start-up check fails past discord.js's retries (a first try and three more).
    for (let i = 0; i < 200 && failed < 4; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(failed).toBe(4)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await w.tableById(id)).status).toBe('playing')
    down = false
    // The check is asked again on the clock, seconds later; before, nothing looked again until the
    // table's next change, hours away.
    let status = 'playing'
    for (let i = 0; i < 60 && status === 'playing'; i++) {
      await advance(w, 10_000)
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await w.tableById(id)).status
    }
    expect(status).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: channel-deleted'])
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
  })

  it('its channel deleted while the bot was down: the start-up check closes the table', async () => {
    const w = await startWorld(['alice', 'bob'])
    const id = await buraInPlay(w)
    await w.bot.stop()
    w.channel.delete()
    await w.boot()
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: channel-deleted'])
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
  })

  it('its channel deleted while the database fails the closing: tried again until it closes', async () => {
    // While the database is down, a closing's commit (one that pays a stack back for a closed place)
    // fails: its work is done, then rolled back, as a dropped connection fails it.
    let down = true
    let failures = 0
    const w = await startWorld(['alice', 'bob'], {
      bot: {
        wrapStore: (store) => ({
          ...store,
          transaction: (fn) =>
            store.transaction(async (repos) => {
              let closing = false
              const wallets = repos.wallets
              const deposit: typeof wallets.deposit = (...args) => {
                if (args[5].startsWith('closed:')) closing = true
                return wallets.deposit(...args)
              }
              const out = await fn({
                ...repos,
                wallets: Object.assign(Object.create(wallets) as typeof wallets, { deposit }),
              })
              if (closing && down) {
                failures++
                throw new Error('the commit failed')
              }
              return out
            }),
        }),
      },
    })
    const id = await buraInPlay(w)
    w.channel.delete()
    for (let i = 0; i < 100 && failures === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    await w.bot.idle()
    expect(failures).toBeGreaterThan(0)
    expect((await w.tableById(id)).status).toBe('playing')
    // The database is back. The CHANNEL_DELETE does not come again: the retry, a second later on
    // the bot's clock, closes the table.
    down = false
    await advance(w, 1000)
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: channel-deleted'])
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
  })

  it('access to its channel lost (50013): the next change that cannot be shown closes it', async () => {
    const w = await startWorld(['alice', 'bob'])
    const id = await buraInPlay(w)
    w.channel.revokeAccess(50013)
    // The deadline passes: the automatic move is played, but the table can no longer be shown.
    const t = await w.tableById(id)
    await advance(w, t.deadlineAt! - w.discord.clock.now() + 1)
    expect(await closedSoon(w, id)).toBe('aborted')
    expect(await reasonsPaid(w, id)).toEqual(['closed: no-access'])
    expect((await balances(w, ['alice', 'bob'])).reduce((a, b) => a + b, 0)).toBe(2000)
  })
})

describe('lobbies and open tables', () => {
  it('a lobby that did not start within 24 hours closes, every buy-in back, and says so', async () => {
    const w = await startWorld(['alice', 'bob'])
    await w.member('alice').slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    await w.member('bob').click(lobby, 'Join')
    const id = (await w.table()).id
    expect(await balances(w, ['alice', 'bob'])).toEqual([900, 900])
    await advance(w, 23 * 3_600_000)
    expect((await w.tableById(id)).status).toBe('lobby')
    await advance(w, 3_600_000 + 15 * 60_000)
    expect((await w.tableById(id)).status).toBe('aborted')
    expect(await balances(w, ['alice', 'bob'])).toEqual([1000, 1000])
    expect(await reasonsPaid(w, id)).toEqual(['closed: lobby-expired'])
    const t = await w.tableById(id)
    expect(textOf(w.publicMessage(t))).toContain(
      `⌛ The lobby did not start in time and closed. Paid back: <@${w.member('alice').id}>: 100 chips and <@${w.member('bob').id}>: 100 chips.`,
    )
  })

  it('a member opens at most 3 tables at once (a /settings value); Manage Server is exempt', async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    const channels = ['one', 'two', 'three', 'four'].map((n) => w.guild.channel(n))
    for (const c of channels.slice(0, 3)) await w.member('alice').slash(c, 'bura start')
    const refused = await w.member('alice').slash(channels[3]!, 'bura start')
    expect(refused.ephemeral).toBe(true)
    expect(refused.content).toMatch(
      /You already have 3 open tables on this server, the most a member may open at once \(3\)/,
    )
    expect(await w.bot.tables.inChannel(w.guild.id, channels[3]!.id)).toBeNull()
    // The admin raises the limit; admins are never limited.
    for (const c of channels) await w.member('carol').slash(c, 'table end')
    for (const c of channels) await w.member('carol').slash(c, 'bura start')
    const set = await w.member('carol').slash(w.channel, 'settings set', { max_tables: 1 })
    expect(textOf(set)).toContain('1 open table at once per member (Manage Server: no limit)')
    await w.member('alice').slash(w.channel, 'bura start')
    expect(await w.bot.tables.inChannel(w.guild.id, w.channel.id)).not.toBeNull()
    const second = await w.member('alice').slash(w.guild.channel('five'), 'bura start')
    expect(second.content).toMatch(/You already have 1 open table on this server/)
  })
})
