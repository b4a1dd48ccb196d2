import type { BuraState } from './types.js'

/**
 * The transitions of a Bura game (deal.ts, play.ts, game-end.ts) work on a shallow draft of the
 * state and replace (never mutate) every array they change, so the caller's state stays untouched.
 */
export type Draft = { -readonly [K in keyof BuraState]: BuraState[K] }

/** A field-by-field copy: several times faster than an object spread in V8, and apply runs it every time. */
export function draftOf(s: BuraState): Draft {
  return {
    game: s.game,
    players: s.players,
    options: s.options,
    phase: s.phase,
    gameNumber: s.gameNumber,
    dealer: s.dealer,
    supply: s.supply,
    inGame: s.inGame,
    trump: s.trump,
    trumpCard: s.trumpCard,
    trumpCardDrawnBy: s.trumpCardDrawnBy,
    hands: s.hands,
    pile: s.pile,
    trick: s.trick,
    lastTrick: s.lastTrick,
    taken: s.taken,
    tricks: s.tricks,
    faceDownBy: s.faceDownBy,
    passed: s.passed,
    callTurn: s.callTurn,
    stacks: s.stacks,
    pot: s.pot,
    potShares: s.potShares,
    chipTotal: s.chipTotal,
    penalties: s.penalties,
    games: s.games,
    end: s.end,
    nextDealer: s.nextDealer,
  }
}

export function setArray<T>(arr: readonly T[], index: number, value: T): T[] {
  const copy = arr.slice()
  copy[index] = value
  return copy
}

export function nextInGame(s: BuraState, seat: number): number {
  const n = s.players
  let next = (seat + 1) % n
  while (!s.inGame[next]) next = (next + 1) % n
  return next
}

export function inGameCount(s: BuraState): number {
  let count = 0
  for (const b of s.inGame) if (b) count++
  return count
}

/** In-game seats clockwise starting at `first` (which must be in the game). */
export function inGameFrom(s: BuraState, first: number): number[] {
  const out: number[] = [first]
  for (let seat = nextInGame(s, first); seat !== first; seat = nextInGame(s, seat)) out.push(seat)
  return out
}

/** Whose play it is in the trick in progress. */
export function trickTurn(s: BuraState): number {
  const trick = s.trick!
  const plays = trick.plays
  return plays.length === 0 ? trick.leader : nextInGame(s, plays[plays.length - 1]!.seat)
}

export function othersInGame(d: Pick<BuraState, 'players' | 'inGame'>, seat: number): number[] {
  const out: number[] = []
  for (let other = 0; other < d.players; other++) if (d.inGame[other] && other !== seat) out.push(other)
  return out
}
