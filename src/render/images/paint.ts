import { createCanvas, type Canvas, type SKRSContext2D } from './canvas.js'
import { font, registerFont } from './font.js'
import { layoutHand } from './hand-layout.js'
import { SCALE, type Item, type Layout, type Measure } from './layout.js'
import { paintCard, paintTag, roundRect } from './paint-card.js'
import { RESOURCES } from '../../i18n/resources.js'
import type { HandScene, TableScene } from './scene.js'
import { layoutTable } from './table-layout.js'

/** Scenes → layouts → pixels, `SCALE` pixels a point. Flat colours only: they draw fast and compress small. */

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

/** Texts are written in the condensed cut at the scaled size: the layout measures them the same way. */
const textFont = (size: number, bold: boolean) => font(Math.round(size * SCALE), bold, true)

let measurer: SKRSContext2D | null = null

/** Measures texts in points, as the painter will draw them. */
export const measure: Measure = (text, size, bold) => {
  registerFont()
  measurer ??= createCanvas(1, 1).getContext('2d')
  measurer.font = textFont(size, bold)
  return measurer.measureText(text).width / SCALE
}

const px = (v: number) => Math.round(v * SCALE)

function paintItem(g: SKRSContext2D, layout: Layout, item: Item): void {
  switch (item.kind) {
    case 'text':
      g.fillStyle = item.colour
      g.font = textFont(item.size, item.bold)
      g.textAlign = item.align
      g.textBaseline = 'top'
      return g.fillText(item.text, px(item.x), px(item.y))
    case 'card':
      return paintCard(g, layout.locale, item.face, px(item.x), px(item.y), px(item.w), item.lit)
    case 'tag':
      return paintTag(g, layout.locale, item.face, px(item.x), px(item.y), px(item.w), px(item.h))
    case 'badge': {
      const { x, y, w, h } = item.rect
      roundRect(g, px(x), px(y), px(w), px(h), px(7))
      g.fillStyle = item.out ? 'rgba(0,0,0,0.25)' : 'rgba(0,0,0,0.5)'
      g.fill()
      if (!item.acting) return
      g.lineWidth = px(2)
      g.strokeStyle = '#ffd54f'
      return g.stroke()
    }
    case 'chip':
      return paintChip(g, px(item.cx), px(item.cy), px(item.r))
    case 'disc':
      g.beginPath()
      g.arc(px(item.cx), px(item.cy), px(item.r), 0, 2 * Math.PI)
      g.fillStyle = '#ffffff'
      return g.fill()
  }
}

/** A poker chip: a red disc with a white dashed rim. */
function paintChip(g: SKRSContext2D, cx: number, cy: number, r: number): void {
  g.beginPath()
  g.arc(cx, cy, r, 0, 2 * Math.PI)
  g.fillStyle = '#d84343'
  g.fill()
  g.beginPath()
  g.arc(cx, cy, r * 0.72, 0, 2 * Math.PI)
  g.setLineDash([r * 0.45, r * 0.45])
  g.lineWidth = r * 0.28
  g.strokeStyle = '#ffffff'
  g.stroke()
  g.setLineDash([])
}

function paintLayout(layout: Layout, background: (g: SKRSContext2D, w: number, h: number) => void): Pixels {
  const width = px(layout.width)
  const height = px(layout.height)
  const canvas = canvasOf(width, height)
  const g = canvas.getContext('2d')
  background(g, width, height)
  for (const item of layout.items) paintItem(g, layout, item)
  return pixelsOf(canvas)
}

export function tableLayoutOf(scene: TableScene): Layout {
  return layoutTable(scene, measure, RESOURCES[scene.locale].cards.dealerButton)
}

export function handLayoutOf(scene: HandScene): Layout {
  return layoutHand(scene, measure)
}

export function paintTable(scene: TableScene): Pixels {
  return paintLayout(tableLayoutOf(scene), (g, w, h) => {
    g.fillStyle = FELT_EDGE
    g.fillRect(0, 0, w, h)
    g.beginPath()
    g.ellipse(w / 2, h / 2, w / 2 - px(4), h / 2 - px(4), 0, 0, 2 * Math.PI)
    g.fillStyle = FELT
    g.fill()
  })
}

export function paintHand(scene: HandScene): Pixels {
  return paintLayout(handLayoutOf(scene), (g, w, h) => {
    g.fillStyle = FELT
    g.fillRect(0, 0, w, h)
  })
}
