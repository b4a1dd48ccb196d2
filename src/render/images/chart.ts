import { createCanvas } from './canvas.js'
import { font, registerFont } from './font.js'
import { encodePng } from './png.js'

/**
 * `/stats`'s chart (docs/ratings.md, "Charts"): panels of line series, each panel with its title,
 * its value range on the left and a legend; drawn with the same canvas and font as the cards.
 * Pure apart from the canvas: the same series give the same PNG.
 */

export interface ChartSeries {
  /** The legend's name (a game's title, the same in every language). */
  readonly name: string
  /** Oldest first. */
  readonly values: readonly number[]
}

export interface ChartPanel {
  readonly title: string
  readonly series: readonly ChartSeries[]
}

const WIDTH = 720
const PANEL_HEIGHT = 260
const PAD = { left: 70, right: 20, top: 40, bottom: 24 }
const COLOURS = ['#2e7dd7', '#d9822b', '#2f9e44', '#c2255c']
const BACKGROUND = '#ffffff'
const GRID = '#e3e6ea'
const INK = '#1f2329'

export function chartPng(panels: readonly ChartPanel[]): Buffer {
  registerFont()
  const height = PANEL_HEIGHT * panels.length
  const canvas = createCanvas(WIDTH, height)
  const g = canvas.getContext('2d')
  g.fillStyle = BACKGROUND
  g.fillRect(0, 0, WIDTH, height)
  panels.forEach((panel, i) => {
    const top = i * PANEL_HEIGHT
    const all = panel.series.flatMap((s) => s.values)
    let lo = Math.min(...all)
    let hi = Math.max(...all)
    if (lo === hi) [lo, hi] = [lo - 1, hi + 1]
    const x0 = PAD.left
    const x1 = WIDTH - PAD.right
    const y0 = top + PAD.top
    const y1 = top + PANEL_HEIGHT - PAD.bottom
    const y = (v: number) => y1 - ((v - lo) / (hi - lo)) * (y1 - y0)
    g.fillStyle = INK
    g.font = font(16, true)
    g.textBaseline = 'alphabetic'
    g.fillText(panel.title, x0, top + 24)
    g.font = font(12)
    g.strokeStyle = GRID
    g.lineWidth = 1
    for (const v of [lo, (lo + hi) / 2, hi]) {
      g.beginPath()
      g.moveTo(x0, y(v))
      g.lineTo(x1, y(v))
      g.stroke()
      const label = Math.round(v).toLocaleString('en-US')
      g.fillText(label, x0 - 8 - g.measureText(label).width, y(v) + 4)
    }
    let legendX = x1
    panel.series.forEach((s, k) => {
      const colour = COLOURS[k % COLOURS.length]!
      const n = s.values.length
      const x = (j: number) => (n === 1 ? (x0 + x1) / 2 : x0 + (j / (n - 1)) * (x1 - x0))
      g.strokeStyle = colour
      g.fillStyle = colour
      g.lineWidth = 3
      g.beginPath()
      s.values.forEach((v, j) => (j === 0 ? g.moveTo(x(j), y(v)) : g.lineTo(x(j), y(v))))
      g.stroke()
      const last = s.values[n - 1]!
      g.beginPath()
      g.arc(x(n - 1), y(last), 4, 0, 2 * Math.PI)
      g.fill()
      legendX -= g.measureText(s.name).width + 28
      g.fillRect(legendX, top + 14, 12, 12)
      g.fillStyle = INK
      g.fillText(s.name, legendX + 16, top + 24)
    })
  })
  return encodePng(g.getImageData(0, 0, WIDTH, height).data, WIDTH, height)
}
