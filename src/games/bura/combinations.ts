import type { Card, Suit } from '../core/cards.js'
import type { BuraOptions } from './options.js'
import type { CombinationKind } from './types.js'

/** The combination a 3-card hand makes under the table's options, or null. */
export function combinationOf(hand: readonly Card[], trump: Suit, options: BuraOptions): CombinationKind | null {
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

/** Higher wins: Moscow > Bura > three aces (winning or leading) > little Moscow > Molodka. */
export function priority(kind: CombinationKind): number {
  switch (kind) {
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
  return kind === 'moscow' || kind === 'bura' || (kind === 'threeAces' && options.threeAcesWin)
}

export const COMBINATION_NAME: Record<CombinationKind, string> = {
  moscow: 'Moscow (three aces)',
  bura: 'Bura (three trumps)',
  threeAces: 'three aces',
  littleMoscow: 'little Moscow (three sixes with the trump six)',
  molodka: 'Molodka (three cards of one plain suit)',
}
