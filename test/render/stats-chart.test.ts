import { loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { renderStats, statsChart } from '../../src/messages/stats.js'

const history = {
  ratings: [
    { game: 'bura', values: [1012, 1040, 1031, 1087] },
    { game: 'bugami', values: [990] },
  ],
  balance: [1000, 950, 1340, 1200],
}

describe("/stats's chart", () => {
  it('draws ratings and the chip balance as a PNG and tells the same in its alt text', async () => {
    const chart = statsChart(ENGLISH, history)!
    expect(chart.name).toMatch(/^stats-[0-9a-f]{16}\.png$/)
    const image = await loadImage(chart.attachment)
    expect(image.width).toBe(720)
    expect(image.height).toBe(520)
    expect(chart.description).toBe(
      'Bura rating over the last 4 rated results: from 1,012 to 1,087, highest 1,087. ' +
        'Bugami rating after 1 rated result: 990. ' +
        'Chip balance over the last 4 changes: from 1,000 to 1,200, highest 1,340.',
    )
    const payload = renderStats(ENGLISH, '1', [], false, chart)
    expect(payload.embeds![0]!.image?.url).toBe(`attachment://${chart.name}`)
    expect(payload.files).toEqual([chart])
  })

  it('says it in German too, and draws nothing without history', () => {
    const de = langOf('de')
    expect(statsChart(de, history)!.description).toContain(
      'Chip-Stand über die letzten 4 Bewegungen: von 1.000 auf 1.200',
    )
    expect(statsChart(ENGLISH, { ratings: [], balance: [] })).toBeNull()
    expect(statsChart(ENGLISH, { ratings: [], balance: [1000] })).toBeNull()
  })

  it('draws the same PNG for the same history', () => {
    expect(statsChart(ENGLISH, history)!.attachment.equals(statsChart(ENGLISH, history)!.attachment)).toBe(true)
  })
})
