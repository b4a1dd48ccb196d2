import { describe, expect, it } from 'vitest'
import { limitViolations } from '../../src/render/limits.js'
import { button, ButtonStyle, ComponentType, row, select, type Payload } from '../../src/render/payload.js'

const ok: Payload = { content: 'hi' }
const btn = (i: number) => button(`t:x:join${i}`, `B${i}`, ButtonStyle.Primary)

describe('Discord limit checker', () => {
  it('accepts a plain message and flags an empty one', () => {
    expect(limitViolations(ok)).toEqual([])
    expect(limitViolations({})).toEqual(['empty message'])
  })

  it('flags text over the limits', () => {
    expect(limitViolations({ content: 'x'.repeat(2001) })).toHaveLength(1)
    expect(limitViolations({ embeds: [{ description: 'x'.repeat(4097) }] }).join()).toMatch(/description/)
    expect(limitViolations({ embeds: [{ fields: [{ name: 'n', value: 'x'.repeat(1025) }] }] }).join()).toMatch(
      /field 0 value/,
    )
    expect(limitViolations({ embeds: [{ fields: [{ name: 'n', value: ' ' }] }] }).join()).toMatch(/blank/)
    const big = Array.from({ length: 2 }, () => ({ description: 'x'.repeat(3500) }))
    expect(limitViolations({ embeds: big }).join()).toMatch(/6000/)
    expect(limitViolations({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }).join()).toMatch(/11 embeds/)
  })

  it('flags rows, buttons and selects out of bounds', () => {
    expect(limitViolations({ components: [row(...[0, 1, 2, 3, 4, 5].map(btn))] }).join()).toMatch(/6 buttons/)
    expect(limitViolations({ components: [0, 1, 2, 3, 4, 5].map((i) => row(btn(i))) }).join()).toMatch(
      /6 component rows/,
    )
    expect(limitViolations({ components: [row(btn(1)), row(btn(1))] }).join()).toMatch(/appears twice/)
    expect(limitViolations({ components: [row(button('x'.repeat(101), 'a'))] }).join()).toMatch(/custom_id/)
    const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `v${i}` }))
    expect(limitViolations({ components: [row(select('s', 'p', opts(26)))] }).join()).toMatch(/26 options/)
    expect(limitViolations({ components: [row(select('s', 'p', opts(3), 2, 4))] }).join()).toMatch(/min\/max/)
    expect(limitViolations({ components: [row(select('s', 'p', opts(3)), btn(1))] }).join()).toMatch(/mixes/)
    expect(limitViolations({ components: [{ type: ComponentType.ActionRow, components: [] }] }).join()).toMatch(/empty/)
    expect(
      limitViolations({
        components: [
          row(
            select('s', 'p', [
              { label: 'a', value: 'v' },
              { label: 'b', value: 'v' },
            ]),
          ),
        ],
      }).join(),
    ).toMatch(/repeats/)
  })

  it('clips labels so builders stay within limits', () => {
    expect(limitViolations({ components: [row(button('id', 'L'.repeat(200)))] })).toEqual([])
  })
})
