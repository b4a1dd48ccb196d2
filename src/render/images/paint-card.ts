import { createCanvas, type Canvas, type SKRSContext2D } from './canvas.js'
import { isJoker, rankOf, suitOf, suitSymbol } from '../../games/core/cards.js'
import type { Locale } from '../../i18n/resources.js'
import { rankLetter } from '../ranks.js'
import { font } from './font.js'
import type { Face } from './scene.js'

/** Vector cards: a rounded white card with rank and suit, a patterned back, a joker. */

export const CARD_RATIO = 1.4

const RED = '#c62828'
const BLACK = '#1b1b1b'
const HIGHLIGHT = '#ffd54f'

export function roundRect(g: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath()
  g.roundRect(x, y, w, h, r)
}

/** The rank in the corner, in the language's letters (Q, J are D, B on a German card). */
function rankText(face: Face, locale: Locale): string {
  if (face === 'back' || isJoker(face)) return ''
  return rankLetter(rankOf(face), locale)
}

/**
 * Each card face at each size is drawn once into a sprite and copied from then on: a card's text
 * (rank and suit glyphs) is most of a picture's drawing time, and a game shows the same few faces
 * at the same few sizes over and over. 55 faces × a handful of sizes × lit or not stays small.
 */
const sprites = new Map<string, { canvas: Canvas; pad: number }>()

/** Draws one card with its top-left corner at (x, y), `w` wide (x and y whole pixels). */
export function paintCard(
  g: SKRSContext2D,
  locale: Locale,
  face: Face,
  x: number,
  y: number,
  w: number,
  lit = false,
): void {
  const rank = rankText(face, locale)
  // A face looks the same in every language unless its letter differs (K♦ is one sprite, Q♠ / D♠ two).
  const key = `${face}/${rank}/${w}/${lit ? 1 : 0}`
  let sprite = sprites.get(key)
  if (!sprite) {
    // Room for the outline, which is stroked half outside the card.
    const pad = Math.ceil(lit ? Math.max(3, w * 0.05) : 1)
    const canvas = createCanvas(w + 2 * pad, Math.round(w * CARD_RATIO) + 2 * pad)
    drawCard(canvas.getContext('2d'), face, rank, pad, pad, w, lit)
    sprite = { canvas, pad }
    sprites.set(key, sprite)
  }
  g.drawImage(sprite.canvas, x - sprite.pad, y - sprite.pad)
}

function drawCard(g: SKRSContext2D, face: Face, rank: string, x: number, y: number, w: number, lit: boolean): void {
  const h = Math.round(w * CARD_RATIO)
  const r = Math.max(3, Math.round(w * 0.08))
  roundRect(g, x, y, w, h, r)
  g.fillStyle = face === 'back' ? '#1e4fa3' : '#ffffff'
  g.fill()
  g.lineWidth = lit ? Math.max(3, w * 0.05) : 1
  g.strokeStyle = lit ? HIGHLIGHT : '#333333'
  g.stroke()
  if (face === 'back') return paintBack(g, x, y, w, h, r)
  if (isJoker(face)) return paintJoker(g, face, x, y, w, h)
  const suit = suitOf(face)
  const colour = suit === 'H' || suit === 'D' ? RED : BLACK
  const symbol = suitSymbol(suit)
  g.fillStyle = colour
  g.textAlign = 'left'
  g.textBaseline = 'top'
  const corner = Math.round(w * 0.3)
  g.font = font(rank === '10' ? Math.round(corner * 0.85) : corner, true)
  g.fillText(rank, x + w * 0.08, y + h * 0.05)
  g.font = font(Math.round(corner * 0.8))
  g.fillText(symbol, x + w * 0.09, y + h * 0.05 + corner)
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.font = font(Math.round(w * 0.55))
  g.fillText(symbol, x + w * 0.58, y + h * 0.62)
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

function paintJoker(g: SKRSContext2D, face: Face, x: number, y: number, w: number, h: number): void {
  g.fillStyle = '#6a1b9a'
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.font = font(Math.round(w * 0.5))
  g.fillText('★', x + w / 2, y + h * 0.42)
  g.font = font(Math.round(w * 0.17), true)
  g.fillText('JOKER', x + w / 2, y + h * 0.75)
  g.font = font(Math.round(w * 0.2), true)
  g.textAlign = 'left'
  g.textBaseline = 'top'
  g.fillText(String(face).slice(1), x + w * 0.08, y + h * 0.05)
}

/**
 * Lays `count` cards of width `w` into `room` pixels: side by side with a gap when they fit,
 * overlapping evenly when they do not. Returns the step from one card's left edge to the next.
 */
export function cardStep(count: number, w: number, room: number, gap: number): number {
  if (count <= 1) return 0
  return Math.min(w + gap, (room - w) / (count - 1))
}
