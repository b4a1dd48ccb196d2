import { describe, expect, it } from 'vitest'
import { levelAt, levelTable, prizeSplit, type Structure } from '../../../src/games/badugi/rules/tournament.js'
import { badugiEngine } from '../../../src/games/badugi/rules/index.js'

describe('tournament level schedule', () => {
  it('rises every levelHands hands and counts the hands left', () => {
    expect(levelAt('normal', 10, 1)).toEqual({
      now: { level: 1, smallBlind: 5, bigBlind: 10 },
      next: { level: 2, smallBlind: 7, bigBlind: 15 },
      handsLeft: 9,
    })
    expect(levelAt('normal', 10, 10).handsLeft).toBe(0)
    expect(levelAt('normal', 10, 10).now.level).toBe(1)
    expect(levelAt('normal', 10, 11).now).toEqual({ level: 2, smallBlind: 7, bigBlind: 15 })
    expect(levelAt('normal', 2, 5).now.level).toBe(3)
    expect(levelAt('turbo', 1, 3).now.bigBlind).toBe(40)
  })

  it('stays at the last level with no next', () => {
    const last = levelTable('turbo').at(-1)!
    const clock = levelAt('turbo', 1, 10_000)
    expect(clock.now).toEqual(last)
    expect(clock.next).toBeNull()
    expect(clock.handsLeft).toBe(0)
  })

  it.each<[Structure, number]>([
    ['turbo', 1],
    ['normal', 2],
    ['slow', 3],
  ])('%s doubles the big blind every %i levels and always rises', (structure, every) => {
    const table = levelTable(structure)
    for (let i = 1; i < table.length; i++) expect(table[i]!.bigBlind).toBeGreaterThan(table[i - 1]!.bigBlind)
    for (let i = every; i < table.length; i += every)
      expect(table[i]!.bigBlind / table[i - every]!.bigBlind).toBeCloseTo(2, 0)
    for (const l of table) expect(l.smallBlind).toBe(Math.floor(l.bigBlind / 2))
  })
})

describe('prize split', () => {
  it('gives the whole pool to the winner with up to 5 entrants', () => {
    expect(prizeSplit(300, 3)).toEqual([300])
    expect(prizeSplit(500, 5)).toEqual([500])
  })

  it('pays 65/35 with 6-8 entrants', () => {
    expect(prizeSplit(600, 6)).toEqual([390, 210])
    expect(prizeSplit(800, 8)).toEqual([520, 280])
  })

  it('loses no chip to rounding: the remainder goes to the winner', () => {
    expect(prizeSplit(7, 7)).toEqual([5, 2])
    for (let pool = 0; pool < 500; pool++)
      for (const n of [2, 5, 6, 8]) {
        const p = prizeSplit(pool, n)
        expect(p.reduce((a, b) => a + b, 0)).toBe(pool)
        expect(p[0]!).toBeGreaterThanOrEqual(p[1] ?? 0)
      }
  })

  it('winner-takes-all pays one prize whatever the field', () => {
    expect(prizeSplit(800, 8, 'winner-takes-all')).toEqual([800])
  })

  it('refuses a broken pool', () => {
    expect(() => prizeSplit(-1, 3)).toThrow(RangeError)
  })
})

describe('a tournament table', () => {
  it('plays as a freeze-out whose blinds rise with the level', () => {
    const options = badugiEngine.optionsSchema.parse({ format: 'tournament', structure: 'turbo', levelHands: 2 })
    const out = badugiEngine.setup({ players: 3, dealer: 0, options, stacks: [100, 100, 100], seed: 7 })
    if (!out.ok) throw new Error('setup refused')
    let s = out.value.state
    const blinds: number[] = []
    for (let hand = 1; hand <= 5; hand++) {
      blinds.push(s.options.bigBlind)
      expect(badugiEngine.view(s, null)?.tournament?.now.bigBlind).toBe(s.options.bigBlind)
      // Everyone folds to the big blind: the hand ends at once.
      while (s.phase !== 'handOver') {
        const r = badugiEngine.apply(s, s.toAct, { type: 'fold' })
        if (!r.ok) throw new Error('fold refused')
        s = r.value.state
      }
      expect(badugiEngine.chipTotals(s)!.stacks.reduce((a, b) => a + b, 0)).toBe(300)
      const next = badugiEngine.nextDeal(s)
      if (!next.ok) break
      s = next.value.state
    }
    expect(blinds).toEqual([10, 10, 20, 20, 40])
    expect(badugiEngine.table.freezeout(options)).toBe(true)
  })
})
