import type { Card, Suit } from '../../../core/cards.js'
import { rankValue } from './cards.js'
import type { BuraOptions } from './options.js'
import type { CombinationKind } from './types.js'

/** Kozel's combinations, in a hand of any size: four aces, else three or more trumps (a Bura). */
function kozelCombinationOf(hand: readonly Card[], trump: Suit): CombinationKind | null {
  let aces = 0
  let trumps = 0
  for (const c of hand) {
    if (c[0] === 'A') aces++
    if (c[1] === trump) trumps++
  }
  if (aces === 4) return 'fourAces'
  return trumps >= 3 ? 'bura' : null
}

/** The three highest trumps of a Kozel Bura: what its holder plays in a trick of several Buras. */
export function highestTrumps(hand: readonly Card[], trump: Suit): Card[] {
  return hand
    .filter((c) => c[1] === trump)
    .sort((a, b) => rankValue(b) - rankValue(a))
    .slice(0, 3)
}

/** The combination a hand makes under the table's options, or null (Bura: a full 3-card hand only). */
export function combinationOf(hand: readonly Card[], trump: Suit, options: BuraOptions): CombinationKind | null {
  if (options.kozel) return kozelCombinationOf(hand, trump)
  if (hand.length !== 3) return null
  const a = hand[0]!
  const b = hand[1]!
  const c = hand[2]!
  if (a[0] === 'A' && b[0] === 'A' && c[0] === 'A') return options.moscow ? 'moscow' : 'threeAces'
  const oneSuit = a[1] === b[1] && b[1] === c[1]
  if (oneSuit) return a[1] === trump ? 'bura' : 'molodka'
  if (
    options.littleMoscow &&
    a[0] === '6' &&
    b[0] === '6' &&
    c[0] === '6' &&
    (a[1] === trump || b[1] === trump || c[1] === trump)
  )
    return 'littleMoscow'
  return null
}

/** Higher wins: (Kozel's four aces) > Moscow > Bura > three aces (winning or leading) > little Moscow > Molodka. */
export function priority(kind: CombinationKind): number {
  switch (kind) {
    case 'fourAces':
      return 6
    case 'moscow':
      return 5
    case 'bura':
      return 4
    case 'threeAces':
      return 3
    case 'littleMoscow':
      return 2
    case 'molodka':
      return 1
  }
}

/** Combinations that end the game and take the pot at once; the others take the lead. */
export function winsPot(kind: CombinationKind, options: BuraOptions): boolean {
  return kind === 'fourAces' || kind === 'moscow' || kind === 'bura' || (kind === 'threeAces' && options.threeAcesWin)
}

export const COMBINATION_NAME: Record<CombinationKind, string> = {
  fourAces: 'four aces',
  moscow: 'Moscow (three aces)',
  bura: 'Bura (three trumps)',
  threeAces: 'three aces',
  littleMoscow: 'little Moscow (three sixes with the trump six)',
  molodka: 'Molodka (three cards of one plain suit)',
}
