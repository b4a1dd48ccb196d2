import { createCanvas } from './canvas.js'
import { isJoker, makeDeck, rankOf } from '../../core/cards.js'
import { LOCALES, type Locale } from '../../i18n/resources.js'
import { rankLetter } from '../ranks.js'
import { registerFont } from './font.js'
import { CARD_RATIO } from './card-face.js'
import { paintCard } from './paint-card.js'
import { encodePng } from './png.js'
import type { Face } from './scene.js'

/** One card emoji: a face drawn with one language's rank letters. */
export interface EmojiArt {
  readonly face: Face
  readonly locale: Locale
  /** Letters, digits and `_` only (Discord's rule): `card_KD`, `card_back`, `card_QS_de`. */
  readonly name: string
}

const FACES: readonly Face[] = [...makeDeck(undefined, 2), 'back']

/** A face another language letters differently from English (the German queens and jacks). */
const lettered = (face: Face, locale: Locale): boolean =>
  face !== 'back' && !isJoker(face) && rankLetter(rankOf(face), locale) !== rankLetter(rankOf(face), 'en')

/**
 * The card emojis: one per face of every game's deck (52 cards, 2 jokers) and a back, in English
 * letters; and for each other language the faces it letters differently, so a German text's D♠
 * stands next to a card that shows a D.
 */
export const EMOJI_ART: readonly EmojiArt[] = LOCALES.flatMap((locale) =>
  FACES.filter((face) => locale === 'en' || lettered(face, locale)).map((face) => ({
    face,
    locale,
    name: locale === 'en' ? `card_${face}` : `card_${face}_${locale}`,
  })),
)

const SIZE = 96

const drawn = new Map<string, Buffer>()

/** A card on a transparent square, as Discord shows emojis (it scales them down). Drawn once per emoji. */
export function emojiPng(art: EmojiArt): Buffer {
  const done = drawn.get(art.name)
  if (done) return done
  registerFont()
  const canvas = createCanvas(SIZE, SIZE)
  const g = canvas.getContext('2d')
  const h = SIZE - 4
  const w = Math.round(h / CARD_RATIO)
  paintCard(g, art.locale, art.face, Math.round((SIZE - w) / 2), 2, w)
  const png = encodePng(g.getImageData(0, 0, SIZE, SIZE).data, SIZE, SIZE)
  drawn.set(art.name, png)
  return png
}
