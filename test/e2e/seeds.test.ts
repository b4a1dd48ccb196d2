import { describe, expect, it } from 'vitest'
import { buraEngine, optionsSchema } from '../../src/games/bura/rules/index.js'
import { countingSeeds } from './seeds.js'

/**
 * The e2e worlds' default seeds keep their promise (seeds.ts): a world's first ten games of Bura
 * open with a plain lead, whoever deals, so the tests that take the first deal as it comes do not
 * meet a Bura or a combination led at the start.
 */
describe("the e2e worlds' seeds", () => {
  it('deal no combination in game 1 of Bura for 2 to 4 players, whoever deals', () => {
    const next = countingSeeds()
    const options = optionsSchema.parse({})
    const combinations: string[] = []
    for (let game = 0; game < 10; game++) {
      const seed = next()
      for (let players = 2; players <= 4; players++)
        for (let dealer = 0; dealer < players; dealer++) {
          const dealt = buraEngine.setup({ players, dealer, options, seed })
          if (!dealt.ok) throw new Error(`seed ${seed} does not deal ${players} players`)
          if (
            dealt.value.events.some((e) => e.type === 'combination') ||
            buraEngine.progress(dealt.value.state) !== 'acting'
          )
            combinations.push(`seed ${seed}, ${players} players, dealer ${dealer}`)
        }
    }
    expect(combinations).toEqual([])
  })

  it('count on: each game of a world is dealt from a seed of its own', () => {
    const next = countingSeeds()
    const seeds = Array.from({ length: 5 }, () => next())
    expect(new Set(seeds).size).toBe(5)
    expect(countingSeeds()()).toBe(seeds[0])
  })
})
