import { ENGLISH, langOf } from '../../../src/i18n/index.js'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { handImage, handSceneOf, tableImage, tableSceneOf } from '../../../src/messages/pictures.js'
import { paintHand, paintTable } from '../../../src/render/images/paint.js'
import { encodePng } from '../../../src/render/images/png.js'
import { FIXED_STATES, handSeatOf } from './states.js'

/**
 * Golden images: fixed states drawn and compared with the checked-in pictures, pixel by pixel with
 * a tolerance (anti-aliasing may differ a little between machines). On a mismatch the actual
 * picture is written next to the expected one (`*.actual.png`, ignored by git) to look at.
 * After an intended change of the drawing: `UPDATE_GOLDEN=1 npx vitest run test/render/images`.
 */

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden')
/** A pixel differs when a channel is off by more than this. */
const CHANNEL_TOLERANCE = 24
/** The share of pixels that may differ. */
const PIXEL_TOLERANCE = 0.005

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png)
  const canvas = createCanvas(image.width, image.height)
  const g = canvas.getContext('2d')
  g.drawImage(image, 0, 0)
  return { width: image.width, height: image.height, data: g.getImageData(0, 0, image.width, image.height).data }
}

/** The share of pixels that differ (1 when the sizes differ). */
async function difference(actual: Buffer, expected: Buffer): Promise<number> {
  const a = await pixels(actual)
  const e = await pixels(expected)
  if (a.width !== e.width || a.height !== e.height) return 1
  let off = 0
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[i + c]! - e.data[i + c]!) > CHANNEL_TOLERANCE) {
        off++
        break
      }
    }
  }
  return off / (a.width * a.height)
}

async function expectGolden(name: string, png: Buffer): Promise<void> {
  const expectedPath = join(DIR, `${name}.png`)
  const actualPath = join(DIR, `${name}.actual.png`)
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(expectedPath)) {
    mkdirSync(DIR, { recursive: true })
    writeFileSync(expectedPath, png)
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`no golden image ${name}.png yet: written, check it in`)
    return
  }
  const diff = await difference(png, readFileSync(expectedPath))
  if (diff > PIXEL_TOLERANCE) writeFileSync(actualPath, png)
  else rmSync(actualPath, { force: true })
  expect(diff, `${name}: ${(diff * 100).toFixed(2)}% of pixels differ; see ${actualPath}`).toBeLessThanOrEqual(
    PIXEL_TOLERANCE,
  )
}

describe('golden images', () => {
  for (const s of FIXED_STATES) {
    const whose = s.hand === 'toAct' ? 'the hand of the seat to act' : "seat 1's hand"
    it(`${s.name}: the table and ${whose} look as checked in`, async () => {
      const table = s.table()
      await expectGolden(`${s.name}-table`, (await tableImage(ENGLISH, table))!.png)
      await expectGolden(`${s.name}-hand`, (await handImage(ENGLISH, table, handSeatOf(table, s.hand)))!.png)
    })
  }

  it('cover a joker on the table and in a hand, and lit cards in the hands of Bura and Bugami seats to act', () => {
    const scenes = FIXED_STATES.map((s) => {
      const table = s.table()
      return {
        ...s,
        table: tableSceneOf(ENGLISH, table)!,
        hand: handSceneOf(ENGLISH, table, handSeatOf(table, s.hand))!,
      }
    })
    const jokers = scenes.find((s) => s.name === 'bugami-7p-jokers')!
    expect(jokers.table.centre.flatMap((g) => g.faces).some((f) => f.startsWith('X'))).toBe(true)
    expect(jokers.hand.hand.some((h) => h.card.startsWith('X'))).toBe(true)
    for (const game of ['bura', 'bugami']) {
      const lit = scenes.filter((s) => s.name.startsWith(game) && s.hand.hand.some((h) => h.lit))
      expect(lit.length, `${game}: a hand with lit cards`).toBeGreaterThan(0)
    }
  })

  it('bura-4p-trick in German: German words, and D and B on the queens and jacks', async () => {
    const s = FIXED_STATES.find((f) => f.name === 'bura-4p-trick')!
    const de = langOf('de')
    await expectGolden('bura-4p-trick-de-table', (await tableImage(de, s.table()))!.png)
    await expectGolden('bura-4p-trick-de-hand', (await handImage(de, s.table(), 0))!.png)
  })

  it('draws the same bytes whatever was drawn before (canvases and row buffers are reused)', () => {
    const [a, b] = FIXED_STATES.map((s) => s.table())
    const table = (t: typeof a) => {
      const p = paintTable(tableSceneOf(ENGLISH, t!)!)
      return encodePng(p.rgba, p.width, p.height)
    }
    const hand = (t: typeof a) => {
      const p = paintHand(handSceneOf(ENGLISH, t!, 0)!)
      return encodePng(p.rgba, p.width, p.height)
    }
    const first = [table(a), hand(a)]
    expect(table(b).equals(first[0]!)).toBe(false)
    expect(hand(b).equals(first[1]!)).toBe(false)
    expect(table(a).equals(first[0]!)).toBe(true)
    expect(hand(a).equals(first[1]!)).toBe(true)
  })

  it('notices a change: a different state does not pass for the golden one', async () => {
    const [first, second] = FIXED_STATES
    const other = (await tableImage(ENGLISH, second!.table()))!.png
    expect(await difference(other, readFileSync(join(DIR, `${first!.name}-table.png`)))).toBeGreaterThan(
      PIXEL_TOLERANCE,
    )
  })
})
