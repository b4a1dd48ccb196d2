import { describe, expect, it } from 'vitest'
import { plainUserText, userText } from '../../src/render/user-text.js'

describe("a member's text as the bot writes it", () => {
  it('escapes markdown, masked links, headings and lists', () => {
    // An escaped bracket is no masked link: the address shows as what it is.
    expect(userText('[free nitro](https://example.com)')).toBe('\\[free nitro\\](https://example.com)')
    expect(userText('[free nitro](https://example.com', 31)).toBe('\\[free nitro\\](https://example.co')
    expect(userText('**bold** _it_ ~~s~~ ||spoiler|| `code`')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\`code\\`',
    )
    expect(userText('# big')).toBe('\\# big')
    expect(userText('- item')).toBe('\\- item')
    expect(userText('back\\slash')).toBe('back\\\\slash')
  })

  it('writes no mention: @everyone, @here, users, roles, channels read as typed', () => {
    expect(userText('@everyone')).toBe('\\@everyone')
    expect(userText('hi @here')).toBe('hi \\@here')
    expect(userText('<@123456789012345678>')).toBe('\\<\\@123456789012345678>')
    expect(userText('<#123>')).toBe('\\<#123>')
  })

  it('drops invisible characters and line breaks, and never leaves nothing', () => {
    expect(plainUserText('a\u200bl\u200di\u2060c\ufeffe\u202e')).toBe('alice')
    expect(plainUserText('\u200d👍\u200d')).toBe('👍')
    expect(plainUserText('two\nlines\t here')).toBe('two lines here')
    expect(plainUserText('\u200b\u200b')).toBe('?')
    expect(userText('\u200b', 100, 'someone')).toBe('someone')
  })

  it('cuts a long name between whole emojis', () => {
    const family = '👨‍👩‍👧‍👦'
    const name = `${family.repeat(3)}xyz`
    const cut = plainUserText(name, 2 * family.length + 1)
    expect(cut).toBe(family.repeat(2))
    expect(plainUserText('a'.repeat(40), 32)).toHaveLength(32)
  })
})
