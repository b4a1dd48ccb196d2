import { CARD_RATIO } from './paint-card.js'

/**
 * Where things go on the table picture: the seat badges around the oval, and the card groups of
 * the middle (trump, pile, the trick) in the space the seats leave free. Plain geometry, no
 * drawing: the painter measures the captions and asks here where to put each group.
 */

export interface Rect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export const TABLE_SIZE = { width: 760, height: 420 } as const
export const SEAT_SIZE = { w: 160, h: 62 } as const
/** The oval's centre (below the heading). */
const CENTRE = { x: TABLE_SIZE.width / 2, y: TABLE_SIZE.height / 2 + 22 } as const
/** The heading's two lines end above this. */
const HEADING_BOTTOM = 60
/** A caption's line above its cards. */
export const CAPTION_HEIGHT = 18
/** Clear space kept between a group and a seat badge or the picture's edge. */
const MARGIN = 6
const ROW_GAP = 8

/** Seats around the oval: seat 0 at the bottom, then clockwise, as players sit at a real table. */
export function seatRect(i: number, n: number): Rect {
  const { width, height } = TABLE_SIZE
  const angle = Math.PI / 2 + (2 * Math.PI * i) / n
  const cx = width / 2 + Math.cos(angle) * (width / 2 - 95)
  const cy = height / 2 + 22 + Math.sin(angle) * (height / 2 - 70)
  return { x: Math.round(cx - SEAT_SIZE.w / 2), y: Math.round(cy - SEAT_SIZE.h / 2), w: SEAT_SIZE.w, h: SEAT_SIZE.h }
}

/** What a group of the middle needs: how many cards, and how wide its caption is at full length. */
export interface GroupSize {
  readonly cards: number
  readonly captionWidth: number
}

/** Where a group goes: centred on `cx`, caption at `top`, cards `cardW` wide within `room` pixels. */
export interface GroupPlace {
  readonly cx: number
  readonly top: number
  readonly cardW: number
  readonly room: number
}

/** The area a placed group covers: its caption and its cards. */
export function groupRect(p: GroupPlace): Rect {
  return { x: p.cx - p.room / 2, y: p.top, w: p.room, h: CAPTION_HEIGHT + Math.round(p.cardW * CARD_RATIO) }
}

const CARD_WIDTHS = [48, 40, 34, 28] as const

/**
 * The width a group takes: its cards side by side (tight: overlapping by half), and its caption,
 * which may be cut short (to about two cards' width, tight to a little more than one card).
 */
function roomFor(g: GroupSize, cardW: number, tight: boolean): number {
  const cards = g.cards ? cardW + (g.cards - 1) * (tight ? Math.round(cardW / 2) : cardW + 4) : 0
  const caption = Math.min(Math.ceil(g.captionWidth) + 8, tight ? cardW + 16 : 2 * cardW + 16)
  return Math.max(cards, caption)
}

function overlaps(a: Rect, b: Rect, margin: number): boolean {
  return a.x < b.x + b.w + margin && b.x < a.x + a.w + margin && a.y < b.y + b.h + margin && b.y < a.y + a.h + margin
}

function inside(r: Rect): boolean {
  const { width, height } = TABLE_SIZE
  return r.x >= MARGIN && r.x + r.w <= width - MARGIN && r.y >= HEADING_BOTTOM && r.y + r.h <= height - MARGIN
}

/** `count` items in `rows` consecutive rows, as even as can be (the first rows take one more). */
function splitRows(count: number, rows: number): number[] {
  return Array.from({ length: rows }, (_, r) => Math.floor(count / rows) + (r < count % rows ? 1 : 0))
}

/** The groups in `rows` rows, the block centred on the oval's centre moved down by `dy`. */
function arrange(groups: readonly GroupSize[], cardW: number, rows: number, tight: boolean, dy: number): GroupPlace[] {
  const gap = tight ? 6 : 10
  const rowH = CAPTION_HEIGHT + Math.round(cardW * CARD_RATIO)
  const top = Math.round(CENTRE.y + dy - (rows * rowH + (rows - 1) * ROW_GAP) / 2)
  const out: GroupPlace[] = []
  let next = 0
  splitRows(groups.length, rows).forEach((count, r) => {
    const rooms = groups.slice(next, next + count).map((g) => roomFor(g, cardW, tight))
    next += count
    let x = CENTRE.x - (rooms.reduce((a, b) => a + b, 0) + gap * (count - 1)) / 2
    for (const room of rooms) {
      out.push({ cx: Math.round(x + room / 2), top: top + r * (rowH + ROW_GAP), cardW, room })
      x += room + gap
    }
  })
  return out
}

/** Vertical shifts tried, nearest the centre first: 0, 4, -4, 8, -8 … ±80. */
const SHIFTS = [0, ...Array.from({ length: 20 }, (_, i) => [(i + 1) * 4, -(i + 1) * 4]).flat()]

/**
 * Places the middle's groups clear of every seat badge: the largest cards, then the fewest rows,
 * then cards side by side before overlapping, then the block nearest the centre, that fit. When
 * nothing fits (never for this project's games and table sizes) the smallest layout is used.
 */
export function layoutCentre(groups: readonly GroupSize[], seats: number): GroupPlace[] {
  if (!groups.length) return []
  const badges = Array.from({ length: seats }, (_, i) => seatRect(i, seats))
  const fits = (places: GroupPlace[]) =>
    places.every((p) => {
      const r = groupRect(p)
      return inside(r) && badges.every((b) => !overlaps(r, b, MARGIN))
    })
  const maxRows = Math.min(3, groups.length)
  for (const cardW of CARD_WIDTHS)
    for (let rows = 1; rows <= maxRows; rows++)
      for (const tight of [false, true])
        for (const dy of SHIFTS) {
          const places = arrange(groups, cardW, rows, tight, dy)
          if (fits(places)) return places
        }
  return arrange(groups, CARD_WIDTHS.at(-1)!, maxRows, true, 0)
}
