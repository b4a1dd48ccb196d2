import { describe, expect, it } from 'vitest'
import { cashOutDropsAChip, previousGameShowsHiddenCards } from './planted-bug.js'
import { runSeed, runSteps, shrink } from './run.js'
import { generateSteps } from './steps.js'

/**
 * The simulator is a test that can fail: with a bug planted in the bot's store (every cash-out
 * pays a chip too few), a seed that closes a table with chips on it breaks "chips conserved" at
 * that step, and the shrunk step list still does; without the bug the same steps hold.
 */
const SEED = 3
/** Seed 3 deletes the channel of a table holding chips at step 18: the table closes, each stack cashed out. */
const STEPS = 19

describe('a bug planted for the simulator', () => {
  it('without it, the seed holds every invariant', { timeout: 300_000 }, async () => {
    const result = await runSeed(SEED, STEPS)
    expect(result.ok, result.ok ? '' : `${result.invariant}: ${result.message}`).toBe(true)
  })

  it(
    'a cash-out that drops a chip breaks "chips conserved" at the step that cashed out, with the seed',
    { timeout: 300_000 },
    async () => {
      const planted = { wrapStore: cashOutDropsAChip }
      const result = await runSeed(SEED, STEPS, planted)
      if (result.ok) throw new Error('the planted bug went unnoticed')
      expect(result.seed).toBe(SEED)
      expect(result.invariant).toBe('chips conserved')
      expect(result.step).toBe(18)
      expect(result.ran.at(-1)).toEqual(generateSteps(SEED, STEPS)[18])
      expect(result.ran.at(-1)?.kind).toBe('deleteChannel')
      // The audit names what is off: a chip short of everything granted.
      expect(result.message).toMatch(/differ from granted \d+ by -1/)

      // Cut down, the steps still show it, and replaying them does too.
      const shrunk = await shrink(SEED, result.ran, result.invariant, 12, () => {}, planted)
      expect(shrunk.length).toBeLessThan(result.ran.length)
      const replay = await runSteps(SEED, shrunk, planted)
      expect(replay.ok ? null : replay.invariant).toBe('chips conserved')
    },
  )
})

/**
 * The privacy check judges a live table's line on the previous game (⏮) by the state that game
 * ended in, not by the new deal (seed 89's false alarm): a leak planted in that line, a Bura
 * combination of cards the game kept hidden, must still break "no hidden card is shown".
 */
const LEAK_SEED = 89
/** Seed 89 deals a Bura table its second game by step 36; the line on the first is drawn then. */
const LEAK_STEPS = 40

describe('a leak planted in the line on the previous game', () => {
  it('breaks "no hidden card is shown" on that line, with the seed', { timeout: 300_000 }, async () => {
    const result = await runSeed(LEAK_SEED, LEAK_STEPS, { wrapStore: previousGameShowsHiddenCards })
    if (result.ok) throw new Error('the planted leak went unnoticed')
    expect(result.seed).toBe(LEAK_SEED)
    expect(result.invariant).toBe('no hidden card is shown')
    expect(result.message).toMatch(/\(seat \w+\) sees \w+ in message .*: ⏮ Game 1: 🏆 .* holds Bura/)
  })
})
