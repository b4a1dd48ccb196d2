import { createCanvas, type Canvas, type SKRSContext2D } from './canvas.js'
import type { Locale } from '../../i18n/resources.js'
import { CARD_RATIO, cardLabels, isRed } from './card-face.js'
import { font } from './font.js'
import type { Face } from './scene.js'

/** Vector cards: a rounded white card with a large index and a pip, a patterned back, a joker. */

const RED = '#c62828'
const BLACK = '#1b1b1b'
const JOKER = '#6a1b9a'
const HIGHLIGHT = '#ffd54f'

export function roundRect(g: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath()
  g.roundRect(x, y, w, h, r)
}

const inkOf = (face: Face) => (face !== 'back' && face.startsWith('X') ? JOKER : isRed(face) ? RED : BLACK)

/**
 * Each card face at each size is drawn once into a sprite and copied from then on: a card's text
 * (rank and suit glyphs) is most of a picture's drawing time, and a game shows the same few faces
 * at the same few sizes over and over. 55 faces × a handful of sizes × lit or not stays small.
 */
const sprites = new Map<string, { canvas: Canvas; pad: number }>()

function sprite(key: string, w: number, h: number, pad: number, draw: (g: SKRSContext2D) => void) {
  let found = sprites.get(key)
  if (!found) {
    const canvas = createCanvas(w + 2 * pad, h + 2 * pad)
    draw(canvas.getContext('2d'))
    found = { canvas, pad }
    sprites.set(key, found)
  }
  return found
}

/** Draws one card with its top-left corner at (x, y), `w` pixels wide (x and y whole pixels). */
export function paintCard(
  g: SKRSContext2D,
  locale: Locale,
  face: Face,
  x: number,
  y: number,
  w: number,
  lit = false,
): void {
  const labels = cardLabels(locale, face, w)
  // A face looks the same in every language unless its letter differs (K♦ is one sprite, Q♠ / D♠ two).
  const key = `card/${face}/${labels[0]?.text ?? ''}/${w}/${lit ? 1 : 0}`
  // Room for the outline, which is stroked half outside the card.
  const pad = Math.ceil(lit ? Math.max(3, w * 0.06) : 1)
  const s = sprite(key, w, Math.round(w * CARD_RATIO), pad, (c) => drawCard(c, face, labels, pad, pad, w, lit))
  g.drawImage(s.canvas, x - s.pad, y - s.pad)
}

function drawCard(
  g: SKRSContext2D,
  face: Face,
  labels: ReturnType<typeof cardLabels>,
  x: number,
  y: number,
  w: number,
  lit: boolean,
): void {
  const h = Math.round(w * CARD_RATIO)
  const r = Math.max(3, Math.round(w * 0.08))
  roundRect(g, x, y, w, h, r)
  g.fillStyle = face === 'back' ? '#1e4fa3' : '#ffffff'
  g.fill()
  g.lineWidth = lit ? Math.max(3, w * 0.06) : Math.max(1, w * 0.02)
  g.strokeStyle = lit ? HIGHLIGHT : '#333333'
  g.stroke()
  if (face === 'back') return paintBack(g, x, y, w, h, r)
  const [rank, suit, pip] = labels as [(typeof labels)[0], (typeof labels)[0], (typeof labels)[0]]
  g.fillStyle = inkOf(face)
  g.textAlign = 'center'
  g.textBaseline = 'top'
  // The index: rank over suit in the top-left corner, centred on one column.
  const column = x + w * 0.27
  g.font = font(rank.size, true, rank.text.length > 1)
  g.fillText(rank.text, column, y + h * 0.035)
  g.font = font(suit.size)
  g.fillText(suit.text, column, y + h * 0.035 + rank.size * 1.02)
  g.textBaseline = 'middle'
  g.font = font(pip.size)
  g.fillText(pip.text, x + w * 0.66, y + h * 0.74)
}

function paintBack(g: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const inset = Math.max(3, w * 0.1)
  roundRect(g, x + inset, y + inset, w - 2 * inset, h - 2 * inset, Math.max(2, r - 2))
  g.strokeStyle = '#e3ecfa'
  g.lineWidth = Math.max(1, w * 0.03)
  g.stroke()
  const cx = x + w / 2
  const cy = y + h / 2
  const d = w * 0.22
  g.beginPath()
  g.moveTo(cx, cy - d * 1.4)
  g.lineTo(cx + d, cy)
  g.lineTo(cx, cy + d * 1.4)
  g.lineTo(cx - d, cy)
  g.closePath()
  g.fillStyle = '#e3ecfa'
  g.fill()
}

/**
 * A card shown small (a seat's shown hand): a white tag with its rank and suit as one word, which
 * stays legible where a whole card of that height would not; a back is a small blue card.
 */
export function paintTag(g: SKRSContext2D, locale: Locale, face: Face, x: number, y: number, w: number, h: number) {
  const [label] = cardLabels(locale, face, w, h)
  const s = sprite(`tag/${face}/${label?.text ?? ''}/${w}x${h}`, w, h, 1, (c) => {
    const r = Math.max(2, Math.round(h * 0.15))
    roundRect(c, 1, 1, w, h, r)
    c.fillStyle = face === 'back' ? '#1e4fa3' : '#ffffff'
    c.fill()
    c.lineWidth = 1
    c.strokeStyle = face === 'back' ? '#e3ecfa' : '#333333'
    c.stroke()
    if (!label) return
    c.fillStyle = inkOf(face)
    c.textAlign = 'center'
    c.textBaseline = 'middle'
    c.font = font(label.size, true, true)
    c.fillText(label.text, 1 + w / 2, 1 + h / 2 + 1)
  })
  g.drawImage(s.canvas, x - s.pad, y - s.pad)
}

/**
 * Lays `count` cards of width `w` into `room` pixels: side by side with a gap when they fit,
 * overlapping evenly when they do not. Returns the step from one card's left edge to the next.
 */
export function cardStep(count: number, w: number, room: number, gap: number): number {
  if (count <= 1) return 0
  return Math.min(w + gap, (room - w) / (count - 1))
}
