import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf } from '../../../src/i18n/index.js'
import { handSceneOf, tableSceneOf } from '../../../src/messages/pictures.js'
import { MIN_TEXT, textsOf, VIEW_WIDTH, type Layout, type Rect } from '../../../src/render/images/layout.js'
import { handLayoutOf, measure, tableLayoutOf } from '../../../src/render/images/paint.js'
import type { CardGroup, Face, TableScene } from '../../../src/render/images/scene.js'
import { placeGroups, seatRect, TABLE_SIZE } from '../../../src/render/images/table-layout.js'
import type { GameId } from '../../../src/games/registry.js'
import type { RenderTable } from '../../../src/render/types.js'
import { fixedTable, handSeatOf } from './states.js'

/**
 * The pictures as Discord shows them (400 points wide on a desktop, narrower on a phone): every
 * text at least 12 points high there, and on the table the plays and the middle never cover a seat.
 */

const GAMES: { game: GameId; seats: number[]; options?: Record<string, unknown> }[] = [
  { game: 'bura', seats: [2, 3, 4, 5, 6] },
  { game: 'bura', seats: [2, 4, 6], options: { kozel: true } },
  { game: 'badugi', seats: [2, 3, 4, 5, 6, 7, 8] },
  { game: 'bugami', seats: [3, 4, 5, 6, 7] },
  { game: 'bugami', seats: [3, 7], options: { jokers: 2 } },
]
/** Moves into a game: its start, a trick or a betting round under way, later, and (often) its end. */
const MOVES = [0, 1, 3, 6, 11, 25, 80]

function tables(): { name: string; table: RenderTable }[] {
  const out: { name: string; table: RenderTable }[] = []
  for (const g of GAMES)
    for (const n of g.seats)
      for (const moves of MOVES)
        out.push({
          name: `${g.game} ${n} seats, ${moves} moves`,
          table: fixedTable(g.game, n, 7 + moves, moves, g.options),
        })
  return out
}

/** The smallest text of a layout as shown 400 points wide, with the text itself. */
function smallest(layout: Layout): { text: string; shown: number } {
  const { width, texts } = textsOf(layout)
  expect(texts.length).toBeGreaterThan(0)
  return texts
    .map((t) => ({ text: t.text, shown: (t.size * VIEW_WIDTH) / width }))
    .reduce((a, b) => (b.shown < a.shown ? b : a))
}

const meets = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

function expectClear(scene: TableScene, what: string): void {
  const places = placeGroups(scene, (g) => measure(g.caption, 12, false))
  const badges = scene.seats.map((_, i) => seatRect(i, scene.seats.length))
  for (const [i, b] of badges.entries())
    for (const other of badges.slice(i + 1)) expect(meets(b, other), `${what}: two badges overlap`).toBe(false)
  for (const [i, r] of places.groups.entries()) {
    const inside = r.x >= 0 && r.y >= 0 && r.x + r.w <= TABLE_SIZE.width && r.y + r.h <= TABLE_SIZE.height
    expect(inside, `${what}: group ${i} ${JSON.stringify(r)} leaves the picture`).toBe(true)
    for (const b of badges) expect(meets(r, b), `${what}: group ${i} covers a seat ${JSON.stringify(b)}`).toBe(false)
    for (const other of places.groups.slice(i + 1)) expect(meets(r, other), `${what}: groups overlap`).toBe(false)
  }
}

describe('the pictures as Discord shows them', () => {
  const all = tables()

  it('every text of every table and hand picture is at least 12 points high at 400 points wide', () => {
    for (const lang of [ENGLISH, langOf('de')])
      for (const { name, table } of all) {
        const t = smallest(tableLayoutOf(tableSceneOf(lang, table)!))
        expect(t.shown, `${name}, table (${lang.locale}): "${t.text}"`).toBeGreaterThanOrEqual(MIN_TEXT)
        const seat = handSeatOfOrFirst(table)
        const h = smallest(handLayoutOf(handSceneOf(lang, table, seat)!))
        expect(h.shown, `${name}, hand (${lang.locale}): "${h.text}"`).toBeGreaterThanOrEqual(MIN_TEXT)
      }
  })

  it('the plays and the middle stay clear of every seat and inside the table picture, at every table size', () => {
    for (const { name, table } of all) expectClear(tableSceneOf(ENGLISH, table)!, name)
  })

  it('the fullest middles stay clear too: every seat has played (Kozel: four cards each), long names', () => {
    const seat = (i: number) => ({
      name: `Alexandrina Longname ${i}`,
      line: '',
      stack: 1_000_000,
      note: '12 tricks · bet 4,000',
      acting: i === 1,
      dealer: i === 0,
      out: false,
      cards: Array.from({ length: 13 }, (): Face => 'back'),
    })
    const play = (n: number, cards: number): CardGroup[] =>
      Array.from({ length: n }, (_, i) => ({ caption: `Seat ${i + 1}`, faces: Array(cards).fill('AS'), seat: i }))
    const middle: CardGroup[] = [
      { caption: 'Trump (drawn)', faces: ['TD'] },
      { caption: 'Pile 20', faces: ['back'] },
    ]
    const scene = (n: number, centre: CardGroup[]): TableScene => ({
      kind: 'table',
      locale: 'en',
      title: '',
      subtitle: '',
      centre,
      seats: Array.from({ length: n }, (_, i) => seat(i)),
    })
    for (const n of [2, 3, 4, 5, 6]) {
      expectClear(scene(n, [...middle, ...play(n, 3)]), `Bura, ${n} seats`)
      expectClear(scene(n, [...middle, ...play(n, 4)]), `Kozel, ${n} seats`)
    }
    for (const n of [3, 4, 5, 6, 7]) expectClear(scene(n, play(n, 1)), `Bugami, ${n} seats`)
    for (const n of [2, 3, 4, 5, 6, 7, 8]) expectClear(scene(n, middle), `Badugi, ${n} seats`)
    for (const n of [2, 8]) {
      const t = smallest(tableLayoutOf(scene(n, middle)))
      expect(t.shown, `long names, ${n} seats: "${t.text}"`).toBeGreaterThanOrEqual(MIN_TEXT)
    }
  })

  it('keeps the cards large while they fit: two seats show a trick with 40-point cards', () => {
    const table = fixedTable('bura', 2, 11, 1)
    expect(placeGroups(tableSceneOf(ENGLISH, table)!, () => 40).cardW).toBe(40)
  })
})

/** The seat to act, or seat 1 once the game is over. */
function handSeatOfOrFirst(table: RenderTable): number {
  try {
    return handSeatOf(table, 'toAct')
  } catch {
    return 0
  }
}
