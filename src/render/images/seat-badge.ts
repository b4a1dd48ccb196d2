import { fitText, type Item, type Measure, type Rect } from './layout.js'
import type { SeatBadge } from './scene.js'

/**
 * A seat's badge on the table picture: its name (▶ when to act, the dealer's button), a chip and
 * its stack, a note ("1 trick", "bet 4"), and the cards the seat has shown (a Badugi showdown, a
 * winning Bura combination) as tags. Hidden hands are not drawn: every seat in a game holds as
 * many cards as the others, and the room goes to the cards on the table.
 */

export const INK = '#f5f5f5'
export const MUTED = '#c4dccb'
export const NAME_SIZE = 13
export const LINE_SIZE = 12
const TAG_H = 18
const TAG_W = 27

/** A badge's size: narrower as more seats share the table's edge, taller when seats show cards. */
export function badgeSize(seats: number, showsCards: boolean): { w: number; h: number } {
  return { w: seats <= 4 ? 124 : seats <= 6 ? 112 : 96, h: showsCards ? 40 + TAG_H : 38 }
}

/** Whether any seat of the table shows cards (then every badge has a row for them). */
export const showsCards = (seats: readonly SeatBadge[]) => seats.some((s) => s.cards.some((f) => f !== 'back'))

/** As many of the note's parts ("0 points · 1 trick") as fit whole; the first cut short when even it does not. */
function fitNote(measure: Measure, note: string, room: number): string {
  const parts = note.split(' · ')
  for (let n = parts.length; n > 1; n--) {
    const text = parts.slice(0, n).join(' · ')
    if (measure(text, LINE_SIZE, false) <= room) return text
  }
  return fitText(measure, parts[0]!, LINE_SIZE, false, room)
}

type TextItem = Extract<Item, { kind: 'text' }>
const text = (t: string, x: number, y: number, size: number, bold: boolean, colour: string): TextItem => ({
  kind: 'text',
  text: t,
  x,
  y,
  size,
  bold,
  colour,
  align: 'left',
})

export function badgeItems(seat: SeatBadge, r: Rect, measure: Measure, dealerLetter: string): Item[] {
  const items: Item[] = [{ kind: 'badge', rect: r, acting: seat.acting, out: seat.out }]
  const colour = seat.out ? MUTED : INK
  const nameRoom = r.w - 10 - (seat.dealer ? 18 : 0)
  const name = fitText(measure, `${seat.acting ? '▶ ' : ''}${seat.name}`, NAME_SIZE, true, nameRoom)
  items.push(text(name, r.x + 5, r.y + 3, NAME_SIZE, true, colour))
  if (seat.dealer) {
    // The dealer's letter: D (dealer) in English, G (Geber) in German, where D is the queen.
    items.push({ kind: 'disc', cx: r.x + r.w - 12, cy: r.y + 11, r: 8 })
    items.push({ ...text(dealerLetter, r.x + r.w - 12, r.y + 4, LINE_SIZE, true, '#1b1b1b'), align: 'center' })
  }
  let x = r.x + 5
  const lineY = r.y + 20
  if (seat.stack !== null) {
    items.push({ kind: 'chip', cx: x + 6, cy: lineY + 7, r: 6 })
    x += 15
    const stack = String(seat.stack)
    items.push(text(stack, x, lineY, LINE_SIZE, true, colour))
    x += measure(stack, LINE_SIZE, true) + 6
  }
  const room = r.x + r.w - 5 - x
  if (seat.note && room > 20) items.push(text(fitNote(measure, seat.note, room), x, lineY, LINE_SIZE, false, MUTED))
  const shown = seat.cards.filter((f) => f !== 'back')
  const step = shown.length > 1 ? Math.min(TAG_W + 2, (r.w - 10 - TAG_W) / (shown.length - 1)) : 0
  shown.forEach((face, i) =>
    items.push({ kind: 'tag', face, x: Math.round(r.x + 5 + i * step), y: r.y + 37, w: TAG_W, h: TAG_H }),
  )
  return items
}
