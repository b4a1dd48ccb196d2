import { isJoker, rankOf, suitOf, suitSymbol } from '../../core/cards.js'
import type { Locale } from '../../i18n/resources.js'
import { rankLetter } from '../ranks.js'
import type { Face } from './scene.js'

/**
 * What is written on a card, and how large: the painter draws these, and a test reads them to
 * check that no card's letters are too small to read. Sizes are in the pixels of the card drawn.
 * The index (rank over suit) is large, 0.44 of the card's width, as on a jumbo-index deck: in a
 * fan or a trick the cards overlap and the index is what is seen.
 */

export const CARD_RATIO = 1.4
export const INDEX_SIZE = 0.44
/** A small card (a tag) writes its rank and suit as one word this share of its height. */
export const TAG_TEXT = 0.68

export interface CardLabel {
  readonly text: string
  readonly size: number
}

/** The rank in the language's letters (Q, J are D, B on a German card); a joker's number. */
export function rankText(face: Face, locale: Locale): string {
  if (face === 'back') return ''
  if (isJoker(face)) return String(face).slice(1)
  return rankLetter(rankOf(face), locale)
}

export function suitText(face: Face): string {
  if (face === 'back') return ''
  return isJoker(face) ? '★' : suitSymbol(suitOf(face))
}

export const isRed = (face: Face): boolean => face !== 'back' && !isJoker(face) && /[HD]$/.test(face)

/** The texts on a card `w` pixels wide, or on a tag `tagHeight` pixels high. */
export function cardLabels(locale: Locale, face: Face, w: number, tag: false | number = false): CardLabel[] {
  if (face === 'back') return []
  if (tag !== false) return [{ text: `${rankText(face, locale)}${suitText(face)}`, size: Math.round(tag * TAG_TEXT) }]
  const index = Math.round(w * INDEX_SIZE)
  return [
    { text: rankText(face, locale), size: index },
    { text: suitText(face), size: index },
    { text: suitText(face), size: Math.round(w * 0.6) },
  ]
}
