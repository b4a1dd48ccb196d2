import { CARD_RATIO } from './card-face.js'
import { fitText, type Item, type Layout, type Measure, type Rect } from './layout.js'
import type { CardGroup, TableScene } from './scene.js'
import { badgeItems, badgeSize, INK, LINE_SIZE, showsCards } from './seat-badge.js'

/**
 * Where the table picture's parts go, in points of the picture as Discord shows it (400 wide): the
 * seat badges around the oval, each seat's play in front of it, and the middle's groups (trump,
 * pile, pot, deck) in the centre. No heading: the message above the picture says the game, the
 * trump and the pot, and the picture keeps its room for what it shows best.
 */

export const TABLE_SIZE = { width: 400, height: 300 } as const
const CENTRE = { x: TABLE_SIZE.width / 2, y: TABLE_SIZE.height / 2 } as const
/** Clear space kept between parts, and from the picture's edge. */
const MARGIN = 4

/** A caption's line above its cards. */
const CAPTION = 15
/** Cards of the middle and of the plays: the largest that fit, never below 28 (their index is then 12). */
const CARD_WIDTHS = [40, 34, 30, 28] as const

/** Seats around the oval: seat 0 at the bottom, then clockwise, as players sit at a real table. */
export function seatRect(i: number, n: number, withCards = false): Rect {
  const { w, h } = badgeSize(n, withCards)
  const angle = Math.PI / 2 + (2 * Math.PI * i) / n
  const cx = CENTRE.x + Math.cos(angle) * (CENTRE.x - w / 2 - MARGIN)
  const cy = CENTRE.y + Math.sin(angle) * (CENTRE.y - h / 2 - MARGIN)
  return { x: Math.round(cx - w / 2), y: Math.round(cy - h / 2), w, h }
}

function overlaps(a: Rect, b: Rect, margin: number): boolean {
  return a.x < b.x + b.w + margin && b.x < a.x + a.w + margin && a.y < b.y + b.h + margin && b.y < a.y + a.h + margin
}

const inside = (r: Rect) =>
  r.x >= MARGIN && r.y >= MARGIN && r.x + r.w <= TABLE_SIZE.width - MARGIN && r.y + r.h <= TABLE_SIZE.height - MARGIN

/** The width of `count` cards `w` wide, overlapping so that each one's index shows. */
export const fanWidth = (count: number, w: number) => (count ? w + (count - 1) * Math.round(w * 0.6) : 0)

/** Where the middle's groups and the plays go, with the card width they take. */
export interface TablePlaces {
  readonly cardW: number
  /** Each group's area (its caption included), in the scene's order. */
  readonly groups: readonly Rect[]
}

/** The middle's groups side by side (`widths` wide, `h` high), the row centred on `c`. */
function middleRow(widths: readonly number[], h: number, c: { x: number; y: number }): Rect[] {
  const total = widths.reduce((a, b) => a + b, 0) + 8 * Math.max(0, widths.length - 1)
  let x = c.x - total / 2
  return widths.map((w) => {
    const r = { x: Math.round(x), y: Math.round(c.y - h / 2), w: Math.round(w), h }
    x += w + 8
    return r
  })
}

/** Offsets from a group's best spot to try, nearest first: every 4 points, at most 152 across and 120 up or down. */
const OFFSETS = Array.from({ length: 101 * 81 }, (_, i) => ({
  x: ((i % 101) - 50) * 3,
  y: (Math.floor(i / 101) - 40) * 3,
})).sort((a, b) => Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y))

/**
 * Candidate centres for a seat's play `w` × `h`, best first: nearest the spot just in front of the
 * seat's badge, towards the table's centre (a play lies between its player and the middle).
 */
function playSpots(seat: Rect, w: number, h: number): { x: number; y: number }[] {
  const from = { x: seat.x + seat.w / 2, y: seat.y + seat.h / 2 }
  const dx = CENTRE.x - from.x
  const dy = CENTRE.y - from.y
  const len = Math.hypot(dx, dy) || 1
  const [ux, uy] = [dx / len, dy / len]
  // Out of the badge along the way to the centre, then far enough on for the play to clear it.
  const out = (hw: number, hh: number) => Math.min(ux ? hw / Math.abs(ux) : Infinity, uy ? hh / Math.abs(uy) : Infinity)
  const t = out(seat.w / 2, seat.h / 2) + out(w / 2, h / 2) + MARGIN + 1
  const ideal = { x: from.x + ux * t, y: from.y + uy * t }
  return OFFSETS.map((o) => ({ x: ideal.x + o.x, y: ideal.y + o.y }))
}

