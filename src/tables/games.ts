import type { GameId } from '../games/core/engine.js'
import { refundPot } from '../games/bura/index.js'

/**
 * What the table layer must know about each game beyond the GameEngine interface: where the
 * stakes options are, which seats took part in a finished game, the carried pot's shares,
 * who deals after a reseating, and which chips go back when a table closes mid-game. Every
 * game-specific line of the table layer lives here.
 */
export interface TableRules {
  /** Engine options filled from the server's default stakes when the creator named none. */
  stakeOptions(stakes: number, given: Record<string, unknown>): Record<string, unknown>
  /** Between games: players may join, leave and buy in (chip games). */
  readonly betweenGames: boolean
  /** Leaving mid-game is an engine action (Badugi folds and cashes out at once). */
  readonly leaveAction: { readonly type: string } | null
  /** Whether engine seat `position` took part in the game that just ended. */
  playedIn(state: unknown, position: number): boolean
  /** Chips in the pot now and what each position paid into it (they add up). */
  potShares(state: unknown, pot: number, players: number): number[]
  /** The position to deal next (after the game that just ended), in the old seating. */
  nextDealer(state: unknown, players: number): number
  /** The pot carried to the next game (Bura); 0 where nothing carries. */
  carriesPot: boolean
}

type Rec = Record<string, unknown>
const arr = (s: unknown, key: string): unknown[] | undefined => {
  const v = (s as Rec | null)?.[key]
  return Array.isArray(v) ? v : undefined
}
const num = (s: unknown, key: string): number | undefined => {
  const v = (s as Rec | null)?.[key]
  return typeof v === 'number' ? v : undefined
}
const hasAny = (given: Record<string, unknown>, keys: string[]) => keys.some((k) => k in given)

const evenShares = (pot: number, players: number) => refundPot(pot, new Array<number>(players).fill(0))

export const TABLE_RULES: Record<GameId, TableRules> = {
  bugami: {
    stakeOptions: () => ({}),
    betweenGames: false,
    leaveAction: null,
    playedIn: () => true,
    potShares: (_s, _pot, players) => new Array<number>(players).fill(0),
    nextDealer: (s, players) => ((num(s, 'dealer') ?? -1) + 1) % players,
    carriesPot: false,
  },
  bura: {
    stakeOptions: (stakes, given) => (hasAny(given, ['ante']) ? {} : { ante: stakes }),
    betweenGames: true,
    leaveAction: null,
    playedIn: (s, p) => (arr(s, 'inGame')?.[p] ?? true) === true,
    potShares: (s, pot, players) => {
      const shares = arr(s, 'potShares') as number[] | undefined
      return shares && shares.length === players && shares.reduce((a, b) => a + b, 0) === pot
        ? shares.slice()
        : evenShares(pot, players)
    },
    nextDealer: (s, players) => num(s, 'nextDealer') ?? ((num(s, 'dealer') ?? -1) + 1) % players,
    carriesPot: true,
  },
  badugi: {
    stakeOptions: (stakes, given) =>
      hasAny(given, ['smallBlind', 'bigBlind', 'smallBet', 'bigBet'])
        ? {}
        : { smallBlind: Math.max(1, Math.floor(stakes / 2)), bigBlind: stakes, smallBet: stakes, bigBet: stakes * 2 },
    betweenGames: true,
    leaveAction: { type: 'leave' },
    playedIn: (s, p) => arr(s, 'status')?.[p] !== 'out',
    // Mid-hand, each seat's chips in the pot are what it committed this hand.
    potShares: (s, pot, players) => {
      const committed = arr(s, 'committed') as number[] | undefined
      return committed && committed.length === players && committed.reduce((a, b) => a + b, 0) === pot
        ? committed.slice()
        : evenShares(pot, players)
    },
    nextDealer: (s, players) => ((num(s, 'dealer') ?? -1) + 1) % players,
    carriesPot: false,
  },
}

/** Splits `pot` among seats in proportion to `shares` (RULES.md Bura rule 10: largest remainder, ties to the earliest). */
export { refundPot }
