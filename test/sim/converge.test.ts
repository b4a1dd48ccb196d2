import { describe, expect, it } from 'vitest'
import { Checker } from './invariants.js'
import { calm } from './run.js'
import { runStep, type Step, type StepOutcome } from './steps.js'
import { SimWorld } from './world.js'

/**
 * "Table messages converge" compares each table message with its table's committed state, drawn
 * as at the message's last edit. Seed 137's steps open a Bura table with an agreed end and start
 * it; the end passes during the calm. The message drawn before then still tells the truth (Discord
 * shows its relative time: "Agreed end 5 minutes ago"), though drawn now it would read "the agreed
 * end has passed": the check must accept it, and still catch a message left at an earlier state.
 */
const SEED = 137
const STEPS: Step[] = [
  { kind: 'slash', g: 0, c: 0, m: 1, pick: 334196196 },
  { kind: 'play', g: 0, c: 0, other: false, pick: 293115199 },
  { kind: 'play', g: 0, c: 0, other: false, pick: 96703721 },
]

/** Runs `steps` as a run does (each step's checks after it), then the calm, before its checks. */
async function runUntilCalm(world: SimWorld, checker: Checker, steps: readonly Step[], first = 0): Promise<void> {
  for (const [i, step] of steps.entries()) {
    world.beginStep(first + i)
    await checker.beforeStep()
    const out: StepOutcome = { moves: [], calm: false }
    await runStep(world, step, out)
    await world.idle()
    await checker.afterStep(out)
  }
}

async function inWorld(test: (world: SimWorld, checker: Checker) => Promise<void>): Promise<void> {
  const world = await SimWorld.start(SEED)
  try {
    await test(world, new Checker(world))
  } finally {
    await world.close()
  }
}

describe('the simulator: table messages converge', () => {
  it('a message drawn before the agreed end passed still shows the committed state', { timeout: 300_000 }, () =>
    inWorld(async (world, checker) => {
      await runUntilCalm(world, checker, STEPS)
      await checker.beforeStep()
      await calm(world)
      const [open] = await world.bot.tables.activeTables()
      const table = (await world.bot.tables.get(open!.id))!
      expect(table.status).toBe('playing')
      expect(table.endsAt).toBeLessThan(world.discord.clock.now())
      expect(world.discord.message(table.messageId!)?.embeds[0]?.description).toContain('🏁 Agreed end <t:')
      await checker.afterStep({ moves: [], calm: true })
    }),
  )

  it('a message Discord never took the start of breaks it', { timeout: 300_000 }, () =>
    inWorld(async (world, checker) => {
      await runUntilCalm(world, checker, STEPS.slice(0, 2))
      // From the start on, calm or not, Discord fails every edit of a channel's message and every
      // interaction's answer (a button's in-place update): the lobby stays on the table message.
      world.discord.injectFaults((method, path) =>
        (method === 'PATCH' && path.startsWith('/channels/')) || path.startsWith('/interactions/')
          ? { kind: 'error' }
          : null,
      )
      await runUntilCalm(world, checker, STEPS.slice(2), 2)
      await checker.beforeStep()
      await calm(world)
      const [open] = await world.bot.tables.activeTables()
      expect((await world.bot.tables.get(open!.id))?.status).toBe('playing')
      await expect(checker.afterStep({ moves: [], calm: true })).rejects.toThrow(
        /^table messages converge: table \S+ \(version \d+\) shows what its committed state does not: from character \d+: shows …\{"title":"Bura — table open".*, committed …\{"title":"Bura",/s,
      )
    }),
  )
})
