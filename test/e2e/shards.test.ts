import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { engineFor, gameLookup } from '../../src/games/registry.js'
import { openStore, type Store } from '../../src/store/index.js'
import { shardOf } from '../../src/sharding/shard-of.js'
import { rebuildState, TableService, type TableSnapshot } from '../../src/tables/index.js'
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMember,
  type FakeMessage,
} from '../../src/sandbox/discord/index.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'
import { buttonLabels, chooseMove, controlFor, type Control } from './harness.js'
import { testRedisUrl } from '../support/redis.js'

// SHARDS=auto on one PostgreSQL database: `npm start` runs discord.js's ShardingManager, which
// starts one bot process per shard; the fake Discord recommends two shards and routes each
// guild's interactions to the shard that owns it.
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

const textOf = (m: { content: string; embeds: { description?: string; title?: string }[] }) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? ''])].join('\n')

async function until<T>(what: string, fn: () => T | undefined | false, ms = 90_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * A guild whose id falls on `shard` of `count`, and on each further [shard, count] given: where
 * it lands when the bot runs with more shards (ids follow the fake's clock, so move it on).
 */
async function guildOn(
  discord: FakeDiscord,
  shard: number,
  count: number,
  ...also: [number, number][]
): Promise<FakeGuild> {
  const wanted = [[shard, count], ...also]
  for (let i = 0; ; i++) {
    const g = discord.guild(`Shard ${shard} club ${i}`)
    if (wanted.every(([s, n]) => shardOf(g.id, n!) === s)) return g
    await discord.clock.advance(1)
  }
}

/** One server's two-player Bura table, played by its members through the fake Discord. */
interface Club {
  readonly guild: FakeGuild
  readonly channel: FakeChannel
  readonly members: readonly FakeMember[]
  /** Every move the bot acknowledged, in order: what the action log must hold, no more, no less. */
  readonly acked: { interactionId: string; seat: number; payload: unknown }[]
  /** A second private view of a move already made, with that move's control (`step`'s `spare`). */
  spare?: { member: FakeMember; view: FakeMessage; control: Control }
}

function useControl(member: FakeMember, view: FakeMessage, control: Control) {
  // The automatic moves these tests play never declare, so no control here asks first.
  return control.kind === 'select'
    ? member.select(view, control.customId, control.values)
    : member.click(view, control.customId)
}

function club(guild: FakeGuild): Club {
  return { guild, channel: guild.channel('cards'), members: [guild.member('ann'), guild.member('ben')], acked: [] }
}

async function openBura(c: Club): Promise<void> {
  const [creator, joiner] = c.members
  await creator!.slash(c.channel, 'bura start', { ante: 10, buy_in: 100 })
  const lobby = await c.channel.waitFor((m) => buttonLabels(m).includes('Join'))
  await joiner!.click(lobby, 'Join')
  await creator!.click(lobby, 'Start')
}

/**
 * The table's message once it offers `button`, as a user waits for it: the bot draws the table
 * message at most once a second, and the processes' clock is not the fake's, so an edit may come
 * as a fresh message (by its id the old one looks older than the 50 minutes a table message is
 * edited in place).
 */
async function tableMessageWith(discord: FakeDiscord, tables: TableService, c: Club, button: string) {
  for (const end = Date.now() + 5000; ;) {
    const t = await tables.inChannel(c.guild.id, c.channel.id)
    const message = t?.messageId ? discord.message(t.messageId) : undefined
    if (message && buttonLabels(message).includes(button)) return message
    if (Date.now() > end) throw new Error(`the table message in ${c.guild.name} shows no ${button}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * One step of the club's game through Discord: the member whose turn it is opens their hand and
 * makes the harness's move; a deal that ended before anyone acted (a Bura dealt) is followed by
 * "Next game". Returns false once the game that was played is over.
 */
async function step(discord: FakeDiscord, tables: TableService, c: Club, spare = false): Promise<boolean> {
  const t: TableSnapshot | null = await tables.inChannel(c.guild.id, c.channel.id)
  if (!t) throw new Error(`no table in ${c.guild.name}`)
  if (t.progress !== 'acting') {
    if (c.acked.length > 0) return false
    await c.members[0]!.click(await tableMessageWith(discord, tables, c, 'Next game'), 'Next game')
    return true
  }
  const message = await tableMessageWith(discord, tables, c, 'Your hand')
  const userId = t.waitingFor[0]!
  const member = c.members.find((m) => m.id === userId)!
  const seat = t.seats.find((s) => s.userId === userId)!.position!
  const action = chooseMove(t, seat)
  // A spare view, opened first, keeps the control for this move after it is made.
  const kept = spare ? await member.click(message, 'Your hand') : undefined
  const view = await member.click(message, 'Your hand')
  const control = controlFor(view, t.game, action)
  const answer = await useControl(member, view, control)
  c.acked.push({ interactionId: answer.interactionId, seat, payload: action })
  if (kept) c.spare = { member, view: kept, control }
  return true
}

/** One step at each club still playing, all at once; `playing[i]` turns false once club i's game is over. */
async function stepClubs(discord: FakeDiscord, tables: TableService, clubs: readonly Club[], playing: boolean[]) {
  const next = await Promise.all(clubs.map((c, i) => (playing[i] ? step(discord, tables, c) : Promise.resolve(false))))
  next.forEach((going, i) => (playing[i] = going))
}

/**
 * Each club's game is over, its action log holds exactly the acknowledged moves, once each and in
 * order, and replays to the stored state.
 */
async function expectPlayedOut(store: Store, tables: TableService, clubs: readonly Club[]) {
  for (const c of clubs) {
    const t = (await tables.inChannel(c.guild.id, c.channel.id))!
    expect(t.progress).toBe('gameOver')
    const log = await store.actions.list(t.id)
    const moves = log.filter((e) => e.kind === 'action')
    expect(moves.map((e) => ({ interactionId: e.interactionId, seat: e.seat, payload: e.payload }))).toEqual(c.acked)
    expect(rebuildState(engineFor(t.game)!, log)).toEqual(t.state)
  }
}

function startSharded(
  discord: FakeDiscord,
  databaseUrl: string,
  shards = 'auto',
  extraEnv: Record<string, string> = {},
) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      PATH: process.env.PATH!,
      DOTENV_CONFIG_PATH: '/nonexistent/.env',
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.url,
      DATABASE_URL: databaseUrl,
      SHARDS: shards,
      LOG_LEVEL: 'info',
      // The test's members click as fast as the bot answers; a person's limit would refuse them.
      MEMBER_RATE_BURST: '1000',
      MEMBER_RATE_PER_SECOND: '100',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: { msg?: string; pid?: number; shards?: number[] }[] = []
  let out = ''
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8')
    const lines = out.split('\n')
    out = lines.pop()!
    for (const l of lines) if (l.startsWith('{')) logs.push(JSON.parse(l))
  })
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(d))
  // 'close', not 'exit': the last log lines may still be in the pipe when the process has exited.
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)))
  const ready = (shard: number) => logs.filter((l) => l.msg === 'bot ready' && l.shards?.includes(shard))
  return { child, logs, exited, ready }
}

/** On failure: SIGTERM reaches the shards through the manager; SIGKILL if that hangs. */
function stopAfterTest(bot: ReturnType<typeof startSharded>): void {
  cleanup.push(async () => {
    if (bot.child.exitCode !== null) return
    bot.child.kill('SIGTERM')
    const timer = setTimeout(() => bot.child.kill('SIGKILL'), 15_000)
    await bot.exited
    clearTimeout(timer)
  })
}

describe('two shard processes on one PostgreSQL database', () => {
  it('route each guild to its shard; a SIGKILLed shard respawns, its guild goes on; SIGTERM stops all', async () => {
    const discord = await startFakeDiscord({ recommendedShards: 2 })
    cleanup.push(() => discord.stop())
    const url = freshDatabaseUrl()
    cleanup.push(() => dropDatabase(url))
    const guilds = [await guildOn(discord, 0, 2), await guildOn(discord, 1, 2)]
    const channels = guilds.map((g) => g.channel('cards'))
    const players = guilds.map((g, i) => g.member(`player${i}`))

    const bot = startSharded(discord, url)
    stopAfterTest(bot)
    await until('both shards', () => bot.ready(0).length > 0 && bot.ready(1).length > 0)
    expect(discord.connectedShards).toEqual([
      [0, 2],
      [1, 2],
    ])

    // Each guild's commands reach its own shard, and every shard shares the one database.
    for (const [i, p] of players.entries()) {
      const daily = await p.slash(channels[i]!, 'chips daily', {})
      expect(textOf(daily)).toMatch(/100/)
    }

    // Shard 1 dies without warning; the manager starts it again and its guild goes on.
    const victim = bot.ready(1)[0]!.pid!
    process.kill(victim, 'SIGKILL')
    await until('shard 1 respawned', () => bot.ready(1).some((l) => l.pid !== victim))
    await until('shard 1 connected', () => discord.connectedShards.length === 2)
    const balance = await players[1]!.slash(channels[1]!, 'chips balance', {})
    expect(textOf(balance)).toMatch(/1,100/)
    const again = await players[0]!.slash(channels[0]!, 'chips balance', {})
    expect(textOf(again)).toMatch(/1,100/)
    expect(discord.failedInteractions).toEqual([])

    bot.child.kill('SIGTERM')
    expect(await bot.exited).toBe(0)
    expect(bot.logs.filter((l) => l.msg === 'bot stopped')).toHaveLength(2)
    const store = await openStore({ url })
    const report = await store.audit()
    await store.close()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(2 * 1100)
  }, 180_000)

  it('plays a Bura game on each shard to its end through a SIGKILL of one shard; no move lost or doubled', async () => {
    const discord = await startFakeDiscord({ recommendedShards: 2 })
    cleanup.push(() => discord.stop())
    const url = freshDatabaseUrl()
    cleanup.push(() => dropDatabase(url))
    // The first guild moves from shard 0 to shard 1 when the bot later runs with three shards.
    const clubs = [club(await guildOn(discord, 0, 2, [1, 3])), club(await guildOn(discord, 1, 2))] as const

    const bot = startSharded(discord, url)
    stopAfterTest(bot)
    await until('both shards', () => bot.ready(0).length > 0 && bot.ready(1).length > 0)
    // The test reads the tables the shards write, from the same database.
    const store: Store = await openStore({ url })
    cleanup.push(() => store.close())
    const tables = new TableService({ games: gameLookup, store })

    await Promise.all(clubs.map(openBura))
    // Both games move at once, one step each in turn, until shard 1's game has a few moves in.
    const [first, second] = clubs
    const playing = [true, true]
    const stepBoth = () => stepClubs(discord, tables, clubs, playing)
    while (second.acked.length < 2) {
      await stepBoth()
    }
    // The kill must land mid-game: a short Bura game that is already over (a Bura dealt, an early
    // declaration) is followed by the next one, and the move with a spare view is made in a game
    // that goes on after it.
    const secondTable = async () => (await tables.inChannel(second.guild.id, second.channel.id))!
    for (let t = await secondTable(); ; t = await secondTable()) {
      if (t.progress !== 'acting') {
        await second.members[0]!.click(await tableMessageWith(discord, tables, second, 'Next game'), 'Next game')
        continue
      }
      expect(await step(discord, tables, second, true)).toBe(true)
      if ((await secondTable()).progress === 'acting') break
    }
    playing[1] = true

    // Shard 1 dies mid-game. Shard 0's game goes on meanwhile; the manager starts shard 1 again.
    const victim = bot.ready(1)[0]!.pid!
    process.kill(victim, 'SIGKILL')
    // Shard 0's game moves at least once, however fast shard 1 comes back (unless it just ended).
    const firstGoing = playing[0] && (await tables.inChannel(first.guild.id, first.channel.id))!.progress === 'acting'
    const movesBefore = first.acked.length
    do {
      if (playing[0]) playing[0] = await step(discord, tables, first)
    } while (!bot.ready(1).some((l) => l.pid !== victim) && playing[0])
    await until('shard 1 respawned', () => bot.ready(1).some((l) => l.pid !== victim))
    await until('shard 1 connected', () => discord.connectedShards.length === 2)
    if (firstGoing) expect(first.acked.length).toBeGreaterThan(movesBefore)

    // The new shard 1 process refuses the last move made on its predecessor, clicked again from
    // a second view of it: it is not applied twice.
    const before = (await tables.inChannel(second.guild.id, second.channel.id))!
    const logged = (await store.actions.list(before.id)).length
    const { member, view, control } = second.spare!
    const again = await useControl(member, view, control)
    expect(again.ephemeral).toBe(true)
    expect(again.content).toMatch(/out of date/)
    expect((await tables.get(before.id))!.version).toBe(before.version)
    expect(await store.actions.list(before.id)).toHaveLength(logged)

    // Both games go on to their end, shard 1's on its new process.
    while (playing.some(Boolean)) {
      await stepBoth()
    }

    await expectPlayedOut(store, tables, clubs)
    // No deadline moved for anyone: every move is a member's.
    for (const c of clubs) {
      const t = (await tables.inChannel(c.guild.id, c.channel.id))!
      expect((await store.actions.list(t.id)).filter((e) => e.kind === 'auto')).toEqual([])
    }
    expect(second.acked.length).toBeGreaterThan(3)

    // The creators close their tables; every chip goes back to a wallet. Each shard answers its
    // members from the shared rows, shard 1 from rows its killed predecessor wrote.
    for (const c of clubs) {
      const closed = await c.members[0]!.slash(c.channel, 'table end', {})
      expect(closed.ephemeral).toBe(true)
      const balances = await Promise.all(
        c.members.map(async (m) => (await store.wallets.get(c.guild.id, m.id)).balance),
      )
      expect(balances[0]! + balances[1]!).toBe(2000)
      for (const [i, m] of c.members.entries()) {
        const mine = await m.slash(c.channel, 'chips balance', {})
        expect(mine.ephemeral).toBe(true)
        expect(textOf(mine)).toContain(`**${balances[i]!.toLocaleString('en-US')}** chips`)
      }
      const board = await c.members[1]!.slash(c.channel, 'leaderboard', {})
      for (const b of balances) expect(board.embeds[0]!.description).toContain(`**${b.toLocaleString('en-US')}** chips`)
    }
    expect(discord.failedInteractions).toEqual([])
    expect(discord.unknownRoutes).toEqual([])

    bot.child.kill('SIGTERM')
    expect(await bot.exited).toBe(0)

    // Resharded to three: the first guild is now shard 1's, and its board shows the result won
    // on shard 0.
    const resharded = startSharded(discord, url, '3')
    stopAfterTest(resharded)
    await until('three shards', () => [0, 1, 2].every((i) => resharded.ready(i).length > 0))
    await until('three shards connected', () => discord.connectedShards.length === 3)
    const won = await Promise.all(
      first.members.map(async (m) => (await store.wallets.get(first.guild.id, m.id)).balance),
    )
    const board = await first.members[0]!.slash(first.channel, 'leaderboard', {})
    for (const b of won) expect(board.embeds[0]!.description).toContain(`**${b.toLocaleString('en-US')}** chips`)
    const mine = await first.members[1]!.slash(first.channel, 'chips balance', {})
    expect(textOf(mine)).toContain(`**${won[1]!.toLocaleString('en-US')}** chips`)
    expect(discord.failedInteractions).toEqual([])
    resharded.child.kill('SIGTERM')
    expect(await resharded.exited).toBe(0)

    const report = await store.audit()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(4 * 1000)
  }, 240_000)
})

describe.skipIf(!testRedisUrl)('two hosts: supervisors with disjoint SHARD_IDS on one PostgreSQL and one Redis', () => {
  it('start their shards one IDENTIFY at a time, play a game on each shard to its end through a SIGKILL; nothing lost or doubled', async () => {
    // Discord's session start limit enforced: a second IDENTIFY within 5 s is refused.
    const discord = await startFakeDiscord({ recommendedShards: 2, enforceIdentifyLimit: true })
    cleanup.push(() => discord.stop())
    const url = freshDatabaseUrl()
    cleanup.push(() => dropDatabase(url))
    const clubs = [club(await guildOn(discord, 0, 2)), club(await guildOn(discord, 1, 2))] as const

    // Two "hosts" start at once, each a supervisor of its own shard.
    const hosts = [0, 1].map((id) =>
      startSharded(discord, url, '1', { SHARD_IDS: String(id), SHARD_COUNT: '2', REDIS_URL: testRedisUrl! }),
    )
    for (const host of hosts) stopAfterTest(host)
    await until('both hosts ready', () => hosts[0]!.ready(0).length > 0 && hosts[1]!.ready(1).length > 0)
    // Each host runs only its own shard.
    expect(hosts[0]!.ready(1)).toEqual([])
    expect(hosts[1]!.ready(0)).toEqual([])
    // Their IDENTIFYs waited for each other in Redis: none refused, at least 5 s apart.
    expect(discord.refusedIdentifies).toEqual([])
    const [a, b] = discord.identifies
    expect(Math.abs(b!.at - a!.at)).toBeGreaterThanOrEqual(5000)

    const store: Store = await openStore({ url })
    cleanup.push(() => store.close())
    const tables = new TableService({ games: gameLookup, store })
    await Promise.all(clubs.map(openBura))
    const playing = [true, true]
    const stepBoth = () => stepClubs(discord, tables, clubs, playing)
    while (clubs[1].acked.length < 2 && playing[1]) await stepBoth()

    // Host 1's shard process dies; its supervisor starts it again; host 0 plays on.
    const victim = hosts[1]!.ready(1)[0]!.pid!
    process.kill(victim, 'SIGKILL')
    if (playing[0]) playing[0] = await step(discord, tables, clubs[0])
    await until('shard 1 respawned', () => hosts[1]!.ready(1).some((l) => l.pid !== victim))
    await until('shard 1 connected', () => discord.connectedShards.length === 2)
    playing[1] = (await tables.inChannel(clubs[1].guild.id, clubs[1].channel.id))!.progress === 'acting'
    while (playing.some(Boolean)) await stepBoth()

    await expectPlayedOut(store, tables, clubs)
    expect(discord.failedInteractions).toEqual([])
    expect(discord.refusedIdentifies).toEqual([])

    for (const host of hosts) host.child.kill('SIGTERM')
    expect(await Promise.all(hosts.map((h) => h.exited))).toEqual([0, 0])
    const report = await store.audit()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(4 * 1000)
  }, 240_000)
})

describe('four shards in two processes (SHARDS_PER_PROCESS=2) on one PostgreSQL database', () => {
  it('run two shards in each process, one IDENTIFY at a time; a game on each shard ends through a SIGKILL of one process; nothing lost or doubled', async () => {
    const discord = await startFakeDiscord({ recommendedShards: 4, enforceIdentifyLimit: true })
    cleanup.push(() => discord.stop())
    const url = freshDatabaseUrl()
    cleanup.push(() => dropDatabase(url))
    const clubs = [] as Club[]
    for (const shard of [0, 1, 2, 3]) clubs.push(club(await guildOn(discord, shard, 4)))

    const bot = startSharded(discord, url, '4', { SHARDS_PER_PROCESS: '2' })
    stopAfterTest(bot)
    await until('every shard', () => [0, 1, 2, 3].every((s) => bot.ready(s).length > 0))
    // Two processes, each with two consecutive shards; every shard connected, no IDENTIFY refused.
    const ready = bot.logs.filter((l) => l.msg === 'bot ready')
    expect(ready.map((l) => l.shards)).toEqual(
      expect.arrayContaining([
        [0, 1],
        [2, 3],
      ]),
    )
    expect(ready).toHaveLength(2)
    expect(new Set(ready.map((l) => l.pid)).size).toBe(2)
    expect(discord.connectedShards).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
    ])
    expect(discord.refusedIdentifies).toEqual([])

    const store: Store = await openStore({ url })
    cleanup.push(() => store.close())
    const tables = new TableService({ games: gameLookup, store })
    await Promise.all(clubs.map(openBura))
    const playing = clubs.map(() => true)
    const stepAll = () => stepClubs(discord, tables, clubs, playing)
    while (clubs[3]!.acked.length < 2 && playing[3]) await stepAll()

    // The process of shards 2 and 3 dies; the supervisor starts it again with both; the other plays on.
    // Not within 5 s of the last IDENTIFY: without REDIS_URL nothing tells a respawned process when
    // the others identified, and Discord would refuse its first (discord.js identifies again).
    const lastIdentify = Math.max(...discord.identifies.map((i) => i.at))
    await new Promise((r) => setTimeout(r, Math.max(0, lastIdentify + 5_500 - Date.now())))
    const victim = bot.ready(3)[0]!.pid!
    process.kill(victim, 'SIGKILL')
    for (const i of [0, 1]) if (playing[i]) playing[i] = await step(discord, tables, clubs[i]!)
    await until('shards 2 and 3 respawned', () => bot.ready(3).some((l) => l.pid !== victim), 120_000)
    await until('shards 2 and 3 connected', () => discord.connectedShards.length === 4, 30_000)
    const respawned = bot.ready(3).find((l) => l.pid !== victim)!
    expect(respawned.shards).toEqual([2, 3])
    for (const i of [2, 3])
      playing[i] = (await tables.inChannel(clubs[i]!.guild.id, clubs[i]!.channel.id))!.progress === 'acting'
    while (playing.some(Boolean)) await stepAll()

    await expectPlayedOut(store, tables, clubs)
    expect(discord.failedInteractions).toEqual([])
    expect(discord.refusedIdentifies).toEqual([])

    bot.child.kill('SIGTERM')
    expect(await bot.exited).toBe(0)
    expect(bot.logs.filter((l) => l.msg === 'bot stopped')).toHaveLength(2)
    const report = await store.audit()
    expect(report.problems).toEqual([])
    expect(report.granted).toBe(8 * 1000)
  }, 300_000)
})
