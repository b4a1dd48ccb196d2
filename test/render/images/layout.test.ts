import { describe, expect, it } from 'vitest'
import {
  groupRect,
  layoutCentre,
  seatRect,
  TABLE_SIZE,
  type GroupSize,
  type Rect,
} from '../../../src/render/images/table-layout.js'

/** The table picture's layout: the middle's card groups never cover a seat badge, at any table size. */

const meets = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
const played = (seats: number, cards: number): GroupSize[] =>
  Array.from({ length: seats }, () => ({ cards, captionWidth: 140 }))
const pile: GroupSize[] = [
  { cards: 1, captionWidth: 90 },
  { cards: 1, captionWidth: 60 },
]

/** The fullest middle each game can show: every seat's play in the trick (Bura: up to 4 cards, Kozel). */
const CASES: { game: string; seats: number[]; groups: (seats: number) => GroupSize[] }[] = [
  { game: 'Bura, 3-card plays', seats: [2, 3, 4, 5, 6], groups: (n) => [...pile, ...played(n, 3)] },
  { game: 'Kozel, 4-card plays', seats: [2, 3, 4, 5, 6], groups: (n) => [...pile, ...played(n, 4)] },
  { game: 'Bugami', seats: [3, 4, 5, 6, 7], groups: (n) => played(n, 1) },
  { game: 'Badugi', seats: [2, 3, 4, 5, 6, 7, 8], groups: () => [{ cards: 0, captionWidth: 110 }, pile[1]!] },
]

describe('the table picture layout', () => {
  for (const c of CASES)
    it(`${c.game}: the middle stays clear of every seat and inside the picture`, () => {
      for (const n of c.seats) {
        const places = layoutCentre(c.groups(n), n)
        expect(places).toHaveLength(c.groups(n).length)
        const badges = Array.from({ length: n }, (_, i) => seatRect(i, n))
        const rects = places.map(groupRect)
        for (const r of rects) {
          for (const b of badges)
            expect(meets(r, b), `${n} seats: group ${JSON.stringify(r)} covers seat ${JSON.stringify(b)}`).toBe(false)
          expect(r.x >= 0 && r.x + r.w <= TABLE_SIZE.width && r.y + r.h <= TABLE_SIZE.height, `${n} seats`).toBe(true)
          for (const other of rects) if (other !== r) expect(meets(r, other), `${n} seats: groups overlap`).toBe(false)
        }
      }
    })

  it('keeps the cards large while they fit: two seats show the trick at full size in one row', () => {
    const places = layoutCentre([...pile, ...played(2, 3)], 2)
    expect(new Set(places.map((p) => p.top)).size).toBe(1)
    expect(places.every((p) => p.cardW === 48)).toBe(true)
  })
})
