import { afterAll, describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import type { FakeChannel, FakeMember } from '../../src/sandbox/discord/index.js'
import { buttonLabels, useControl } from './harness.js'
import { eventually, ProcessBot, showsCommitted } from './process-bot.js'

/**
 * The SIGKILL soak: the bot process plays many Badugi tables while members keep clicking, and is
 * killed at random moments; after the last restart every table's public message shows its
 * committed state (nobody clicks after the last kill, so only start-up can catch up; the time it
 * took is printed, not asserted), on one table message per channel, and the chip audit balances.
 * The kills go on past KILLS until one has landed while a table had Discord work pending (on a
 * busy machine few clicks get through between kills), so the catch-up is always exercised.
 */
const TABLES = 8
const KILLS = 6
const MAX_KILLS = 24

let bot: ProcessBot | undefined
afterAll(async () => bot?.close())

/** A small seeded generator, so a failing run can be repeated (the seed is in the test's name). */
function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The member on turn makes the engine's sensible move (calling rather than folding), or deals on. */
async function step(b: ProcessBot, channel: FakeChannel, members: readonly FakeMember[]): Promise<void> {
  const tables = await b.tables()
  const table = await tables.inChannel(channel.guildId, channel.id)
  if (!table?.messageId) return
  // The table message follows the game at most once a second (the desk's pace): wait for it, as a user would.
  const shown = (button: string) => channel.waitFor((m) => m.id === table.messageId && buttonLabels(m).includes(button))
  if (table.progress === 'gameOver') {
    await members[0]!.click(await shown('Next hand'), 'Next hand')
    return
  }
  const userId = table.waitingFor[0]
  if (!userId || table.progress !== 'acting') return
  const member = members.find((m) => m.id === userId)!
  const view = await member.click(await shown('Your hand'), 'Your hand')
  await useControl(member, view, table.game, moveFor(table, userId))
}

function moveFor(table: TableSnapshot, userId: string): Record<string, unknown> {
  const engine = engineFor(table.game)!
  const seat = table.seats.find((s) => s.userId === userId)!.position!
  const auto = engine.autoAction(table.state, seat) as { type: string }
  if (auto.type !== 'fold') return auto
  const legal = engine.legalActions(table.state, seat) as { type: string }[]
  return legal.find((a) => a.type === 'call') ?? auto
}

describe('SIGKILL soak', () => {
  const seed = Date.now() % 100_000
  it(`${TABLES} tables, kills at random moments (seed ${seed}): Discord catches up after the last`, async () => {
    const random = rng(seed)
    const b = (bot = await ProcessBot.create())
    const guild = b.discord.guild('Soak Club')
    // Alice opens every table: an admin, not held to the per-member limit.
    const members = [guild.member('alice', { admin: true }), guild.member('bob')]
    await b.start()
    const channels: FakeChannel[] = []
    for (let i = 0; i < TABLES; i++) {
      const channel = guild.channel(`table-${i}`)
      await members[0]!.slash(channel, 'badugi start', { buy_in: 100 })
      const lobby = await channel.waitFor((m) => buttonLabels(m).includes('Join'))
      await members[1]!.click(lobby, 'Join')
      await members[0]!.click(lobby, 'Start')
      channels.push(channel)
    }

    // One move at every table first, so each has been played whatever the kills cut off later.
    for (const channel of channels) await step(b, channel, members)
    // Members click at every table while the bot lives; clicks cut off by a kill just fail.
    let up = true
    let playing = true
    let startedAt: number
    const players = channels.map(async (channel) => {
      while (playing) {
        if (!up) {
          await sleep(50)
          continue
        }
        await step(b, channel, members).catch(() => undefined)
      }
    })
    // How many tables each start-up's catch-up found behind (pending effects, or no message): the
    // kills bite. The catch-up runs beside the interactions and logs when it is done.
    const behind = () =>
      b.log
        .filter((l) => l.includes('"caught up with Discord"'))
        .map((l) => (JSON.parse(l) as { tables?: number }).tables ?? 0)
    const bitten = () => behind().reduce((a, n) => a + n, 0) > 0
    for (let k = 0; ; k++) {
      await sleep(300 + random() * 2500)
      up = false
      // At the last kill the members stop: from then on only start-up can bring the channel up to date.
      const last = k >= KILLS - 1 && (bitten() || k === MAX_KILLS - 1)
      if (last) playing = false
      await b.kill()
      if (last) await Promise.all(players)
      startedAt = Date.now()
      await b.start()
      up = true
      if (last) break
    }
    // The restart is done when the bot says it is ready (the process has started, logged in, caught up).
    const restartedAt = Date.now()

    const tables = await b.tables()
    await eventually(
      async () => {
        for (const channel of channels) {
          const table = await tables.inChannel(channel.guildId, channel.id)
          if (!table) return false
          const shown = table.messageId ? b.discord.message(table.messageId) : undefined
          if (!(await showsCommitted(shown, table, b.discord.clock.now(), tables))) return false
        }
        return true
      },
      'every table message at its committed state',
      60_000,
    )
    const caughtUpMs = Date.now() - restartedAt
    console.log(
      `soak: process start to ready ${restartedAt - startedAt} ms;`,
      `every table shown as committed ${caughtUpMs} ms after ready;`,
      `tables behind at each start: ${behind().join(', ')}`,
    )
    expect(bitten()).toBe(true)
    for (const channel of channels) {
      const table = (await tables.inChannel(channel.guildId, channel.id))!
      const tableMessages = channel.publicMessages().filter((m) => buttonLabels(m).includes('Your hand'))
      expect(tableMessages.map((m) => m.id)).toEqual([table.messageId])
      expect(table.version).toBeGreaterThan(3)
    }
    expect((await tables.audit()).ok).toBe(true)
  }, 600_000)
})
