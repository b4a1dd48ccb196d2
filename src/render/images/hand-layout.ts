import { CARD_RATIO } from './card-face.js'
import { fitText, type Item, type Layout, type Measure } from './layout.js'
import { cardStep } from './paint-card.js'
import type { HandScene } from './scene.js'
import { INK, MUTED } from './seat-badge.js'
import { fanWidth } from './table-layout.js'

/**
 * The hand picture laid out, in points of the picture as Discord shows it (400 wide): a heading,
 * the hand (lit cards raised), and the trick in progress under it, each play under its player's name.
 */

export const HAND_WIDTH = 400
const SIDE = 8
const CARD_W = 60
const RAISE = 6
const TRICK_CARD_W = 30
const CAPTION = 15

export function layoutHand(scene: HandScene, measure: Measure): Layout {
  const items: Item[] = []
  const text = (t: string, y: number, size: number, bold: boolean, colour: string) =>
    items.push({
      kind: 'text',
      text: fitText(measure, t, size, bold, HAND_WIDTH - 2 * SIDE),
      x: SIDE,
      y,
      size,
      bold,
      colour,
      align: 'left',
    })
  text(scene.title, 5, 14, true, INK)
  text(scene.subtitle, 23, 12, false, MUTED)
  const cardsTop = 42
  const n = scene.hand.length
  const step = cardStep(n, CARD_W, HAND_WIDTH - 2 * SIDE, 4)
  const span = n ? CARD_W + step * (n - 1) : 0
  scene.hand.forEach((h, i) =>
    items.push({
      kind: 'card',
      face: h.card,
      x: Math.round((HAND_WIDTH - span) / 2 + i * step),
      // Playable cards stand up a little, as a player pulls them from the fan.
      y: h.lit ? cardsTop : cardsTop + RAISE,
      w: CARD_W,
      lit: h.lit,
    }),
  )
  let height = cardsTop + RAISE + Math.round(CARD_W * CARD_RATIO) + 8
  // The trick under the hand, in as many rows as its plays need to show every card's index.
  const widest = Math.max(56, ...scene.extra.map((g) => fanWidth(g.faces.length, TRICK_CARD_W) + 6))
  const perRow = Math.max(1, Math.floor((HAND_WIDTH - 2 * SIDE) / widest))
  for (let first = 0; first < scene.extra.length; first += perRow) {
    const row = scene.extra.slice(first, first + perRow)
    const room = (HAND_WIDTH - 2 * SIDE) / row.length
    row.forEach((g, i) => {
      const cx = SIDE + room * (i + 0.5)
      const caption = fitText(measure, g.caption, 12, false, room - 6)
      items.push({ kind: 'text', text: caption, x: cx, y: height, size: 12, bold: false, colour: INK, align: 'center' })
      const fan = fanWidth(g.faces.length, TRICK_CARD_W)
      g.faces.forEach((face, k) =>
        items.push({
          kind: 'card',
          face,
          x: Math.round(cx - fan / 2 + k * Math.round(TRICK_CARD_W * 0.6)),
          y: height + CAPTION,
          w: TRICK_CARD_W,
          lit: g.winning === true,
        }),
      )
    })
    height += CAPTION + Math.round(TRICK_CARD_W * CARD_RATIO) + 8
  }
  return { locale: scene.locale, width: HAND_WIDTH, height, items }
}