/** Candidate centres for the middle's row, nearest the table's centre first. */
const MIDDLE_SPOTS = OFFSETS.map((o) => ({ x: CENTRE.x + o.x, y: CENTRE.y + o.y }))

/**
 * Places the middle's groups (trump, pile, pot, deck) in the centre and each play as near its
 * seat as the others leave room, all clear of every badge, of each other and of the picture's
 * edge: the largest cards that fit. When nothing fits (never for this project's games and table
 * sizes, which the layout test checks) the smallest cards are used, overlapping.
 */
export function placeGroups(scene: TableScene, captionWidth: (g: CardGroup) => number): TablePlaces {
  const withCards = showsCards(scene.seats)
  const badges = scene.seats.map((_, i) => seatRect(i, scene.seats.length, withCards))
  const middle = scene.centre.filter((g) => g.seat === undefined)
  const captions = middle.map((g) => Math.min(captionWidth(g), 90))
  let last: TablePlaces | null = null
  for (const cardW of CARD_WIDTHS) {
    // What is placed so far, the badges first: a spot is free when it meets none of them.
    const taken: Rect[] = [...badges]
    const free = (r: Rect) => inside(r) && taken.every((b) => !overlaps(r, b, MARGIN))
    let fits = true
    const byGroup = new Map<CardGroup, Rect>()
    if (middle.length) {
      const widths = middle.map((g, i) => Math.max(fanWidth(g.faces.length, cardW), captions[i]!))
      const rowAt = (c: { x: number; y: number }) => middleRow(widths, CAPTION + Math.round(cardW * CARD_RATIO), c)
      const spot = MIDDLE_SPOTS.find((c) => rowAt(c).every(free))
      if (!spot) fits = false
      for (const [i, r] of rowAt(spot ?? CENTRE).entries()) {
        taken.push(r)
        byGroup.set(middle[i]!, r)
      }
    }
    for (const g of scene.centre) {
      if (g.seat === undefined) continue
      const w = fanWidth(g.faces.length, cardW)
      const h = Math.round(cardW * CARD_RATIO)
      const at = (c: { x: number; y: number }) => ({ x: Math.round(c.x - w / 2), y: Math.round(c.y - h / 2), w, h })
      const spots = playSpots(badges[g.seat] ?? { ...CENTRE, w: 0, h: 0 }, w, h)
      const spot = spots.find((c) => free(at(c)))
      if (!spot) fits = false
      const r = at(spot ?? spots[0]!)
      taken.push(r)
      byGroup.set(g, r)
    }
    last = { cardW, groups: scene.centre.map((g) => byGroup.get(g)!) }
    if (fits) return last
  }
  return last!
}

/** The table picture laid out: badges, the middle's groups and each seat's play. */
export function layoutTable(scene: TableScene, measure: Measure, dealerLetter: string): Layout {
  const captionWidth = (g: CardGroup) => Math.ceil(measure(g.caption, LINE_SIZE, false))
  const places = placeGroups(scene, captionWidth)
  const items: Item[] = []
  scene.centre.forEach((g, i) => {
    const r = places.groups[i]!
    let top = r.y
    if (g.seat === undefined) {
      const caption = fitText(measure, g.caption, LINE_SIZE, false, r.w + 8)
      const cx = r.x + r.w / 2
      items.push({
        kind: 'text',
        text: caption,
        x: cx,
        y: top,
        size: LINE_SIZE,
        bold: false,
        colour: INK,
        align: 'center',
      })
      top += CAPTION
    }
    const span = fanWidth(g.faces.length, places.cardW)
    const step = Math.round(places.cardW * 0.6)
    g.faces.forEach((face, k) =>
      items.push({
        kind: 'card',
        face,
        x: Math.round(r.x + (r.w - span) / 2 + k * step),
        y: top,
        w: places.cardW,
        lit: g.winning === true,
      }),
    )
  })
  const withCards = showsCards(scene.seats)
  scene.seats.forEach((s, i) =>
    items.push(...badgeItems(s, seatRect(i, scene.seats.length, withCards), measure, dealerLetter)),
  )
  return { locale: scene.locale, ...TABLE_SIZE, items }
}
