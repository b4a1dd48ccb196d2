import { describe, expect, it } from 'vitest'
import { markdown, type Reader } from '../../src/sandbox/page/markdown.js'

const CDN = 'http://127.0.0.1:9'
const reader = (locale: string): Reader => ({ names: new Map([['7', 'bob']]), me: '1', locale, cdn: CDN })

describe('the sandbox page markdown', () => {
  it("draws a custom emoji as its image from the CDN, as Discord's client does, the bold card beside it", () => {
    const img = (name: string, file: string) =>
      `<img class="emoji" src="${CDN}/emojis/${file}" alt=":${name}:" title=":${name}:" draggable="false">`
    expect(markdown('<:card_KD:123> **K♦** and <a:card_X1:9> Joker 1', reader('en-US'))).toBe(
      `${img('card_KD', '123.png')} <strong>K♦</strong> and ${img('card_X1', '9.gif')} Joker 1`,
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
