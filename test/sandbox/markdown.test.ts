import { describe, expect, it } from 'vitest'
import { markdown, type Reader } from '../../src/sandbox/page/markdown.js'

const reader = (locale: string): Reader => ({ names: new Map([['7', 'bob']]), me: '1', locale })

describe('the sandbox page markdown', () => {
  it('shows a custom emoji by its name, as on buttons, and keeps the bold card beside it', () => {
    expect(markdown('<:card_KD:123> **K♦** and <a:card_X1:9> Joker 1', reader('en-US'))).toBe(
      ':card_KD: <strong>K♦</strong> and :card_X1: Joker 1',
    )
  })

  it("writes a timestamp in the reader's language, as their Discord client does", () => {
    const inTwelveHours = Math.round(Date.now() / 1000) + 12 * 3600
    const text = `<@7>, automatic move <t:${inTwelveHours}:R>`
    expect(markdown(text, reader('en-US'))).toMatch(
      /<discord-mention>bob<\/discord-mention>, automatic move <time[^>]*>in 12 hours<\/time>$/,
    )
    expect(markdown(text, reader('de'))).toMatch(/<time[^>]*>in 12 Stunden<\/time>$/)
    const at = new Date(inTwelveHours * 1000)
    expect(markdown(`<t:${inTwelveHours}:f>`, reader('de'))).toContain(`>${at.toLocaleString('de')}</time>`)
  })
})
