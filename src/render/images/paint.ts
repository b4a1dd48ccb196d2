import { createCanvas, type Canvas, type SKRSContext2D } from './canvas.js'
import { font, registerFont } from './font.js'
import { CARD_RATIO, cardStep, paintCard, roundRect } from './paint-card.js'
import { RESOURCES, type Locale } from '../../i18n/resources.js'
import type { CardGroup, HandScene, SeatBadge, TableScene } from './scene.js'
import { CAPTION_HEIGHT, layoutCentre, seatRect, TABLE_SIZE, type Rect } from './table-layout.js'

/** Scenes → pixels. Flat colours only: they draw fast and compress small. */

/** A drawn picture's RGBA pixels, row by row. */
export interface Pixels {
  readonly rgba: Uint8ClampedArray
  readonly width: number
  readonly height: number
}

/**
 * One canvas per picture size, reused: creating a canvas costs more than overdrawing one, and each
 * picture starts by painting its whole background, so nothing of the previous picture shows.
 */
const canvases = new Map<string, Canvas>()

function canvasOf(width: number, height: number): Canvas {
  const key = `${width}x${height}`
  let canvas = canvases.get(key)
  if (!canvas) {
    canvas = createCanvas(width, height)
    canvases.set(key, canvas)
  }
  return canvas
}

function pixelsOf(canvas: Canvas): Pixels {
  const { width, height } = canvas
  return { rgba: canvas.getContext('2d').getImageData(0, 0, width, height).data, width, height }
}

const FELT = '#1f6f43'
const FELT_EDGE = '#14532d'
const INK = '#f5f5f5'
const MUTED = '#b7d3c0'

const HAND_WIDTH = 720

function fitText(g: SKRSContext2D, text: string, max: number): string {
  if (g.measureText(text).width <= max) return text
  let t = text
  while (t.length > 1 && g.measureText(`${t}…`).width > max) t = t.slice(0, -1)
  return `${t}…`
}

function heading(g: SKRSContext2D, title: string, subtitle: string, width: number): void {
  g.textAlign = 'left'
  g.textBaseline = 'top'
  g.fillStyle = INK
  g.font = font(20, true)
  g.fillText(fitText(g, title, width - 32), 16, 12)
  g.fillStyle = MUTED
  g.font = font(14)
  g.fillText(fitText(g, subtitle, width - 32), 16, 38)
}

const CAPTION_FONT = font(13)

/** A captioned row of cards centred on `cx`, its top at `y`, `w` wide cards within `room` pixels. */
function paintGroup(
  g: SKRSContext2D,
  locale: Locale,
  group: CardGroup,
  cx: number,
  y: number,
  w: number,
  room: number,
): void {
  g.textAlign = 'center'
  g.textBaseline = 'top'
  g.fillStyle = INK
  g.font = CAPTION_FONT
  g.fillText(fitText(g, group.caption, room), cx, y)
  const n = group.faces.length
  const step = cardStep(n, w, room, 4)
  const span = n ? w + step * (n - 1) : 0
  let x = cx - span / 2
  for (const face of group.faces) {
    paintCard(g, locale, face, Math.round(x), y + CAPTION_HEIGHT, w)
    x += step
  }
}

function paintSeat(g: SKRSContext2D, locale: Locale, seat: SeatBadge, { x, y, w, h }: Rect): void {
  roundRect(g, x, y, w, h, 10)
  g.fillStyle = seat.out ? 'rgba(0,0,0,0.25)' : 'rgba(0,0,0,0.45)'
  g.fill()
  if (seat.acting) {
    g.lineWidth = 3
    g.strokeStyle = '#ffd54f'
    g.stroke()
  }
  g.textAlign = 'left'
  g.textBaseline = 'top'
  g.fillStyle = seat.out ? MUTED : INK
  g.font = font(14, true)
  g.fillText(fitText(g, `${seat.acting ? '▶ ' : ''}${seat.name}`, w - (seat.dealer ? 34 : 12)), x + 6, y + 5)
  g.font = font(12)
  g.fillStyle = MUTED
  g.fillText(fitText(g, seat.line, w - 12), x + 6, y + 24)
  if (seat.dealer) paintDealerButton(g, locale, x + w - 16, y + 14)
  const cw = 14
  const step = cardStep(seat.cards.length, cw, w - 12, 2)
  seat.cards.forEach((face, i) => paintCard(g, locale, face, Math.round(x + 6 + i * step), y + h - 4 - 20, cw))
}

/** The dealer button: a white disc with a D, as on a card table. */
function paintDealerButton(g: SKRSContext2D, locale: Locale, cx: number, cy: number): void {
  g.beginPath()
  g.arc(cx, cy, 9, 0, 2 * Math.PI)
  g.fillStyle = '#ffffff'
  g.fill()
  g.fillStyle = '#1b1b1b'
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.font = font(11, true)
  // The dealer's letter: D (dealer) in English, G (Geber) in German, where D is the queen.
  g.fillText(RESOURCES[locale].cards.dealerButton, cx, cy + 1)
}

export function paintTable(scene: TableScene): Pixels {
  registerFont()
  const { width, height } = TABLE_SIZE
  const canvas = canvasOf(width, height)
  const g = canvas.getContext('2d')
  g.fillStyle = FELT_EDGE
  g.fillRect(0, 0, width, height)
  g.beginPath()
  g.ellipse(width / 2, height / 2 + 22, width / 2 - 12, height / 2 - 34, 0, 0, 2 * Math.PI)
  g.fillStyle = FELT
  g.fill()
  heading(g, scene.title, scene.subtitle, width)
  // The middle: the groups in the space the seats leave free (table-layout.ts).
  g.font = CAPTION_FONT
  const sizes = scene.centre.map((gr) => ({ cards: gr.faces.length, captionWidth: g.measureText(gr.caption).width }))
  layoutCentre(sizes, scene.seats.length).forEach((p, i) =>
    paintGroup(g, scene.locale, scene.centre[i]!, p.cx, p.top, p.cardW, p.room),
  )
  scene.seats.forEach((seat, i) => paintSeat(g, scene.locale, seat, seatRect(i, scene.seats.length)))
  return pixelsOf(canvas)
}

export function paintHand(scene: HandScene): Pixels {
  registerFont()
  const cardW = 96
  const cardH = Math.round(cardW * CARD_RATIO)
  const extraH = scene.extra.length ? 18 + Math.round(48 * CARD_RATIO) + 12 : 0
  const height = 64 + 12 + cardH + 12 + extraH
  const canvas = canvasOf(HAND_WIDTH, height)
  const g = canvas.getContext('2d')
  g.fillStyle = FELT
  g.fillRect(0, 0, HAND_WIDTH, height)
  heading(g, scene.title, scene.subtitle, HAND_WIDTH)
  const n = scene.hand.length
  const step = cardStep(n, cardW, HAND_WIDTH - 32, 8)
  const span = n ? cardW + step * (n - 1) : 0
  let x = (HAND_WIDTH - span) / 2
  for (const h of scene.hand) {
    // Playable cards stand up a little, as a player pulls them from the fan.
    paintCard(g, scene.locale, h.card, Math.round(x), h.lit ? 64 : 76, cardW, h.lit)
    x += step
  }
  if (scene.extra.length) {
    const room = (HAND_WIDTH - 32) / scene.extra.length
    scene.extra.forEach((gr, i) => {
      paintGroup(g, scene.locale, gr, 16 + room * (i + 0.5), 64 + 12 + cardH + 12, 48, room - 10)
    })
  }
  return pixelsOf(canvas)
}
