import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrashPoint } from '../../src/lib/crash-points.js'
import { engineFor } from '../../src/games/registry.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import type { FakeChannel, FakeMember, FakeMessage } from '../../src/sandbox/discord/index.js'
import { buttonLabels, useControl } from './harness.js'
import { eventually, ProcessBot, showsCommitted } from './process-bot.js'

/**
 * The bot process kills itself (SIGKILL) at each point between a change's commit and the last
 * Discord call that shows it; after a restart the channel must show what was committed: the
 * table message at the committed state, the player on turn pinged exactly once, nothing doubled.
 */
let bot: ProcessBot
let alice: FakeMember
let bob: FakeMember
let channels = 0

beforeAll(async () => {
  bot = await ProcessBot.create()
  const guild = bot.discord.guild('Crash Club')
  // Alice opens a table in a fresh channel for every case (16): an admin, not held to the per-member limit.
  alice = guild.member('alice', { admin: true })
  bob = guild.member('bob')
  await bot.start()
}, 60_000)

afterAll(async () => bot?.close())

const members = () => [alice, bob]
const isPing = (m: FakeMessage) => m.content.includes('your turn')
const isResult = (m: FakeMessage) => m.content.startsWith('🏁 **')
const isResultPing = (m: FakeMessage) => m.content.startsWith('🏁 <@')
const tableMessages = (channel: FakeChannel) =>
  channel.publicMessages().filter((m) => buttonLabels(m).includes('Your hand') || buttonLabels(m).includes('Join'))

/** A fresh channel with a Badugi table whose hand is on, and the table as committed. */
async function badugiInPlay(): Promise<{ channel: FakeChannel; table: TableSnapshot }> {
  const channel = bot.discord.guild('Crash Club').channel(`cards-${++channels}`)
  // A break of an hour: an earlier case's table must not deal its next hand (and reach an armed
  // crash point) while a later case runs on a slow machine.
  await alice.slash(channel, 'badugi start', { buy_in: 50, break: 60 })
  const lobby = await channel.waitFor((m) => buttonLabels(m).includes('Join'))
  await bob.click(lobby, 'Join')
  await alice.click(lobby, 'Start')
  const tables = await bot.tables()
  const table = (await tables.inChannel(channel.guildId, channel.id))!
  expect(table.progress).toBe('acting')
  return { channel, table }
}

/** Crashes the bot at `point` during `action`, restarts it, and returns the table as committed. */
async function crashDuring(point: CrashPoint, action: () => Promise<unknown>): Promise<void> {
  // The catch-up after the last restart runs beside the interactions: let it finish, so that the
  // armed point is reached by this action, not by a delivery still owed from an earlier case.
  const tables = await bot.tables()
  await eventually(async () => (await tables.outbox.pendingTables()).length === 0, 'nothing owed to Discord')
  // A click of the last case (Join) is answered on the table message before its showing has run to
  // its end ('shown'); on a loaded machine that end can come after the check above, and an armed
  // 'shown' would then kill the bot before this action. A second gives that end time to pass.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  bot.arm(point)
  // The interaction dies with the process: its answer never comes.
  void action().catch(() => undefined)
  await expect(bot.exit()).resolves.toBe('SIGKILL')
  bot.disarm()
  await bot.start()
}

/** The member on turn plays `type` ('call', 'fold', …) from their private view. */
async function play(table: TableSnapshot, channel: FakeChannel, type: string): Promise<() => Promise<unknown>> {
  const userId = table.waitingFor[0]!
  const member = members().find((m) => m.id === userId)!
  const seat = table.seats.find((s) => s.userId === userId)!.position!
  const legal = engineFor(table.game)!.legalActions(table.state, seat) as { type: string }[]
  const action = legal.find((a) => a.type === type) ?? legal.find((a) => a.type === 'check')!
  // The table message follows the game at most once a second (the desk's pace): wait for it, as a user would.
  const shown = await channel.waitFor((m) => m.id === table.messageId && buttonLabels(m).includes('Your hand'))
  const view = await member.click(shown, 'Your hand')
  expect(channel.id).toBe(table.channelId)
  return () => useControl(member, view, table.game, action)
}

async function committed(channel: FakeChannel): Promise<TableSnapshot> {
  return (await (await bot.tables()).get((await (await bot.tables()).inChannel(channel.guildId, channel.id))!.id))!
}

/** Within 5 s of the restart the channel shows the committed table, on one table message. */
async function expectCaughtUp(channel: FakeChannel): Promise<TableSnapshot> {
  let table!: TableSnapshot
  await eventually(async () => {
    table = await committed(channel)
    const shown = table.messageId ? bot.discord.message(table.messageId) : undefined
    return showsCommitted(shown, table, bot.discord.clock.now(), await bot.tables())
  }, 'the table message shows the committed state')
  expect(tableMessages(channel).map((m) => m.id)).toEqual([table.messageId])
  return table
}

describe('a crash between the commit and Discord', () => {
  const creation: CrashPoint[] = ['committed', 'table-posted', 'table-shown', 'shown']
  it.each(creation)('table creation, killed at %s: the table message is posted once', async (point) => {
    const channel = bot.discord.guild('Crash Club').channel(`cards-${++channels}`)
    await crashDuring(point, () => alice.slash(channel, 'badugi start', { buy_in: 50 }))
    const table = await expectCaughtUp(channel)
    expect(table.status).toBe('lobby')
    // The table can be joined: its message is there, with its buttons.
    await bob.click(bot.discord.message(table.messageId!)!, 'Join')
    expect((await committed(channel)).seats.map((s) => s.userId)).toEqual([alice.id, bob.id])
  })

  const move: CrashPoint[] = ['committed', 'ping-posted', 'table-shown', 'pings-deleted', 'shown']
  it.each(move)('a move, killed at %s: the next player is pinged once, the old ping is gone', async (point) => {
    const { channel, table } = await badugiInPlay()
    await crashDuring(point, await play(table, channel, 'call'))
    const after = await expectCaughtUp(channel)
    expect(after.version).toBe(table.version + 1)
    const next = after.waitingFor[0]!
    expect(next).not.toBe(table.waitingFor[0])
    await eventually(() => channel.publicMessages().filter(isPing).length === 1, 'one turn ping')
    expect(channel.publicMessages().filter(isPing)[0]!.content).toContain(`<@${next}>`)
  })

  const end: CrashPoint[] = ['committed', 'result-posted', 'ping-posted', 'table-shown', 'pings-deleted', 'shown']
  it.each(end)(
    'a game end, killed at %s: one result, one result ping, the table waits for the next game',
    async (point) => {
      const { channel, table } = await badugiInPlay()
      await crashDuring(point, await play(table, channel, 'fold'))
      const after = await expectCaughtUp(channel)
      expect(after.progress).toBe('gameOver')
      expect(buttonLabels(bot.discord.message(after.messageId!)!)).toContain('Next hand')
      await eventually(() => channel.publicMessages().filter(isResult).length === 1, 'one result message')
      await eventually(() => channel.publicMessages().filter(isResultPing).length === 1, 'one result ping')
      // The catch-up runs beside the interactions now: the old ping's deletion (its last step) may come later.
      await eventually(() => channel.publicMessages().filter(isPing).length === 0, 'the old turn ping deleted')
    },
  )

  it('a table message someone deleted is posted again at start-up', async () => {
    const { channel, table } = await badugiInPlay()
    await bot.kill()
    bot.discord.deleteMessage(table.messageId!)
    await bot.start()
    const after = await expectCaughtUp(channel)
    expect(after.messageId).not.toBe(table.messageId)
  })
})
