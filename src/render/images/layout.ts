import type { Locale } from '../../i18n/resources.js'
import { cardLabels } from './card-face.js'
import type { Face } from './scene.js'

/**
 * A picture laid out, not yet painted: what goes where, in points of the picture as Discord shows
 * it (an embed's image is shown 400 points wide on a desktop, narrower on a phone). The painter
 * draws it `SCALE` times larger, so it stays sharp on high-density screens. Laying out apart from
 * painting lets a test read every text a picture holds and the size it is drawn at.
 */

/** The width a picture is laid out for: Discord's embed image width on a desktop. */
export const VIEW_WIDTH = 400
/** Pixels per point: pictures are drawn at twice the size they are shown at. */
export const SCALE = 1.5
/** The smallest text a picture holds, in points: legible at the width it is shown at. */
export const MIN_TEXT = 12

export interface Rect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export type Item =
  | {
      readonly kind: 'text'
      readonly text: string
      /** Left edge, or centre when `align` is centre; the text's top at `y`. */
      readonly x: number
      readonly y: number
      readonly size: number
      readonly bold: boolean
      readonly colour: string
      readonly align: 'left' | 'center'
    }
  /** A card `w` points wide (its height is `w × CARD_RATIO`), raised and outlined when lit. */
  | {
      readonly kind: 'card'
      readonly face: Face
      readonly x: number
      readonly y: number
      readonly w: number
      readonly lit: boolean
    }
  /** A card shown small: its rank and suit as one word on a white tag `h` points high. */
  | {
      readonly kind: 'tag'
      readonly face: Face
      readonly x: number
      readonly y: number
      readonly w: number
      readonly h: number
    }
  | { readonly kind: 'badge'; readonly rect: Rect; readonly acting: boolean; readonly out: boolean }
  /** A poker chip, `r` points in radius. */
  | { readonly kind: 'chip'; readonly cx: number; readonly cy: number; readonly r: number }
  /** The dealer button: a white disc (its letter is a text item of its own). */
  | { readonly kind: 'disc'; readonly cx: number; readonly cy: number; readonly r: number }

export interface Layout {
  readonly locale: Locale
  /** The picture's size in points. */
  readonly width: number
  readonly height: number
  readonly items: readonly Item[]
}

/** Measures a text's width in points at `size` points. */
export type Measure = (text: string, size: number, bold: boolean) => number

/** Cuts `text` with an ellipsis until it fits `max` points. */
export function fitText(measure: Measure, text: string, size: number, bold: boolean, max: number): string {
  if (measure(text, size, bold) <= max) return text
  let t = text
  while (t.length > 1 && measure(`${t}…`, size, bold) > max) t = t.slice(0, -1)
  return `${t}…`
}

/**
 * Every text the picture shows (the layout's texts and the letters on its cards) with its size in
 * the picture's pixels, and the picture's width in pixels: a text is legible where Discord shows
 * the picture when `size × VIEW_WIDTH / width ≥ MIN_TEXT`.
 */
export function textsOf(layout: Layout): { width: number; texts: { text: string; size: number }[] } {
  const texts: { text: string; size: number }[] = []
  for (const item of layout.items) {
    if (item.kind === 'text') texts.push({ text: item.text, size: Math.round(item.size * SCALE) })
    if (item.kind === 'card') texts.push(...cardLabels(layout.locale, item.face, Math.round(item.w * SCALE)))
    if (item.kind === 'tag')
      texts.push(...cardLabels(layout.locale, item.face, Math.round(item.w * SCALE), Math.round(item.h * SCALE)))
  }
  return { width: Math.round(layout.width * SCALE), texts }
}
