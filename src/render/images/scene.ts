import type { Card } from '../../core/cards.js'
import type { Locale } from '../../i18n/resources.js'

/**
 * What an image shows, as plain data: the game's scene builders turn a view into a scene, the
 * painters turn a scene into pixels. A scene is also the cache key and the source of the image's
 * alt text, so two scenes that are equal draw the same picture.
 */

/** A card face up, or a card's back (a face-down card, a card in someone's hand, the pile). */
export type Face = Card | 'back'

/** A row of cards in the middle of the table, under a caption ("Anna", "Trump", "Pile 12"). */
export interface CardGroup {
  readonly caption: string
  readonly faces: readonly Face[]
  /**
   * The seat whose play this is (a trick's cards): the table picture draws it in front of that
   * seat, without its caption (the seat's badge names the player); the caption stays for the alt text.
   */
  readonly seat?: number
  /** The play that takes the trick (in progress: winning so far): drawn outlined. */
  readonly winning?: boolean
}

export interface SeatBadge {
  readonly name: string
  /** One short line: stack, score, tricks, bet (the alt text's). */
  readonly line: string
  /** The seat's chips, drawn as a chip and its number (null in a game without chips). */
  readonly stack: number | null
  /** What the picture writes after the stack: the line without it ("1 trick", "bet 4"). */
  readonly note: string
  readonly acting: boolean
  readonly dealer: boolean
  /** Out of this game (folded, sitting out): drawn greyed. */
  readonly out: boolean
  /** Cards in front of the seat: backs for a hidden hand, faces once shown. */
  readonly cards: readonly Face[]
}

export interface TableScene {
  readonly kind: 'table'
  /** The language the scene is written in: its cards show that language's rank letters. */
  readonly locale: Locale
  readonly title: string
  /** A line under the title: trump, pot, round. */
  readonly subtitle: string
  readonly centre: readonly CardGroup[]
  readonly seats: readonly SeatBadge[]
}

export interface HandCard {
  readonly card: Card
  /** Playable now (or, in Badugi, counting toward the hand): drawn raised and outlined. */
  readonly lit: boolean
}

export interface HandScene {
  readonly kind: 'hand'
  readonly locale: Locale
  readonly title: string
  readonly subtitle: string
  readonly hand: readonly HandCard[]
  /** What else the view shows beside the hand (the trick in progress). */
  readonly extra: readonly CardGroup[]
}

export type Scene = TableScene | HandScene

/** Every card face a scene shows: exactly the cards its picture reveals. */
export function facesShown(scene: Scene): Card[] {
  const out: Card[] = []
  const add = (faces: readonly Face[]) => {
    for (const f of faces) if (f !== 'back') out.push(f)
  }
  if (scene.kind === 'table') {
    for (const g of scene.centre) add(g.faces)
    for (const s of scene.seats) add(s.cards)
  } else {
    add(scene.hand.map((h) => h.card))
    for (const g of scene.extra) add(g.faces)
  }
  return out
}
