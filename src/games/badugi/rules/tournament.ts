/**
 * Badugi tournaments (docs/tournaments.md): the blind levels and the prize split, as data and
 * pure functions. A tournament is a freeze-out whose blinds rise every `levelHands` hands.
 */

export type Structure = 'turbo' | 'normal' | 'slow'
export type PrizeScheme = 'standard' | 'winner-takes-all'

export interface Level {
  /** 1-based level number. */
  readonly level: number
  readonly smallBlind: number
  readonly bigBlind: number
}

/**
 * Big blinds per level. `normal` doubles every two levels (x1.5 then x1.33); `turbo` doubles every
 * level; `slow` doubles every three levels. After the last row the blinds stay put: by then
 * the big blind is several times the whole table's chips, so a tournament ends within a few hands.
 */
const BIG_BLINDS: Record<Structure, readonly number[]> = {
  turbo: [10, 20, 40, 80, 160, 320, 640, 1_280, 2_560, 5_120],
  normal: [10, 15, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1_280, 1_920, 2_560, 3_840, 5_120],
  slow: [
    10, 12, 16, 20, 25, 30, 40, 50, 60, 80, 100, 120, 160, 200, 250, 320, 400, 500, 640, 800, 1_000, 1_280, 1_600,
    2_000, 2_560, 3_200, 4_000, 5_120,
  ],
}

/** The level table of a structure (small blind half the big blind, rounded down). */
export function levelTable(structure: Structure): readonly Level[] {
  return BIG_BLINDS[structure].map((bigBlind, i) => ({ level: i + 1, smallBlind: Math.floor(bigBlind / 2), bigBlind }))
}

const TABLES: Record<Structure, readonly Level[]> = {
  turbo: levelTable('turbo'),
  normal: levelTable('normal'),
  slow: levelTable('slow'),
}

/** Where a tournament stands at hand `handNo` (1-based): the level now, the next, hands until it. */
export interface LevelClock {
  readonly now: Level
  /** null at the last level. */
  readonly next: Level | null
  /** Hands still to be dealt at this level after this one (0: the next hand opens a new level). */
  readonly handsLeft: number
}

export function levelAt(structure: Structure, levelHands: number, handNo: number): LevelClock {
  const table = TABLES[structure]
  const played = Math.max(0, Math.floor(handNo) - 1)
  const per = Math.max(1, Math.floor(levelHands))
  const i = Math.min(Math.floor(played / per), table.length - 1)
  const last = i === table.length - 1
  return {
    now: table[i]!,
    next: last ? null : table[i + 1]!,
    handsLeft: last ? 0 : per - 1 - (played % per),
  }
}

/**
 * The prize pool split by finishing place (index 0: the winner). Up to 5 entrants the winner
 * takes all; 6-8 entrants pay 65/35. Shares are rounded down and the chips left over by rounding
 * go to the better place, so the prizes always add up to the pool.
 */
export function prizeSplit(pool: number, entrants: number, scheme: PrizeScheme = 'standard'): number[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError(`prize pool ${pool}`)
  const percents = scheme === 'winner-takes-all' || entrants <= 5 ? [100] : [65, 35]
  const prizes = percents.map((p) => Math.floor((pool * p) / 100))
  prizes[0]! += pool - prizes.reduce((a, b) => a + b, 0)
  return prizes
}
