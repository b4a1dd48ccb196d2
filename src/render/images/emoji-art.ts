import { createCanvas } from '@napi-rs/canvas'
import { makeDeck } from '../../games/core/cards.js'
import { registerFont } from './font.js'
import { CARD_RATIO, paintCard } from './paint-card.js'
import { encodePng } from './png.js'
import type { Face } from './scene.js'

/** The card emojis: one per face of every game's deck (52 cards, 2 jokers) and a back. */

export const EMOJI_FACES: readonly Face[] = [...makeDeck(undefined, 2), 'back']

/** An emoji's name: letters, digits and `_` only (Discord's rule), e.g. `card_KD`, `card_back`. */
export function emojiName(face: Face): string {
  return `card_${face}`
}

const SIZE = 96

const drawn = new Map<Face, Buffer>()

/** A card on a transparent square, as Discord shows emojis (it scales them down). Drawn once per face. */
export function emojiPng(face: Face): Buffer {
  const done = drawn.get(face)
  if (done) return done
  registerFont()
  const canvas = createCanvas(SIZE, SIZE)
  const g = canvas.getContext('2d')
  const h = SIZE - 4
  const w = Math.round(h / CARD_RATIO)
  // One set of emojis serves every server: drawn with the English rank letters.
  paintCard(g, 'en', face, Math.round((SIZE - w) / 2), 2, w)
  const png = encodePng(g.getImageData(0, 0, SIZE, SIZE).data, SIZE, SIZE)
  drawn.set(face, png)
  return png
}
