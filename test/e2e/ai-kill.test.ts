import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import { isAiSeat } from '../../src/tables/ai-seats.js'
import type { FakeMember } from '../../src/sandbox/discord/index.js'
import { buttonLabels } from './harness.js'
import { eventually, ProcessBot } from './process-bot.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

/**
 * The bot as a process, killed with SIGKILL while a game with an AI seat runs; the AI's turn
 * comes while the bot is down (a member's move committed by another process on the same
 * database). The restarted bot finds it from the database alone and the AI moves.
 */
let bot: ProcessBot
let alice: FakeMember

beforeAll(async () => {
  // The bot process inherits this: AI moves come quickly on the real clock.
  process.env.AI_MOVE_DELAY_MS = '100'
  bot = await ProcessBot.create()
  alice = bot.discord.guild('Kill Club').member('alice')
  await bot.start()
}, 60_000)

afterAll(async () => {
  delete process.env.AI_MOVE_DELAY_MS
  await bot?.close()
})

describe('an AI seat after SIGKILL', () => {
  it('moves once the restarted bot is up when its turn came while the bot was down', async () => {
    const channel = bot.discord.guild('Kill Club').channel('cards')
    await alice.slash(channel, 'bura start', { buy_in: 50 })
    const lobby = await channel.waitFor((m) => buttonLabels(m).includes('Add AI'))
    await alice.click(lobby, 'Add AI')
    await alice.click(lobby, 'Start')
    const tables = await bot.tables()
    const id = (await tables.inChannel(channel.guildId, channel.id))!.id
    // The AI plays its turns while the bot runs; then it is alice's (or between games).
    await eventually(
      async () => !(await tables.get(id))!.waitingFor.some(isAiSeat),
      'the running bot plays the AI seat',
      30_000,
    )
    await expect(bot.kill()).resolves.toBe('SIGKILL')

    // While the bot is down, alice's moves are committed until the game waits for the AI.
    const engine = engineFor('bura')!
    for (let t = (await tables.get(id))!; !t.waitingFor.some(isAiSeat); t = (await tables.get(id))!) {
      const out =
        t.progress === 'acting'
          ? await tables.act(
              id,
              alice.id,
              engine.autoAction(t.state, t.seats.find((s) => s.userId === alice.id)!.position!),
            )
          : await tables.nextDeal(id)
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    }
    const waiting = (await tables.get(id))!
    const logged = bot.log.length

    await bot.start()
    // The log line comes through a pipe after the commit: wait for both, not one then the other.
    await eventually(
      async () =>
        (await tables.get(id))!.version > waiting.version && bot.log.slice(logged).some((l) => l.includes('"AI move"')),
      'the AI moves after the restart, and the bot logs it',
      30_000,
    )
    expect((await tables.audit()).problems).toEqual([])
  }, 120_000)
})
